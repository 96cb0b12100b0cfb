import type { DevMailMessage } from '@esign/contract';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatListTime } from '../utils/dev-mail-view.ts';

interface DevMailListProps {
  messages: DevMailMessage[];
  openId: string | undefined;
  onOpen: (id: string, how: 'pointer' | 'keys') => void;
  labelId: string;
  hintId: string;
}

/**
 * The messages, newest first, one compact row each (recipient, time, subject). One stop for
 * Tab: the open message's row; the arrow keys, Home and End move between rows and open them.
 */
export function DevMailList({ messages, openId, onOpen, labelId, hintId }: DevMailListProps) {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const rows = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = messages.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, last)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const message = messages[target];
    if (message === undefined) return;
    onOpen(message.Id, 'keys');
    rows.current[target]?.focus();
  };

  return (
    <ul
      className="list-group dev-mail-list"
      aria-labelledby={labelId}
      aria-describedby={hintId}
      data-testid="dev-mail-list"
    >
      {messages.map((message, index) => {
        const open = message.Id === openId;
        return (
          <li key={message.Id} className="list-group-item p-0">
            <button
              type="button"
              ref={(element) => {
                rows.current[index] = element;
              }}
              className="dev-mail-list__row"
              aria-current={open ? 'true' : undefined}
              tabIndex={open ? 0 : -1}
              onClick={() => onOpen(message.Id, 'pointer')}
              onKeyDown={(event) => move(event, index)}
              data-testid="dev-mail-row"
            >
              <span className="dev-mail-list__line">
                <span className="dev-mail-list__to">{message.To}</span>
                <time className="dev-mail-list__time" dateTime={message.SentAt}>
                  {formatListTime(message.SentAt, i18n.language, timeZone)}
                </time>
              </span>
              <span className="dev-mail-list__subject">{message.Subject}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
