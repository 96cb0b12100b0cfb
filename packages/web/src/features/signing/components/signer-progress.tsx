import type { SignerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { signedCount } from '../utils/task-state.ts';

const statusClass = {
  Unsigned: 'text-bg-light border',
  Signed: 'text-bg-success',
  Rejected: 'text-bg-danger',
} as const;

/** Who signs, in order, and how far each has got; the signer's own row says 'you'. */
export function SignerProgress({ task }: { task: SignerTask }) {
  const { t } = useTranslation();
  const List = task.SignatureProcess === 'Sequential' ? 'ol' : 'ul';

  return (
    <section aria-labelledby="signing-signers-heading" className="mb-4">
      <h2 id="signing-signers-heading" className="h5">
        {t('signing.signers.heading')}
      </h2>
      <p className="small text-body-secondary mb-2">
        {t(`signing.signers.${task.SignatureProcess}`)}{' '}
        {t('signing.signers.progress', {
          signed: signedCount(task.Signers),
          total: task.Signers.length,
        })}
      </p>
      <List className="signing-signers" data-testid="signing-signers">
        {task.Signers.map((signer, index) => (
          <li
            key={index}
            className="signing-signers__item"
            aria-current={signer.IsYou || undefined}
          >
            <span className={signer.IsYou ? 'fw-semibold text-break' : 'text-break'}>
              {signer.IsYou ? t('signing.signers.you', { name: signer.Name }) : signer.Name}
            </span>
            <span className={`badge ${statusClass[signer.Status]}`}>
              {t(`signing.signers.status.${signer.Status}`)}
            </span>
          </li>
        ))}
      </List>
    </section>
  );
}
