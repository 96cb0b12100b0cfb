import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signingPaths } from '@esign/contract';

/** A fresh salt for a signer's link; the link is derived from it, so it is never stored. */
export function newLinkSalt(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The token of a signer's personal link: 256 bits from an HMAC over the signer and the
 * salt under the server's secret. The database keeps the salt and the token's hash, so a
 * copy of the database alone opens no link, yet the owner can be shown the link again.
 */
export function signingToken(secret: string, signerId: string, salt: string): string {
  return createHmac('sha256', secret)
    .update(`signing-link\0${signerId}\0${salt}`)
    .digest('base64url');
}

/**
 * The token of a signer's link to the signed document of a finished flow: derived like the
 * signing link's, from the same salt under another label, so the two never open each other.
 */
export function signedCopyToken(secret: string, signerId: string, salt: string): string {
  return createHmac('sha256', secret)
    .update(`signed-copy-link\0${signerId}\0${salt}`)
    .digest('base64url');
}

/** The token of the inspector's read-only link to a flow's result. */
export function inspectorToken(secret: string, flowId: string): string {
  return createHmac('sha256', secret).update(`inspector-link\0${flowId}`).digest('base64url');
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The absolute address a signer opens. */
export function signingLink(publicUrl: URL, token: string): string {
  return new URL(signingPaths.page(token).slice(1), publicUrl).href;
}

/** A one-time code's hash, bound to the signer so a hash cannot be replayed for another. */
export function hashCode(secret: string, signerId: string, code: string): string {
  return createHmac('sha256', secret).update(`signing-code\0${signerId}\0${code}`).digest('hex');
}

/** The token of a viewer's link, which reads the document while the flow is out. */
export function viewerToken(secret: string, recipientId: string, salt: string): string {
  return createHmac('sha256', secret)
    .update(`viewer-link\0${recipientId}\0${salt}`)
    .digest('base64url');
}

/** The token of a copy recipient's link to the finished document and its evidence report. */
export function copyRecipientToken(secret: string, recipientId: string, salt: string): string {
  return createHmac('sha256', secret)
    .update(`copy-recipient-link\0${recipientId}\0${salt}`)
    .digest('base64url');
}
