import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { parseExternalSignatureState, type ExternalSignatureState } from '@esign/pades';
import { z } from 'zod';

/** What signer_auth_states.payload holds for a qualified signature in progress (kind 'csc'). */
export interface PendingSignature {
  /** The prepared signature (pades), to complete it on whichever node gets the callback. */
  signature: ExternalSignatureState;
  credentialID: string;
  signAlgo: string;
  redirectUri: string;
  /** The PKCE code verifier. */
  verifier: string;
  /** The signer's link token, to send the browser back to /sign/{token}. */
  returnToken: string;
}

const StoredPayload = z.object({
  signature: z.unknown().transform((value) => parseExternalSignatureState(value)),
  credentialID: z.string(),
  signAlgo: z.string(),
  redirectUri: z.string(),
  verifier: z.string(),
  sealedReturnToken: z.string(),
});

// The link token is sealed: a copy of the database alone must open no signing link.
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('qualified-signature-state').digest();

/** The payload's JSON, with the link token encrypted under the server's secret and bound to the state. */
export function encodePendingSignature(
  secret: string,
  state: string,
  pending: PendingSignature,
): string {
  const { returnToken, ...rest } = pending;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv).setAAD(Buffer.from(state));
  const sealed = Buffer.concat([cipher.update(returnToken, 'utf8'), cipher.final()]);
  return JSON.stringify({
    ...rest,
    sealedReturnToken: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url'),
  });
}

/** Reads a stored payload back; throws when it is malformed or was not sealed for this state. */
export function decodePendingSignature(
  secret: string,
  state: string,
  payload: string,
): PendingSignature {
  const { sealedReturnToken, ...rest } = StoredPayload.parse(JSON.parse(payload));
  const bytes = Buffer.from(sealedReturnToken, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12))
    .setAAD(Buffer.from(state))
    .setAuthTag(bytes.subarray(12, 28));
  const returnToken = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  return { ...rest, returnToken: returnToken.toString('utf8') };
}
