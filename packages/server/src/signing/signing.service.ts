import type { SignerTask, SignResponse } from '@esign/contract';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext } from '../http/request-context.ts';
import { findFile } from '../signflows/flow-records.ts';
import { startQualified } from './qualified-flow.service.ts';
import { rejectAsSigner } from './reject.service.ts';
import { signWithOneTimeKey } from './sign.service.ts';
import { sendCode, verifyCode } from './signer-code.service.ts';
import type { SigningDeps } from './signing-deps.ts';
import { taskStateOf } from './signing-turns.ts';
import {
  asSigner,
  assertIdentified,
  assertOpen,
  loadSignerContext,
  readTask,
  recordOpened,
  type SignerLink,
} from './signer-task.service.ts';

// The signer's calls, each from their link: what the signing routes ask of signing.

const load = (deps: SigningDeps, link: SignerLink) =>
  loadSignerContext(deps, link.token, link.cookie);

/** The task as the signer's page shows it; opening an open task is audited. */
export async function showTask(
  deps: SigningDeps,
  link: SignerLink,
  request: RequestContext,
): Promise<SignerTask> {
  const context = await load(deps, link);
  if (taskStateOf(context.flow, context.signer, context.signers) === 'Open')
    await recordOpened(deps, context, asSigner(request, context));
  return readTask(deps, context);
}

/** Mails the signer a one-time code. */
export async function sendTaskCode(deps: SigningDeps, link: SignerLink, request: RequestContext) {
  const context = await load(deps, link);
  return sendCode(deps, context, asSigner(request, context));
}

/**
 * Checks the signer's code; answers their new session (the cookie's value) and the task as
 * the identified signer sees it.
 */
export async function verifyTaskCode(
  deps: SigningDeps,
  link: SignerLink,
  code: string,
  request: RequestContext,
): Promise<{ session: string; task: SignerTask }> {
  const context = await load(deps, link);
  const session = await verifyCode(deps, context, code, asSigner(request, context));
  const task = await readTask(deps, await loadSignerContext(deps, link.token, session));
  return { session, task };
}

/** The document as it stands, for an identified signer in turn; 404 when there is none. */
export async function findTaskDocument(deps: SigningDeps, link: SignerLink) {
  const context = await load(deps, link);
  assertOpen(context);
  assertIdentified(context);
  const id = context.flow.working_file_id;
  const file = id ? await findFile(deps.db, context.flow.id, id, 'working') : undefined;
  if (!file) throw new AppError('notFound');
  return file;
}

/** An attachment of the flow, for an identified signer in turn; 404 for any other id. */
export async function findTaskAttachment(
  deps: SigningDeps,
  link: SignerLink,
  attachmentId: string,
) {
  const context = await load(deps, link);
  assertOpen(context);
  assertIdentified(context);
  const file = await findFile(deps.db, context.flow.id, attachmentId, 'attachment');
  if (!file) throw new AppError('notFound');
  return file;
}

/**
 * Signs: a Qualified signature is authorised at the trust service (answers where to go); the
 * others are made now (answers the task as it then stands).
 */
export async function signTask(
  deps: SigningDeps,
  link: SignerLink,
  request: RequestContext,
): Promise<SignResponse> {
  const context = await load(deps, link);
  if (context.flow.minimum_signature_level === 'Qualified')
    return { Task: null, RedirectUrl: await startQualified(deps, context) };
  await signWithOneTimeKey(deps, context, asSigner(request, context));
  const after = await loadSignerContext(deps, link.token, undefined);
  return { Task: await readTask(deps, after), RedirectUrl: null };
}

/** Rejects with a comment (the flow ends Rejected); answers the task as it then stands. */
export async function rejectTask(
  deps: SigningDeps,
  link: SignerLink,
  comment: string,
  request: RequestContext,
): Promise<SignerTask> {
  const context = await load(deps, link);
  await rejectAsSigner(deps, context, comment, asSigner(request, context));
  return readTask(deps, await loadSignerContext(deps, link.token, undefined));
}
