import type { SignerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { SignerProgress } from './signer-progress.tsx';

/** The level explained in plain words, and the signers' progress. */
export function RequestDetails({ task }: { task: SignerTask }) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t('signing.request.details')} className="signing-details">
      <section aria-labelledby="signing-level-heading" className="mb-4">
        <h2 id="signing-level-heading" className="h5">
          {t('signing.level.heading')}
        </h2>
        <p className="mb-0" data-testid="signing-level" data-level={task.SignatureLevel}>
          {t(`signing.level.${task.SignatureLevel}`)}
        </p>
      </section>
      <SignerProgress task={task} />
    </aside>
  );
}
