import { signingErrorKeys } from '@esign/contract';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import { SignerIdentificationError } from './identify/identification-error.ts';
import {
  completeSignerIdentification,
  startSignerIdentification,
  type SignerIdentificationDeps,
} from './identify/signer-identification.ts';
import { identityMatchesSigner } from './identify/verified-identity.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findSigner } from './signing.repository.ts';
import { createSignerSession } from './signer-session.ts';
import { asSigner, assertOpen, loadSignerContext, type SignerLink } from './signer-task.service.ts';

// Advanced: a fresh strong login at the signers' OIDC provider, matched to the signer.

type IdentifyDeps = SigningDeps & SignerIdentificationDeps;

/**
 * Starts strong identification for a signer in turn of an Advanced flow: answers the
 * provider's address, and the state the browser must bring back from it.
 */
export async function beginIdentification(
  deps: IdentifyDeps,
  link: SignerLink,
): Promise<{ url: string; state: string }> {
  const context = await loadSignerContext(deps, link.token, link.cookie);
  assertOpen(context);
  if (context.flow.minimum_signature_level !== 'Advanced')
    throw new AppError('validation', { key: signingErrorKeys.wrongLevel });
  const url = await startSignerIdentification(deps, context.signer.id, link.token);
  return { url, state: new URL(url).searchParams.get('state') ?? '' };
}

/** Where the signer goes back to, what to tell them, and their new session when they proved who they are. */
export interface IdentificationAnswer {
  returnToken: string;
  errorKey: string | null;
  session: string | null;
}

/**
 * The provider's answer, in the browser that started the identification (`expectedState`):
 * an identity that matches the signer opens a signer session; one that does not is audited
 * and refused. A failure that knows the signer's link sends them back to it with the reason;
 * any other is thrown.
 */
export async function finishIdentification(
  deps: IdentifyDeps,
  callbackUrl: URL,
  expectedState: string | undefined,
  request: RequestContext,
): Promise<IdentificationAnswer> {
  let result;
  try {
    if (!expectedState || callbackUrl.searchParams.get('state') !== expectedState)
      throw new SignerIdentificationError(null, new Error('state not of this browser'));
    result = await completeSignerIdentification(deps, callbackUrl);
  } catch (error) {
    if (error instanceof SignerIdentificationError && error.returnToken)
      return {
        returnToken: error.returnToken,
        errorKey: signingErrorKeys.identificationFailed,
        session: null,
      };
    throw error;
  }
  const { signerId, returnToken, identity } = result;
  const signer = await findSigner(deps.db, signerId);
  if (!signer) throw new AppError('notFound', { key: signingErrorKeys.linkInvalid });
  const context = await loadSignerContext(deps, returnToken, undefined);
  const now = deps.clock.now();
  const audit = asSigner(request, context);
  if (!identityMatchesSigner(identity, signer)) {
    await recordAuditEvent(
      deps.db,
      {
        operation: auditOperations.authenticationFailed,
        flowId: signer.flow_id,
        ...audit,
        details: { signerId, method: 'oidc', reason: 'identity does not match the signer' },
      },
      now,
    );
    return { returnToken, errorKey: signingErrorKeys.identityMismatch, session: null };
  }
  const session = await deps.db.transaction().execute(async (trx) => {
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.authenticated,
        flowId: signer.flow_id,
        ...audit,
        details: { signerId, method: 'oidc', issuer: identity.issuer },
      },
      now,
    );
    return createSignerSession(trx, signerId, identity, now);
  });
  return { returnToken, errorKey: null, session };
}
