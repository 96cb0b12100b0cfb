import { randomInt } from 'node:crypto';
import {
  codeLength,
  codeMaxAttempts,
  codeValidityMinutes,
  languageOf,
  signingErrorKeys,
  type CodeSent,
  type SignerTask,
} from '@esign/contract';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';
import { auditOperations, recordAuditEvent } from '../audit/audit.service.ts';
import { AppError } from '../errors/app-error.ts';
import { cleanFileName } from '../files/file-name.ts';
import { enqueueMail } from '../mail/mail-job.ts';
import { listFiles, listSigners } from '../signflows/flow-records.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { SigningDeps } from './signing-deps.ts';
import { findOwner, findSignerByTokenHash } from './signing.repository.ts';
import { hashCode, hashToken, sameToken } from './signing-links.ts';
import { emailHint, taskStateOf } from './signing-turns.ts';
import {
  createSignerSession,
  findSignerIdentity,
  type VerifiedIdentity,
} from './signer-session.ts';

/** A signer's task as one request sees it. */
export interface SignerContext {
  token: string;
  signer: SignerRow;
  flow: SignFlowRow;
  signers: SignerRow[];
  identity: VerifiedIdentity | null;
}

const linkInvalid = () => new AppError('notFound', { key: signingErrorKeys.linkInvalid });
const codeResendAfterMs = 30_000;

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
  return { token, ...found, signers, identity };
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

export function assertIdentified(context: SignerContext): VerifiedIdentity {
  if (!context.identity)
    throw new AppError('unauthorized', { key: signingErrorKeys.notAuthenticated });
  return context.identity;
}

/** The page's view of the task; the document and attachments only to an identified signer in turn. */
export async function presentTask(deps: SigningDeps, context: SignerContext): Promise<SignerTask> {
  const { flow, signer, signers, identity } = context;
  const owner = await findOwner(deps.db, flow.owner_id);
  const state = taskStateOf(flow, signer, signers);
  const showFiles = identity !== null && state === 'Open';
  const files = showFiles ? await listFiles(deps.db, flow.id) : [];
  const working = files.find((file) => file.id === flow.working_file_id);
  const info = (file: (typeof files)[number]) => ({
    Guid: file.id,
    FileName: cleanFileName(file.file_name),
    Size: Number(file.size),
  });
  return {
    FlowName: flow.name,
    SenderName: owner.display_name,
    SenderOrganisation: owner.organisation ?? deps.config.organizationName,
    Note: flow.note,
    SignatureLevel: (flow.minimum_signature_level ?? 'Low') as SignerTask['SignatureLevel'],
    SignatureProcess: (flow.signature_process ?? 'Concurrent') as SignerTask['SignatureProcess'],
    Language: languageOf(flow.language),
    SignerName: signer.name,
    SignerEmailHint: emailHint(signer.email),
    State: state,
    Authenticated: identity !== null,
    CompletedAt: signer.completed_at ? new Date(signer.completed_at).toISOString() : null,
    Signers: signers.map((other) => ({
      Name: other.name,
      Status: other.status as 'Unsigned' | 'Signed' | 'Rejected',
      IsYou: other.id === signer.id,
    })),
    Document: working ? info(working) : null,
    Attachments: files.filter((file) => file.kind === 'attachment').map(info),
  };
}

const openedQuietMs = 30 * 60_000;

/** Records that the signer opened their task, at most once in half an hour per signer. */
export async function recordOpened(
  deps: SigningDeps,
  context: SignerContext,
  request: RequestContext,
) {
  const now = deps.clock.now();
  const recent = await deps.db
    .selectFrom('audit_events')
    .select('id')
    .where('flow_id', '=', context.flow.id)
    .where('operation', '=', auditOperations.opened)
    .where('details', 'like', `%"signerId":"${context.signer.id}"%`)
    .where('occurred_at', '>', new Date(now.getTime() - openedQuietMs).toISOString())
    .executeTakeFirst();
  if (recent) return;
  await recordAuditEvent(
    deps.db,
    {
      operation: auditOperations.opened,
      flowId: context.flow.id,
      ...request,
      details: { signerId: context.signer.id },
    },
    now,
  );
}

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
    await trx
      .updateTable('sign_flow_signers')
      .set({
        code_hash: hashCode(deps.config.sessionSecret, signer.id, code),
        code_expires_at: new Date(now.getTime() + codeValidityMinutes * 60_000).toISOString(),
        code_attempts: 0,
      })
      .where('id', '=', signer.id)
      .execute();
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
  const counted = await deps.db
    .updateTable('sign_flow_signers')
    .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
    .where('id', '=', signer.id)
    .where('code_hash', '=', signer.code_hash)
    .where('code_attempts', '<', codeMaxAttempts)
    .returning('code_attempts')
    .executeTakeFirst();
  if (!counted) throw new AppError('validation', { key: signingErrorKeys.codeTriesUsed });
  if (!sameToken(signer.code_hash, hashCode(deps.config.sessionSecret, signer.id, code))) {
    const attempts = Number(counted.code_attempts);
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
    await trx
      .updateTable('sign_flow_signers')
      .set({ code_hash: null, code_expires_at: null, code_attempts: 0 })
      .where('id', '=', signer.id)
      .execute();
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
