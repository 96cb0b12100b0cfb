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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../files/send-stored-file.ts';
import type { SigningDeps } from './signing-deps.ts';
import { setSignerCookie, signerLinkOf, signerRequestOf } from './signer-request.ts';
import {
  findTaskAttachment,
  findTaskDocument,
  rejectTask,
  sendTaskCode,
  showTask,
  signTask,
  verifyTaskCode,
} from './signing.service.ts';

const Token = z.string().min(1).max(100);
const tags = ['signing'];

/** The signer's side: every call reaches one signer's task through their link's token. */
export async function registerSigningRoutes(app: FastifyInstance, deps: SigningDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
    async (request) => showTask(deps, signerLinkOf(request), signerRequestOf(request)),
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
    async (request) => sendTaskCode(deps, signerLinkOf(request), signerRequestOf(request)),
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
      const { session, task } = await verifyTaskCode(
        deps,
        signerLinkOf(request),
        request.body.Code,
        signerRequestOf(request),
      );
      setSignerCookie(deps, reply, request.params.token, session);
      return task;
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
      const file = await findTaskDocument(deps, signerLinkOf(request));
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
      const link = signerLinkOf(request);
      const file = await findTaskAttachment(deps, link, request.params.attachmentId);
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
    async (request) => signTask(deps, signerLinkOf(request), signerRequestOf(request)),
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
    async (request) =>
      rejectTask(deps, signerLinkOf(request), request.body.Comment, signerRequestOf(request)),
  );
}
