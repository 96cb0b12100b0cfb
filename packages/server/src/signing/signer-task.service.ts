import { signingErrorKeys, type SignerTask } from '@esign/contract';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { countSignerEvents, hasSignerEventSince } from '../audit/audit.repository.ts';
import { AppError } from '../errors/app-error.ts';
import { listFiles, listSigners } from '../signflows/flow-records.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findOwner, findSigner, findSignerByTokenHash } from './signing.repository.ts';
import { hashToken } from './signing-links.ts';
import { taskStateOf } from './signing-turns.ts';
import { findSignerIdentity, type VerifiedIdentity } from './signer-session.ts';
import { presentTask } from './signer-task.presenter.ts';
import { signedCopyOf } from './signed-copy.service.ts';
import { queueFlowEvent } from '../webhooks/webhook-events.ts';

/** What a signer's request brings: their link's token, and their session cookie if any. */
export interface SignerLink {
  token: string;
  cookie: string | undefined;
}

/** A signer's task as one request sees it. */
export interface SignerContext {
  token: string;
  signer: SignerRow;
  flow: SignFlowRow;
  signers: SignerRow[];
  identity: VerifiedIdentity | null;
}

const linkInvalid = () => new AppError('notFound', { key: signingErrorKeys.linkInvalid });

/** Finds the signer a link belongs to; an unknown link, or a deleted flow, is 404. */
export async function loadSignerContext(
  deps: SigningDeps,
  token: string,
  cookieValue: string | undefined,
): Promise<SignerContext> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalid();
  const found = await findSignerByTokenHash(deps.db, hashToken(token));
  if (!found || found.flow.status === 'Draft') throw linkInvalid();
  const signers = await listSigners(deps.db, found.flow.id);
  const identity = await findSignerIdentity(
    deps.db,
    found.signer.id,
    cookieValue,
    deps.clock.now(),
  );
  // A session ends when its signer signs or rejects: read after it, the signer's state says
  // why it is gone (a double submit answers alreadyDone, not notAuthenticated).
  const signer =
    identity === null && cookieValue !== undefined
      ? ((await findSigner(deps.db, found.signer.id)) ?? found.signer)
      : found.signer;
  return { token, flow: found.flow, signer, signers, identity };
}

/** Refuses anything but an open task: not yet their turn, already done, or the flow ended. */
export function assertOpen(context: SignerContext) {
  const state = taskStateOf(context.flow, context.signer, context.signers);
  if (state === 'Open') return;
  if (state === 'NotYourTurn')
    throw new AppError('conflict', { key: signingErrorKeys.notYourTurn });
  if (state === 'Signed' || state === 'Rejected')
    throw new AppError('conflict', { key: signingErrorKeys.alreadyDone });
  throw new AppError('conflict', { key: signingErrorKeys.flowEnded });
}

/** The signer as the audit trail names them. */
export const signerActor = (context: SignerContext) =>
  `${context.signer.name} <${context.signer.email}>`;

/** The request's context for the audit trail, with the signer as its actor. */
export const asSigner = (request: RequestContext, context: SignerContext): RequestContext => ({
  ...request,
  actor: signerActor(context),
});

/** The signer's identity; 401 for a signer not (or no longer) identified in this browser. */
export function assertIdentified(context: SignerContext): VerifiedIdentity {
  if (!context.identity)
    throw new AppError('unauthorized', { key: signingErrorKeys.notAuthenticated });
  return context.identity;
}

/** The page's view of the task; the document and attachments only to an identified signer in turn. */
export async function readTask(deps: SigningDeps, context: SignerContext): Promise<SignerTask> {
  const { flow, signer, signers, identity } = context;
  const owner = await findOwner(deps.db, flow.owner_id);
  const state = taskStateOf(flow, signer, signers);
  const showFiles = identity !== null && state === 'Open';
  const files = showFiles ? await listFiles(deps.db, flow.id) : [];
  return presentTask({
    ...context,
    state,
    owner,
    defaultOrganisation: deps.config.organizationName,
    files,
    now: deps.clock.now(),
    signedCopy: signedCopyOf(deps, flow, signer, signers),
  });
}

const openedQuietMs = 30 * 60_000;

/** Records that the signer opened their task, at most once in half an hour per signer. */
export async function recordOpened(
  deps: SigningDeps,
  context: SignerContext,
  request: RequestContext,
) {
  const now = deps.clock.now();
  const openedLately = await hasSignerEventSince(deps.db, {
    flowId: context.flow.id,
    signerId: context.signer.id,
    operation: auditOperations.opened,
    since: new Date(now.getTime() - openedQuietMs),
  });
  if (openedLately) return;
  await deps.db.transaction().execute(async (trx) => {
    await recordAuditEvent(
      trx,
      {
        operation: auditOperations.opened,
        flowId: context.flow.id,
        ...request,
        details: { signerId: context.signer.id },
      },
      now,
    );
    // signflow.opened tells of a signer's first view only; the chain's lock, taken by the
    // event just recorded, makes two first views at once count as two.
    const views = await countSignerEvents(trx, {
      flowId: context.flow.id,
      signerId: context.signer.id,
      operation: auditOperations.opened,
    });
    if (views === 1)
      await queueFlowEvent(
        trx,
        { type: 'signflow.opened', flowId: context.flow.id, signerId: context.signer.id },
        now,
      );
  });
}
