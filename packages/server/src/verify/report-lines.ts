import type { Language, VerifiedSignature, VerifyResult } from '@esign/contract';
import { reportTexts, type ReportTexts } from './report-texts.ts';

/** What the report says of the file besides its signatures. */
export interface ReportSubject {
  fileName: string;
  sha256: string;
  checkedAt: Date;
  timeZone: string;
}

function timeFormat(texts: ReportTexts, timeZone: string) {
  const format = new Intl.DateTimeFormat(texts.locale, {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : texts.none);
}

function coverage(signature: VerifiedSignature, texts: ReportTexts): string[] {
  if (signature.CoversWholeDocument) return [texts.coversWholeDocument];
  const count = (kind: VerifiedSignature['LaterChanges'][number]['Kind']) =>
    signature.LaterChanges.filter((change) => change.Kind === kind).length;
  const allowed = [
    ...(count('Signature') ? [texts.signatures(count('Signature'))] : []),
    ...(count('DocumentTimestamp') ? [texts.documentTimestamps(count('DocumentTimestamp'))] : []),
    ...(count('ValidationData') ? [texts.validationData] : []),
    ...(count('EmbeddedFile') ? [texts.embeddedFile] : []),
  ];
  if (allowed.length === 0 && count('Other') === 0) return [texts.addedNothing];
  return [
    ...(allowed.length
      ? [
          texts.addedAfter(
            new Intl.ListFormat(texts.locale, { type: 'conjunction' }).format(allowed),
          ),
        ]
      : []),
    ...(count('Other') ? [texts.otherChanges(count('Other'))] : []),
  ];
}

function signatureLines(
  signature: VerifiedSignature,
  title: string,
  texts: ReportTexts,
  time: (iso: string | null) => string,
): string[] {
  const isStamp = signature.Kind === 'DocumentTimestamp';
  const level = signature.PortalLevel ? texts.levels[signature.PortalLevel] : texts.unknownLevel;
  const pades = signature.PadesLevel ? texts.padesLevels[signature.PadesLevel] : texts.noPadesLevel;
  return [
    '',
    title,
    `${isStamp ? texts.timestampAuthority : texts.signer}: ${signature.Signer ?? texts.none}`,
    ...(isStamp ? [] : [`${texts.claimedTime}: ${time(signature.ClaimedTime)}`]),
    `${texts.timestampTime}: ${time(signature.TimestampTime)}`,
    ...(isStamp ? [] : [`${texts.level}: ${level}`, `${texts.padesLevel}: ${pades}`]),
    signature.Intact ? texts.intact : texts.broken,
    ...coverage(signature, texts),
    signature.ChainTrusted ? texts.chainTrusted : texts.chainNotTrusted,
    `${texts.revocation}: ${texts.revocations[signature.Revocation]}`,
  ];
}

/** The report's heading and paragraphs in `language`: the file, the verdict, each signature. */
export function reportLines(
  result: VerifyResult,
  subject: ReportSubject,
  language: Language,
): { heading: string; lines: string[] } {
  const texts = reportTexts[language];
  const time = timeFormat(texts, subject.timeZone);
  let signatures = 0;
  let stamps = 0;
  const perSignature = result.Signatures.flatMap((signature) => {
    const title =
      signature.Kind === 'DocumentTimestamp'
        ? texts.documentTimestamp((stamps += 1))
        : texts.signature((signatures += 1));
    return signatureLines(signature, title, texts, time);
  });
  return {
    heading: texts.heading,
    lines: [
      `${texts.file}: ${subject.fileName}`,
      `${texts.fingerprint}: ${subject.sha256}`,
      `${texts.checkedAt}: ${time(subject.checkedAt.toISOString())}`,
      '',
      texts.verdicts[result.Verdict],
      ...perSignature,
    ],
  };
}
