import type { VerifyVerdict } from '@esign/contract';
import { useTranslation } from 'react-i18next';

const variants: Record<VerifyVerdict, string> = {
  Valid: 'success',
  Invalid: 'danger',
  Unsigned: 'secondary',
  Indeterminate: 'warning',
};

/** The file's verdict in one line a non-expert understands. */
export function VerdictSummary({ verdict }: { verdict: VerifyVerdict }) {
  const { t } = useTranslation();
  return (
    <div
      className={`alert alert-${variants[verdict]}`}
      data-testid="verify-verdict"
      data-verdict={verdict}
    >
      <p className="mb-0">
        <strong className="d-block fs-5 mb-1">{t(`verify.verdict.${verdict}.title`)}</strong>
        {t(`verify.verdict.${verdict}.text`)}
      </p>
    </div>
  );
}
