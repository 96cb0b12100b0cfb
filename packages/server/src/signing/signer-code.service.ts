import { randomInt } from 'node:crypto';
import {
  codeLength,
  codeMaxAttempts,
  codeValidityMinutes,
  signingErrorKeys,
  type CodeSent,
} from '@esign/contract';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import type { SigningDeps } from './signing-deps.ts';
import { clearSignerCode, countCodeAttempt, setSignerCode } from './signing.repository.ts';
import { hashCode, sameToken } from './signing-links.ts';
import { emailHint } from './signing-turns.ts';
import { createSignerSession, type VerifiedIdentity } from './signer-session.ts';
import { assertOpen, type SignerContext } from './signer-task.service.ts';

// Identification with a one-time code mailed to the signer (Low and Qualified).

const codeResendAfterMs = 30_000;

/** Mails a fresh 6-digit code (Low and Qualified); an earlier code stops working. */
export async function sendCode(deps: SigningDeps, context: SignerContext): Promise<CodeSent> {
  assertOpen(context);
  if (context.flow.minimum_signature_level === 'Advanced')
    throw new AppError('validation', { key: signingErrorKeys.wrongLevel });
  const now = deps.clock.now();
  const { signer, flow } = context;
  const issuedAt = signer.code_expires_at
    ? new Date(signer.code_expires_at).getTime() - codeValidityMinutes * 60_000
    : 0;
  if (now.getTime() - issuedAt < codeResendAfterMs) throw new AppError('tooManyRequests');
  const code = String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
  await deps.db.transaction().execute(async (trx) => {
    await setSignerCode(trx, signer.id, {
      hash: hashCode(deps.config.sessionSecret, signer.id, code),
      expiresAt: new Date(now.getTime() + codeValidityMinutes * 60_000),
    });
    await enqueueMail(
      trx,
      {
        to: signer.email,
        template: 'code',
        language: flow.language,
        params: { flowName: flow.name, code, validMinutes: codeValidityMinutes },
      },
      now,
    );
  });
  deps.kickJobs?.();
  return { SentTo: emailHint(signer.email), ValidForSeconds: codeValidityMinutes * 60 };
}

/** Checks a code: five wrong tries or ten minutes use it up; success opens a signer session. */
export async function verifyCode(
  deps: SigningDeps,
  context: SignerContext,
  code: string,
  request: RequestContext,
): Promise<string> {
  assertOpen(context);
  const { signer, flow } = context;
  const now = deps.clock.now();
  if (!signer.code_hash || !signer.code_expires_at)
    throw new AppError('validation', { key: signingErrorKeys.codeExpired });
  if (new Date(signer.code_expires_at).getTime() <= now.getTime())
    throw new AppError('validation', { key: signingErrorKeys.codeExpired });
  // Each try is counted before the code is compared, in one conditional update, so that
  // guesses sent side by side cannot share one count: the sixth finds no try left.
  const attempts = await countCodeAttempt(deps.db, signer.id, signer.code_hash, codeMaxAttempts);
  if (attempts === undefined)
    throw new AppError('validation', { key: signingErrorKeys.codeTriesUsed });
  if (!sameToken(signer.code_hash, hashCode(deps.config.sessionSecret, signer.id, code))) {
    await deps.db.transaction().execute((trx) =>
      recordAuditEvent(
        trx,
        {
          operation: auditOperations.authenticationFailed,
          flowId: flow.id,
          ...request,
          details: { signerId: signer.id, method: 'email-code', attempt: attempts },
        },
        now,
      ),
    );
    throw new AppError('validation', {
      key:
        attempts >= codeMaxAttempts ? signingErrorKeys.codeTriesUsed : signingErrorKeys.codeWrong,
    });
  }
  const identity: VerifiedIdentity = {
    method: 'email-code',
    email: signer.email,
    name: signer.name,
  };
  return deps.db.transaction().execute(async (trx) => {
    await clearSignerCode(trx, signer.id);
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.authenticated,
        flowId: flow.id,
        ...request,
        details: { signerId: signer.id, method: 'email-code' },
      },
      now,
    );
    return createSignerSession(trx, signer.id, identity, now);
  });
}
