import { codeResendWaitSeconds } from '@esign/contract';
import type { SignerRow } from '../db/schema.ts';

/** Seconds until this signer may be sent another e-mail code (0: now). */
export function codeWaitSeconds(
  signer: Pick<SignerRow, 'codes_sent' | 'code_sent_at'>,
  now: Date,
): number {
  if (!signer.code_sent_at) return 0;
  const nextAt =
    new Date(signer.code_sent_at).getTime() + codeResendWaitSeconds(signer.codes_sent) * 1000;
  return Math.max(0, Math.ceil((nextAt - now.getTime()) / 1000));
}
