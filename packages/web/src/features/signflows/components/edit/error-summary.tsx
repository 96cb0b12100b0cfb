import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** One problem the form shows: where it is (to focus) and what it says. */
export interface SummaryItem {
  target: HTMLElement;
  text: string;
}

const invalidSelector = '[aria-invalid="true"], [data-invalid="true"]';

/** The visible text of the elements an attribute names by id (aria-describedby and the like). */
function textOfIds(ids: string | null, keep: (id: string) => boolean): string {
  return (ids ?? '')
    .split(/\s+/)
    .filter((id) => id !== '' && keep(id))
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter((text) => text !== '')
    .join(' ');
}

/**
 * Which of several alike fields it is: "Signer 2, E-mail address" for a field in a group with
 * a legend. Other fields' messages name their field themselves.
 */
function nameOf(element: HTMLElement): string {
  const legend = element.closest('fieldset')?.querySelector(':scope > legend')?.textContent?.trim();
  if (!legend) return '';
  const label =
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
      ? element.labels?.[0]?.textContent?.trim()
      : undefined;
  return label ? `${legend}, ${label}` : legend;
}

/** Every field in the form that shows a problem, in the order the screen shows them. */
export function collectProblems(form: HTMLElement): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const target of form.querySelectorAll<HTMLElement>(invalidSelector)) {
    const message = textOfIds(target.getAttribute('aria-describedby'), (id) =>
      id.endsWith('-error'),
    );
    if (message === '') continue;
    const name = nameOf(target);
    items.push({ target, text: name === '' ? message : `${name}: ${message}` });
  }
  return items;
}

/**
 * The problems of the last submit, gathered from the fields once their messages show; the
 * summary takes the focus so that a screen reader reads it first.
 */
export function useErrorSummary(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  const [items, setItems] = useState<SummaryItem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request === 0) return;
    // The form's own messages and the server's arrive a render after the submit.
    const frame = requestAnimationFrame(() => {
      const form = formRef.current;
      if (form) setItems(collectProblems(form));
    });
    return () => cancelAnimationFrame(frame);
  }, [request, formRef]);
  useEffect(() => {
    if (items.length > 0) summaryRef.current?.focus();
  }, [items]);
  return {
    items,
    summaryRef,
    show: () => setRequest((count) => count + 1),
    clear: () => setItems([]),
  };
}

interface ErrorSummaryProps {
  items: SummaryItem[];
  summaryRef: RefObject<HTMLDivElement | null>;
}

/** The list of what stops a save or a send, each a link to its field. */
export function ErrorSummary({ items, summaryRef }: ErrorSummaryProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-heading"
      className="alert alert-danger error-summary"
      data-testid="error-summary"
    >
      <h2 id="error-summary-heading" className="h5">
        {t('signflow.edit.errorSummary', { count: items.length })}
      </h2>
      <ul className="mb-0">
        {items.map((item, index) => (
          <li key={index}>
            <a
              href={item.target.id ? `#${item.target.id}` : '#'}
              className="alert-link"
              onClick={(event) => {
                event.preventDefault();
                item.target.scrollIntoView({ block: 'center' });
                item.target.focus();
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
