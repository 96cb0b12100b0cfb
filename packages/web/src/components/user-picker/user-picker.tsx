import type { UserListItem } from '@esign/contract';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { matchUsers } from './user-filter.ts';
import './user-picker.css';

export interface UserPickerProps {
  /** The users to choose from (the portal's user list). */
  users: readonly UserListItem[];
  /** Those already chosen, left out of the matches. */
  isExcluded: (user: UserListItem) => boolean;
  onChoose: (user: UserListItem) => void;
  label: string;
  placeholder: string;
  /** What a screen reader hears as the matches change (and what is shown when none match). */
  describeMatches: (count: number) => string;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/**
 * A combobox that filters users as one types: arrow keys move in the list, Enter chooses the
 * highlighted user (or the only match) and never submits the form, Escape closes the list and
 * then clears the text; the number of matches is announced.
 */
export function UserPicker({
  users,
  isExcluded,
  onChoose,
  label,
  placeholder,
  describeMatches,
  inputRef,
  testId,
}: UserPickerProps) {
  const inputId = useId();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = open ? matchUsers(users, query, isExcluded) : [];
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
    <Form.Group className="user-picker mb-3">
      <Form.Label htmlFor={inputId}>{label}</Form.Label>
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
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(query !== '')}
        onBlur={close}
        onKeyDown={handleKeyDown}
        data-testid={testId}
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
        {searched ? describeMatches(matches.length) : ''}
      </div>
      {searched && matches.length === 0 && (
        <div className="form-text" aria-hidden="true">
          {describeMatches(0)}
        </div>
      )}
    </Form.Group>
  );
}
