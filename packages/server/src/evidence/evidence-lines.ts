import { SignatureLevel, type Language } from '@esign/contract';
import type { SignedIdentity } from '../signing/signer-session.ts';
import { evidenceTexts, levelNames, type EvidenceTexts } from './evidence-texts.ts';

/** One signer as the evidence shows them: who, how identified, when, from where. */
export interface EvidenceSigner {
  name: string;
  email: string;
  level: string | null;
  identity: SignedIdentity | null;
  signedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface EvidenceEvent {
  occurredAt: string;
  operation: string;
  actor: string | null;
  hash: string;
}

/** Everything the evidence report says of a finished flow. */
export interface EvidenceSubject {
  flowName: string;
  fileName: string;
  originalSha256: string;
  signedSha256: string;
  signers: EvidenceSigner[];
  events: EvidenceEvent[];
  writtenAt: Date;
  timeZone: string;
}

/**
 * The birth-date part of a Finnish personal identity code (DDMMYY and the century sign),
 * the rest masked; anything else is masked whole. The full code never reaches the report.
 */
export function maskIdentityCode(code: string): string {
  const match = /^(\d{6}[-+A-FU-Y])[0-9A-Z]{4}$/i.exec(code.trim());
  return match ? `${match[1]?.toUpperCase()}****` : '****';
}

function identification(identity: SignedIdentity | null, texts: EvidenceTexts): string[] {
  if (!identity) return [`${texts.identified}: ${texts.none}`];
  if (identity.method === 'email-code') return [`${texts.identified}: ${texts.emailCode}`];
  if (identity.method === 'oidc')
    return [
      `${texts.identified}: ${texts.strongLogin(identity.issuer ?? texts.none)}`,
      ...(identity.personalIdentityCode
        ? [`${texts.identityCode}: ${maskIdentityCode(identity.personalIdentityCode)}`]
        : []),
    ];
  return [
    `${texts.identified}: ${texts.trustService(identity.issuer ?? texts.none, identity.subject ?? texts.none)}`,
  ];
}

/** The report's heading and paragraphs in `language`: the flow, the hashes, each signer, the trail. */
export function evidenceLines(
  subject: EvidenceSubject,
  language: Language,
): { heading: string; lines: string[] } {
  const texts = evidenceTexts[language];
  const format = new Intl.DateTimeFormat(texts.locale, {
    timeZone: subject.timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const time = (iso: string | null) => (iso ? `${format.format(new Date(iso))}` : texts.none);
  const levels = levelNames(language);
  const levelOf = (level: string | null) => {
    const parsed = SignatureLevel.safeParse(level);
    return parsed.success ? levels[parsed.data] : (level ?? texts.none);
  };
  const signerLines = subject.signers.flatMap((signer, index) => [
    '',
    `${index + 1}. ${signer.identity?.name ?? signer.name}`,
    `${texts.email}: ${signer.identity?.email ?? signer.email}`,
    `${texts.level}: ${levelOf(signer.level)}`,
    ...identification(signer.identity, texts),
    `${texts.signedAt}: ${time(signer.signedAt)}`,
    `${texts.ipAddress}: ${signer.ip ?? texts.none}`,
    `${texts.userAgent}: ${signer.userAgent ?? texts.none}`,
  ]);
  const head = subject.events.at(-1)?.hash ?? texts.none;
  return {
    heading: texts.heading,
    lines: [
      `${texts.flow}: ${subject.flowName}`,
      `${texts.document}: ${subject.fileName}`,
      `${texts.originalHash}: ${subject.originalSha256}`,
      `${texts.signedHash}: ${subject.signedSha256}`,
      texts.hashNote,
      `${texts.writtenAt}: ${time(subject.writtenAt.toISOString())}`,
      '',
      texts.signers,
      ...signerLines,
      '',
      texts.auditTrail,
      ...subject.events.map(
        (event) =>
          `${time(event.occurredAt)} ${event.operation}${event.actor ? ` (${event.actor})` : ''}`,
      ),
      `${texts.chainHead}: ${head}`,
      texts.chainNote,
    ],
  };
}
