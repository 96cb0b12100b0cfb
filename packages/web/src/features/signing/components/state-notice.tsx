import type { SignerTask } from '@esign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/common-config.ts';
import { formatDateTime } from '../utils/format.ts';
import type { StateNotice as Notice } from '../utils/task-state.ts';

interface StateNoticeProps {
  notice: Notice;
  task: SignerTask;
  /** Moves focus to the notice, so that the outcome of signing or rejecting is read out. */
  takeFocus: boolean;
}

function useNoticeTexts(notice: Notice, completedAt: string | null) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  if (notice.kind === 'notYourTurn')
    return {
      title: t('signing.state.NotYourTurn.title'),
      text: t('signing.state.NotYourTurn.text'),
    };
  if (notice.kind === 'ended')
    return { title: t('signing.state.ended'), text: t(`signing.state.${notice.state}`) };
  const time = formatDateTime(completedAt, i18n.language, timeZone);
  return {
    title: t(`signing.state.${notice.state}.title`),
    text:
      time === null
        ? t(`signing.state.${notice.state}.undated`)
        : t(`signing.state.${notice.state}.text`, { time }),
  };
}

/** Where the task stands when the signer cannot act: not their turn, done, or ended. */
export function StateNotice({ notice, task, takeFocus }: StateNoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { title, text } = useNoticeTexts(notice, task.CompletedAt);

  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);

  return (
    <section
      className={`alert alert-${notice.tone} signing-notice`}
      aria-labelledby="signing-notice-heading"
      data-testid="signing-state"
      data-state={task.State}
    >
      <h2 id="signing-notice-heading" ref={headingRef} tabIndex={-1} className="h4 alert-heading">
        {title}
      </h2>
      <p className="mb-0">{text}</p>
    </section>
  );
}
