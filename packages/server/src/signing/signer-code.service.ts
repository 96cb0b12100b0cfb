import { randomInt } from 'node:crypto';
import {
  codeLength,
  codeMaxAttempts,
  codeMaxFailures,
  codeMaxSent,
  codeResendWaitSeconds,
  codeValidityMinutes,
  signingErrorKeys,
  type CodeSent,
} from '@esign/contract';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { codeWaitSeconds } from './code-limits.ts';
import { lockLink } from './signer-link-lock.service.ts';
import type { SigningDeps } from './signing-deps.ts';
import { countCodeAttempt, recordSentCode, useUpRightCode } from './signer-code.repository.ts';
import { hashCode, sameToken } from './signing-links.ts';
import { emailHint } from './signing-turns.ts';
import { createSignerSession, type VerifiedIdentity } from './signer-session.ts';
import { assertOpen, type SignerContext } from './signer-task.service.ts';

// Identification with a one-time code mailed to the signer (Low and Qualified). Each code
// allows five tries; over the flow's life a signer gets ten codes, with growing waits
// between them, and twenty wrong tries: one more of either locks the link until the sender
// unlocks it.

const linkLocked = () => new AppError('forbidden', { key: signingErrorKeys.linkLocked });

/** Mails a fresh 6-digit code (Low and Qualified); an earlier code stops working. */
export async function sendCode(
  deps: SigningDeps,
  context: SignerContext,
  request: RequestContext,
): Promise<CodeSent> {
  assertOpen(context);
  if (context.flow.minimum_signature_level === 'Advanced')
    throw new AppError('validation', { key: signingErrorKeys.wrongLevel });
  const now = deps.clock.now();
  const { signer, flow } = context;
  if (signer.code_locked_at) throw linkLocked();
  if (codeWaitSeconds(signer, now) > 0)
    throw new AppError('tooManyRequests', { key: signingErrorKeys.codeWait });
  if (signer.codes_sent >= codeMaxSent) {
    await lockLink(deps, context, 'codesSent', request);
    throw linkLocked();
  }
  const code = String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
  const sent = await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordSentCode(trx, signer.id, signer.codes_sent, {
      hash: hashCode(deps.config.sessionSecret, signer.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + codeValidityMinutes * 60_000),
    });
    if (!recorded) return false;
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
    return true;
  });
  // Another request sent a code (or locked the link) since this one read the signer.
  if (!sent) throw new AppError('tooManyRequests', { key: signingErrorKeys.codeWait });
  deps.kickJobs?.();
  return {
    SentTo: emailHint(signer.email),
    ValidForSeconds: codeValidityMinutes * 60,
    NextCodeInSeconds: codeResendWaitSeconds(signer.codes_sent + 1),
  };
}

/**
 * Checks a code: five wrong tries or ten minutes use it up, twenty wrong tries over the
 * flow's life lock the link; success opens a signer session.
 */
export async function verifyCode(
  deps: SigningDeps,
  context: SignerContext,
  code: string,
  request: RequestContext,
): Promise<string> {
  assertOpen(context);
  const { signer, flow } = context;
  const now = deps.clock.now();
  if (signer.code_locked_at) throw linkLocked();
  if (!signer.code_hash || !signer.code_expires_at)
    throw new AppError('validation', { key: signingErrorKeys.codeExpired });
  if (new Date(signer.code_expires_at).getTime() <= now.getTime())
    throw new AppError('validation', { key: signingErrorKeys.codeExpired });
  // Each try is counted (as a wrong one until it proves right) before the code is compared,
  // in one conditional update, so that guesses sent side by side cannot share one count:
  // the sixth on a code, or the twenty-first on the link, finds no try left.
  const counted = await countCodeAttempt(deps.db, signer.id, signer.code_hash, {
    maxAttempts: codeMaxAttempts,
    maxFailures: codeMaxFailures,
  });
  if (counted === undefined)
    throw new AppError('validation', { key: signingErrorKeys.codeTriesUsed });
  if (!sameToken(signer.code_hash, hashCode(deps.config.sessionSecret, signer.id, code))) {
    await deps.db.transaction().execute((trx) =>
      recordAuditEvent(
        trx,
        {
          operation: auditOperations.authenticationFailed,
          flowId: flow.id,
          ...request,
          details: {
            signerId: signer.id,
            method: 'email-code',
            attempt: counted.attempts,
            failures: counted.failures,
          },
        },
        now,
      ),
    );
    if (counted.failures >= codeMaxFailures) {
      await lockLink(deps, context, 'codeFailures', request);
      throw linkLocked();
    }
    throw new AppError('validation', {
      key:
        counted.attempts >= codeMaxAttempts
          ? signingErrorKeys.codeTriesUsed
          : signingErrorKeys.codeWrong,
    });
  }
  const identity: VerifiedIdentity = {
    method: 'email-code',
    email: signer.email,
    name: signer.name,
  };
  return deps.db.transaction().execute(async (trx) => {
    await useUpRightCode(trx, signer.id);
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
