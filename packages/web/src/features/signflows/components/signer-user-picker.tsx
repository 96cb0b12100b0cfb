import type { UserListItem } from '@esign/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../api/list-users.ts';
import { filterUsers } from './signer-user-filter.ts';

interface SignerUserPickerProps {
  signerEmails: string[];
  onChoose: (user: UserListItem) => void;
}

/**
 * 'Add signer from existing users': a combobox that filters the portal's users as one types;
 * arrow keys move in the list, Enter adds, Escape closes.
 */
export function SignerUserPicker({ signerEmails, onChoose }: SignerUserPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const listId = useId();
  const users = useUsers();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = open ? filterUsers(users.data ?? [], query, signerEmails) : [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (user: UserListItem) => {
    onChoose(user);
    setQuery('');
    close();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (matches.length > 0) setActive((active + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      // Enter picks a user; it never submits the form from here.
      event.preventDefault();
      const user = matches[active];
      if (user !== undefined) choose(user);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      } else if (query !== '') {
        setQuery('');
      }
    }
  };

  const expanded = open && matches.length > 0;
  return (
    <Form.Group className="user-picker mb-3">
      <Form.Label htmlFor={inputId}>{t('signflow.edit.actions.addSignerFromUsers')}</Form.Label>
      <Form.Control
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('signflow.edit.signers.searchPlaceholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(query !== '')}
        onBlur={close}
        onKeyDown={handleKeyDown}
        data-testid="add-existing-user"
      />
      <ul id={listId} role="listbox" className="user-picker__list list-group" hidden={!expanded}>
        {matches.map((user, index) => (
          <li
            key={user.Id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
            // Keeps the focus in the input, so the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(user)}
          >
            <span className="fw-semibold">{user.DisplayName}</span>{' '}
            <span className="user-picker__email">{user.Email}</span>
          </li>
        ))}
      </ul>
      <div className="visually-hidden" role="status">
        {open && query !== ''
          ? matches.length === 0
            ? t('signflow.edit.signers.noUsersFound')
            : t('signflow.edit.signers.usersFound', { count: matches.length })
          : ''}
      </div>
      {open && query !== '' && matches.length === 0 && (
        <div className="form-text" aria-hidden="true">
          {t('signflow.edit.signers.noUsersFound')}
        </div>
      )}
    </Form.Group>
  );
}
