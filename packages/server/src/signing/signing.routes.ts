import {
  CodeSent,
  RecordId,
  RejectRequest,
  SignerTask,
  SignRequest,
  SignResponse,
  signingRoutes,
  VerifyCodeRequest,
} from '@esign/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { sendStoredFile } from '../files/send-stored-file.ts';
import { requestContextOf } from '../http/request-context.ts';
import { findFile } from '../signflows/flow-records.ts';
import { startQualified } from './qualified-flow.service.ts';
import { taskStateOf } from './signing-turns.ts';
import { rejectAsSigner } from './reject.service.ts';
import { signWithOneTimeKey } from './sign.service.ts';
import type { SigningDeps } from './signing-deps.ts';
import { setSignerCookie, signerActor } from './signer-request.ts';
import { signerCookieName } from './signer-session.ts';
import {
  assertIdentified,
  assertOpen,
  loadSignerContext,
  presentTask,
  recordOpened,
  sendCode,
  verifyCode,
} from './signer-task.service.ts';

const Token = z.string().min(1).max(100);
const tags = ['signing'];

/** The signer's side: every call reaches one signer's task through their link's token. */
export async function registerSigningRoutes(app: FastifyInstance, deps: SigningDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const load = (request: FastifyRequest) =>
    loadSignerContext(
      deps,
      (request.params as { token: string }).token,
      request.cookies[signerCookieName],
    );

  routes.get(
    signingRoutes.task,
    {
      schema: {
        tags,
        summary: "A signer's task, as their signing page shows it",
        params: z.object({ token: Token }),
        response: { 200: SignerTask },
      },
    },
    async (request) => {
      const context = await load(request);
      if (taskStateOf(context.flow, context.signer, context.signers) === 'Open')
        await recordOpened(deps, context, requestContextOf(request, signerActor(context)));
      return presentTask(deps, context);
    },
  );

  routes.post(
    signingRoutes.sendCode,
    {
      config: { rateLimit: 'signerCode' },
      schema: {
        tags,
        summary: 'Mails the signer a one-time code (Low and Qualified)',
        params: z.object({ token: Token }),
        response: { 200: CodeSent },
      },
    },
    async (request) => {
      return sendCode(deps, await load(request));
    },
  );

  routes.post(
    signingRoutes.verifyCode,
    {
      schema: {
        tags,
        summary: 'Checks the one-time code; success identifies the signer in this browser',
        params: z.object({ token: Token }),
        body: VerifyCodeRequest,
        response: { 200: SignerTask },
      },
    },
    async (request, reply) => {
      const context = await load(request);
      const session = await verifyCode(
        deps,
        context,
        request.body.Code,
        requestContextOf(request, signerActor(context)),
      );
      setSignerCookie(deps, reply, request.params.token, session);
      return presentTask(deps, await loadSignerContext(deps, request.params.token, session));
    },
  );

  routes.get(
    signingRoutes.document,
    {
      schema: {
        tags,
        summary: 'The document as it stands, for an identified signer in turn (supports Range)',
        params: z.object({ token: Token }),
      },
    },
    async (request, reply) => {
      const context = await load(request);
      assertOpen(context);
      assertIdentified(context);
      const id = context.flow.working_file_id;
      const file = id ? await findFile(deps.db, context.flow.id, id, 'working') : undefined;
      if (!file) throw new AppError('notFound');
      return sendStoredFile(deps, request, reply, file, 'inline');
    },
  );

  routes.get(
    signingRoutes.attachment,
    {
      schema: {
        tags,
        summary: 'An attachment, for an identified signer in turn (supports Range)',
        params: z.object({ token: Token, attachmentId: RecordId }),
      },
    },
    async (request, reply) => {
      const context = await load(request);
      assertOpen(context);
      assertIdentified(context);
      const file = await findFile(
        deps.db,
        context.flow.id,
        request.params.attachmentId,
        'attachment',
      );
      if (!file) throw new AppError('notFound');
      return sendStoredFile(deps, request, reply, file);
    },
  );

  routes.post(
    signingRoutes.sign,
    {
      schema: {
        tags,
        summary: 'Signs: a PAdES signature now, or (Qualified) where to authorise it',
        params: z.object({ token: Token }),
        body: SignRequest,
        response: { 200: SignResponse },
      },
    },
    async (request) => {
      const context = await load(request);
      if (context.flow.minimum_signature_level === 'Qualified')
        return { Task: null, RedirectUrl: await startQualified(deps, context) };
      await signWithOneTimeKey(deps, context, requestContextOf(request, signerActor(context)));
      const after = await loadSignerContext(deps, request.params.token, undefined);
      return { Task: await presentTask(deps, after), RedirectUrl: null };
    },
  );

  routes.post(
    signingRoutes.reject,
    {
      schema: {
        tags,
        summary: 'Rejects with a comment; the flow ends Rejected',
        params: z.object({ token: Token }),
        body: RejectRequest,
        response: { 200: SignerTask },
      },
    },
    async (request) => {
      const context = await load(request);
      await rejectAsSigner(
        deps,
        context,
        request.body.Comment,
        requestContextOf(request, signerActor(context)),
      );
      return presentTask(deps, await loadSignerContext(deps, request.params.token, undefined));
    },
  );
}
