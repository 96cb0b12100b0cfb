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
import { sendStoredFile, storedFileResponses } from '../files/send-stored-file.ts';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { signerSecurity } from '../http/openapi.ts';
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

// What the signer's calls answer when the link or the task does not allow the call.
const badLink = errorResponse(
  404,
  'The link is not valid: unknown, or its flow was deleted (signing.errors.linkInvalid).',
);
const notOpen = errorResponse(
  409,
  'The task is not open: not yet this signer’s turn (signing.errors.notYourTurn), already signed or rejected (alreadyDone), or the flow ended (flowEnded). Nothing was changed.',
);
const notIdentified = errorResponse(
  401,
  'The signer has not proved who they are in this browser, or their session ended (signing.errors.notAuthenticated).',
);
const linkLocked = errorResponse(
  403,
  'The link is locked after too many codes or wrong tries (signing.errors.linkLocked) until the sender unlocks it.',
);

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
        response: { 200: SignerTask, ...errorResponses(400), ...badLink },
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
        response: {
          200: CodeSent,
          ...errorResponse(
            400,
            'The token is malformed (issues), or the flow is Advanced, which identifies by strong login (signing.errors.wrongLevel).',
          ),
          ...linkLocked,
          ...badLink,
          ...notOpen,
          ...errorResponse(
            429,
            'signing.errors.codeWait: the last code was sent too recently (the waits grow with each code; CodeSent.NextCodeInSeconds said how long). No Retry-After header.',
          ),
        },
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
        response: {
          200: SignerTask,
          ...errorResponse(
            400,
            'The code is refused: not in the right form (issues), wrong (signing.errors.codeWrong), expired or never sent (codeExpired), or its tries are used up (codeTriesUsed).',
          ),
          ...linkLocked,
          ...badLink,
          ...notOpen,
        },
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
        security: signerSecurity,
        params: z.object({ token: Token }),
        response: {
          ...storedFileResponses('The document with the signatures so far', 'application/pdf'),
          ...errorResponses(400),
          ...notIdentified,
          ...badLink,
          ...notOpen,
        },
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
        security: signerSecurity,
        params: z.object({ token: Token, attachmentId: RecordId }),
        response: {
          ...storedFileResponses('The attachment'),
          ...errorResponses(400),
          ...notIdentified,
          ...errorResponse(
            404,
            'The link is not valid (signing.errors.linkInvalid), or the flow has no such attachment (errors.notFound).',
          ),
          ...notOpen,
        },
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
        security: signerSecurity,
        params: z.object({ token: Token }),
        body: SignRequest,
        response: {
          200: SignResponse,
          ...errorResponse(
            400,
            'The request is not valid (issues), or the signer was identified in a way the flow’s level does not accept (signing.errors.wrongLevel).',
          ),
          ...notIdentified,
          ...badLink,
          ...errorResponse(
            409,
            'The task is not open (signing.errors.notYourTurn, alreadyDone, flowEnded), or this signer’s other request signed first (alreadyDone). Nothing was changed.',
          ),
          ...errorResponse(
            503,
            'The signature could not be made now (signing.errors.signingFailed): the time-stamp authority or the qualified trust service did not answer, none is configured for Qualified, or other signatures kept landing first for two minutes. Try again.',
          ),
        },
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
        security: signerSecurity,
        params: z.object({ token: Token }),
        body: RejectRequest,
        response: {
          200: SignerTask,
          ...errorResponses(400),
          ...notIdentified,
          ...badLink,
          ...errorResponse(
            409,
            'The task is not open (signing.errors.notYourTurn, alreadyDone, flowEnded), or the flow ended while the rejection was recorded. Nothing was changed.',
          ),
        },
      },
    },
    async (request) =>
      rejectTask(deps, signerLinkOf(request), request.body.Comment, signerRequestOf(request)),
  );
}
