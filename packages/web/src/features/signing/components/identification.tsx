import type { SignerTask } from '@esign/contract';
import { useTranslation } from 'react-i18next';
import { CodeIdentification } from './code-identification.tsx';
import { StrongIdentification } from './strong-identification.tsx';

/** The step before the document: the signer proves who they are at the level the flow asks. */
export function Identification({ token, task }: { token: string; task: SignerTask }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="signing-identify-heading" className="signing-panel mb-4">
      <h2 id="signing-identify-heading" className="h4">
        {t('signing.identify.heading')}
      </h2>
      {task.SignatureLevel === 'Advanced' ? (
        <StrongIdentification token={token} />
      ) : (
        <CodeIdentification token={token} task={task} />
      )}
    </section>
  );
}
