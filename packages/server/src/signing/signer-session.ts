import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { hashToken } from './signing-links.ts';
import {
  deleteSignerSessions,
  findSignerSession,
  insertSignerSession,
} from './signer-auth.repository.ts';

/** The cookie that holds a signer's session; its path is the signer's own link, so signers never mix. */
export const signerCookieName = 'esign_signer';
export const signerSessionMinutes = 60;

/** Who the signer proved to be, and how. */
export const VerifiedIdentity = z.object({
  method: z.enum(['email-code', 'oidc', 'csc']),
  email: z.string().nullable(),
  name: z.string().nullable(),
  personalIdentityCode: z.string().nullable().optional(),
  issuer: z.string().nullable().optional(),
  subject: z.string().nullable().optional(),
});
export type VerifiedIdentity = z.infer<typeof VerifiedIdentity>;

/** What a signer row keeps after signing: the identity and the signature's certificates (base64 DER). */
export const SignedIdentity = VerifiedIdentity.extend({
  certificates: z.array(z.string()).default([]),
});
export type SignedIdentity = z.infer<typeof SignedIdentity>;

/** The identity a signer proved, as their row keeps it; null when it holds none that parses. */
export function signedIdentityOf(signer: {
  verified_identity: string | null;
}): SignedIdentity | null {
  try {
    const parsed = SignedIdentity.safeParse(JSON.parse(signer.verified_identity ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Starts a signer session after a successful identification; answers the cookie's value. */
export async function createSignerSession(
  db: Kysely<Database>,
  signerId: string,
  identity: VerifiedIdentity,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSignerSession(db, {
    id_hash: hashToken(token),
    signer_id: signerId,
    identity: JSON.stringify(identity),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + signerSessionMinutes * 60_000).toISOString(),
  });
  return token;
}

/** The identity behind a signer's cookie, if it is theirs and still valid. */
export async function findSignerIdentity(
  db: Kysely<Database>,
  signerId: string,
  cookieValue: string | undefined,
  now: Date,
): Promise<VerifiedIdentity | null> {
  if (!cookieValue) return null;
  const row = await findSignerSession(db, hashToken(cookieValue), signerId);
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
  const parsed = VerifiedIdentity.safeParse(JSON.parse(row.identity));
  return parsed.success ? parsed.data : null;
}

/** Ends every session of a signer (after signing or rejecting, the task is done). */
export async function endSignerSessions(db: Kysely<Database>, signerId: string) {
  await deleteSignerSessions(db, signerId);
}
