import { X509Certificate } from 'node:crypto';
import type { SignerRow } from '../db/schema.ts';
import { SignedIdentity } from '../signing/signer-session.ts';

/** The signer's stored identity, or null when the row holds none that parses. */
export function signedIdentityOf(signer: SignerRow): SignedIdentity | null {
  try {
    const parsed = SignedIdentity.safeParse(JSON.parse(signer.verified_identity ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The subject of the signature's own certificate (the first), one line; null if none reads. */
export function certificateSubjectOf(identity: SignedIdentity | null): string | null {
  const first = identity?.certificates[0];
  if (!first) return null;
  try {
    return new X509Certificate(Buffer.from(first, 'base64')).subject.replaceAll('\n', ', ');
  } catch {
    return null;
  }
}
