import type { UserListItem } from '@esign/contract';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../api/list-users.ts';
import { filterCandidates } from '../utils/member-filter.ts';

interface GroupMemberPickerProps {
  memberIds: string[];
  onChoose: (user: UserListItem) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * 'Add a user': a combobox that filters the portal's users as one types; arrow keys move in
 * the list, Enter adds (never submits the form), Escape closes.
 */
export function GroupMemberPicker({ memberIds, onChoose, inputRef }: GroupMemberPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const listId = useId();
  const users = useUsers();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = open ? filterCandidates(users.data ?? [], query, memberIds) : [];
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
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (matches.length > 0) setActive((active + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const user = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
      if (user !== undefined) choose(user);
    } else if (event.key === 'Escape' && (open || query !== '')) {
      event.preventDefault();
      if (open) close();
      else setQuery('');
    }
  };

  const expanded = open && matches.length > 0;
  const searched = open && query !== '';
  return (
    <Form.Group className="group-member-picker mb-3">
      <Form.Label htmlFor={inputId}>{t('groups.addUser')}</Form.Label>
      <Form.Control
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('groups.searchUsers')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(query !== '')}
        onBlur={close}
        onKeyDown={handleKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        className="group-member-picker__list list-group"
        hidden={!expanded}
      >
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
            <span className="group-member-picker__email">{user.Email}</span>
          </li>
        ))}
      </ul>
      <div className="visually-hidden" role="status">
        {searched
          ? matches.length === 0
            ? t('groups.noUsersFound')
            : t('groups.usersFound', { count: matches.length })
          : ''}
      </div>
      {searched && matches.length === 0 && (
        <div className="form-text" aria-hidden="true">
          {t('groups.noUsersFound')}
        </div>
      )}
    </Form.Group>
  );
}
