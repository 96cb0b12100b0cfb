import { useTranslation } from 'react-i18next';
import { translateIssue, type IssueMessage } from './signflow-edit-issues.ts';
import type { Notice } from './signflow-edit-notices.ts';

/** The id of a field's input and of its message, from the field's path (Signers.0.Email). */
export function fieldIds(path: string) {
  const base = `signflow-${path.replaceAll('.', '-')}`;
  return { inputId: base, errorId: `${base}-error` };
}

/** The attributes that tie an input to its message: aria-invalid and aria-describedby. */
export function invalidProps(path: string, issue: IssueMessage | undefined, describedBy?: string) {
  const ids = [issue !== undefined ? fieldIds(path).errorId : undefined, describedBy].filter(
    (id): id is string => id !== undefined,
  );
  return {
    'aria-invalid': issue !== undefined ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

/** A field's message under it; nothing when the field is fine. */
export function FieldErrorText({ path, issue }: { path: string; issue: IssueMessage | undefined }) {
  const { t } = useTranslation();
  if (issue === undefined) return null;
  return (
    <div
      id={fieldIds(path).errorId}
      className="invalid-feedback d-block"
      data-testid={`field-error-${path}`}
    >
      {translateIssue(t, issue)}
    </div>
  );
}

/** The messages of an area such as the file to sign or the attachments; a file's message names it. */
export function NoticeList({ area, notices }: { area: string; notices: Notice[] | undefined }) {
  const { t } = useTranslation();
  if (notices === undefined || notices.length === 0) return null;
  const texts = notices.map((notice) => {
    const message = translateIssue(t, notice.issue);
    return notice.fileName
      ? t('signflow.edit.fileProblem', { name: notice.fileName, message })
      : message;
  });
  return (
    <div
      id={fieldIds(area).errorId}
      className="invalid-feedback d-block"
      data-testid={`field-error-${area}`}
    >
      {texts.length === 1 ? (
        texts[0]
      ) : (
        <ul className="mb-0 ps-3">
          {texts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
