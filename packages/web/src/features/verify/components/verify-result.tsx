import type { VerifyResult } from '@esign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SignatureCard } from './signature-card.tsx';
import { VerdictSummary } from './verdict-summary.tsx';

interface VerifyResultViewProps {
  result: VerifyResult;
  fileName: string;
}

/**
 * The verdict and a card per signature and document time stamp, in the file's order. Focus
 * moves to its heading when it appears, so a screen reader reads the verdict next.
 */
export function VerifyResultView({ result, fileName }: VerifyResultViewProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [result]);
  // Signatures and time stamps are numbered each on their own, in the file's order.
  const titled = result.Signatures.map((signature, index) => {
    const n = result.Signatures.slice(0, index + 1).filter(
      (earlier) => earlier.Kind === signature.Kind,
    ).length;
    const title =
      signature.Kind === 'DocumentTimestamp'
        ? t('verify.signature.timestampTitle', { n })
        : t('verify.signature.title', { n });
    return { signature, title };
  });
  return (
    <section className="mt-4" data-testid="verify-result" aria-labelledby="verify-result-heading">
      <h2
        id="verify-result-heading"
        ref={headingRef}
        tabIndex={-1}
        className="h3 text-break verify-result-heading"
      >
        {t('verify.resultHeading', { name: fileName })}
      </h2>
      <VerdictSummary verdict={result.Verdict} />
      {titled.map(({ signature, title }) => (
        <SignatureCard key={title} signature={signature} title={title} />
      ))}
    </section>
  );
}
