import type { VerifiedSignature, VerifyVerdict } from '@esign/contract';

/** A change after a signature that a signed PDF does not allow (anything but signatures, time stamps, validation data). */
const hasDisallowedChanges = (signature: VerifiedSignature) =>
  signature.LaterChanges.some((change) => change.Kind === 'Other');

/**
 * The file's verdict from its signatures and document time stamps: Unsigned without any;
 * Invalid when one is broken, revoked or followed by changes a signed PDF does not allow;
 * Indeterminate when all are intact but one's chain is not trusted or its revocation unknown;
 * Valid when every one is intact, trusted and not revoked.
 */
export function verdictOf(signatures: readonly VerifiedSignature[]): VerifyVerdict {
  if (signatures.length === 0) return 'Unsigned';
  const broken = (signature: VerifiedSignature) =>
    !signature.Intact || signature.Revocation === 'Revoked' || hasDisallowedChanges(signature);
  if (signatures.some(broken)) return 'Invalid';
  const proven = (signature: VerifiedSignature) =>
    signature.ChainTrusted && signature.Revocation === 'Good';
  return signatures.every(proven) ? 'Valid' : 'Indeterminate';
}
