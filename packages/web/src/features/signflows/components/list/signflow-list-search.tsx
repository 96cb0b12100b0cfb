import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

const debounceMs = 300;

interface SignFlowListSearchProps {
  value: string;
  onSearch: (text: string) => void;
}

/** The search box: searches a moment after typing stops, or at once on Enter. */
export function SignFlowListSearch({ value, onSearch }: SignFlowListSearchProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);

  // The URL can change under the box (back, a view link); then the box follows it.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== value) onSearch(text.trim());
  };

  return (
    <form role="search" onSubmit={handleSubmit} className="signflow-list__search">
      <label htmlFor={inputId} className="form-label">
        {t('signflow.list.search')}
      </label>
      <input
        id={inputId}
        type="search"
        className="form-control"
        value={text}
        placeholder={t('signflow.list.searchPlaceholder')}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        data-testid="signflow-search"
      />
    </form>
  );
}
