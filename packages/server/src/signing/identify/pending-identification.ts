import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** What signer_auth_states.payload holds for an identification in progress (kind 'oidc'). */
export interface PendingIdentification {
  nonce: string;
  verifier: string;
  /** The signer's link token, to send the browser back to /sign/{token}. */
  returnToken: string;
}

const StoredPayload = z.object({
  nonce: z.string(),
  verifier: z.string(),
  sealedReturnToken: z.string(),
});

// The link token is sealed: a copy of the database alone must open no signing link.
const keyOf = (secret: string) => createHmac('sha256', secret).update('signer-auth-state').digest();

/** The payload's JSON, with the link token encrypted under the server's secret and bound to the state. */
export function encodePendingIdentification(
  secret: string,
  state: string,
  pending: PendingIdentification,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv).setAAD(Buffer.from(state));
  const sealed = Buffer.concat([cipher.update(pending.returnToken, 'utf8'), cipher.final()]);
  return JSON.stringify({
    nonce: pending.nonce,
    verifier: pending.verifier,
    sealedReturnToken: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url'),
  });
}

/** Reads a stored payload back; throws when it is malformed or was not sealed for this state. */
export function decodePendingIdentification(
  secret: string,
  state: string,
  payload: string,
): PendingIdentification {
  const stored = StoredPayload.parse(JSON.parse(payload));
  const bytes = Buffer.from(stored.sealedReturnToken, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12))
    .setAAD(Buffer.from(state))
    .setAuthTag(bytes.subarray(12, 28));
  const returnToken = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  return {
    nonce: stored.nonce,
    verifier: stored.verifier,
    returnToken: returnToken.toString('utf8'),
  };
}
