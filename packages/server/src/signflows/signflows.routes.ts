import {
  apiPaths,
  apiRoutes,
  CancelRequest,
  ExpiryDateRequest,
  RecordId,
  SignFlow,
  SignFlowDetailResponse,
  SignFlowListItem,
  SignFlowListQuery,
  SignFlowPage,
  SignFlowSaveRequest,
} from '@esign/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, errorResponses, flowConflictResponse } from '../http/error-responses.ts';
import { sessionSecurity } from '../http/openapi.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import type { SignFlowActionDeps } from './signflow-access.ts';
import { listSignFlows } from './signflow-list.service.ts';
import {
  cancelSignFlow,
  checkSignFlow,
  deleteSignFlow,
  extendSignFlowDeadline,
  readSignFlow,
  saveDraft,
  sendSignFlow,
} from './signflows.service.ts';

/** The sign flow calls of SPEC §7 (files and downloads in signflow-files.routes.ts). */
export async function registerSignFlowRoutes(app: FastifyInstance, deps: SignFlowActionDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign flows'];
  const base = { onRequest: requireSession };
  const security = sessionSecurity;
  const notVisible = errorResponse(
    404,
    'No such flow, or the caller may not see it (another user’s flow outside their groups): errors.notFound either way.',
  );

  routes.get(
    apiPaths.signFlows,
    {
      ...base,
      schema: {
        tags,
        summary:
          'The flows the caller may see; with any of q, status, sort, order, page, pageSize one page and the total',
        security,
        querystring: SignFlowListQuery,
        response: {
          200: z.union([SignFlowPage, z.array(SignFlowListItem)]),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { items, total, paging } = await listSignFlows(deps, userOf(request), request.query);
      return paging
        ? { Items: items, Total: total, Page: paging.page, PageSize: paging.pageSize }
        : items;
    },
  );

  routes.post(
    apiPaths.signFlows,
    {
      ...base,
      schema: {
        tags,
        summary: 'Creates a draft, or updates the draft named by Guid; answers the sign flow',
        security,
        body: SignFlowSaveRequest,
        response: {
          200: SignFlow,
          ...errorResponse(
            400,
            'A field is not valid (issues), including a Role (group) the caller may not use (validation.unknownGroup) or a MinimumSignatureLevel the portal does not offer.',
          ),
          ...errorResponses(401),
          ...errorResponse(
            404,
            'Guid or CopyFromGuid names no flow the caller may see (errors.notFound).',
          ),
          ...flowConflictResponse(
            'Guid names a flow that is no longer a draft (sent meanwhile, or ended): only a draft can change.',
          ),
        },
      },
    },
    async (request) => saveDraft(deps, userOf(request), request.body),
  );

  routes.get(
    apiRoutes.signFlow,
    {
      ...base,
      schema: {
        tags,
        summary: 'The sign flow with its files',
        security,
        params: z.object({ guid: RecordId }),
        response: { 200: SignFlowDetailResponse, ...errorResponses(400, 401), ...notVisible },
      },
    },
    async (request) => readSignFlow(deps, userOf(request), request.params.guid),
  );

  routes.delete(
    apiRoutes.signFlow,
    {
      ...base,
      schema: {
        tags,
        summary: 'Deletes a draft or an ended flow with its files',
        security,
        params: z.object({ guid: RecordId }),
        response: {
          204: z.null().describe('Deleted, with its files'),
          ...errorResponses(400, 401),
          ...notVisible,
          ...flowConflictResponse('The flow is out for signing: cancel it first.'),
        },
      },
    },
    async (request, reply) => {
      await deleteSignFlow(deps, userOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  // One handler for GET and POST; the route schema has already validated the params.
  const send = async (request: FastifyRequest) =>
    sendSignFlow(
      deps,
      userOf(request),
      (request.params as { guid: string }).guid,
      requestContextOf(request, userOf(request).email),
    );
  const sendSchema = {
    tags,
    summary:
      'Validates the draft, freezes it and sends it for signing (changes state: X-XSRF-TOKEN required also on GET)',
    security,
    params: z.object({ guid: RecordId }),
    response: {
      200: SignFlowDetailResponse,
      ...errorResponse(
        400,
        'The draft cannot be sent as it is: issues names what is missing or wrong (no file to sign, no signers, no process or level, a level the portal no longer offers, a file to sign that is not a usable PDF).',
      ),
      ...errorResponses(401),
      ...notVisible,
      ...flowConflictResponse(
        'The flow is not a draft (already sent, or ended), or a save or an upload changed it while it was being sent (issues: validation.changedMeanwhile; it is still a draft: send again).',
      ),
    },
  };
  routes.get(
    apiRoutes.sendSignFlow,
    { ...base, config: { csrfOnSafeMethod: true }, schema: sendSchema },
    send,
  );
  routes.post(apiRoutes.sendSignFlow, { ...base, schema: sendSchema }, send);

  routes.post(
    apiRoutes.cancelSignFlow,
    {
      ...base,
      schema: {
        tags,
        summary: 'Cancels a sent flow for good',
        security,
        params: z.object({ signFlowId: RecordId }),
        body: CancelRequest,
        response: {
          200: SignFlow,
          ...errorResponses(400, 401),
          ...notVisible,
          ...flowConflictResponse(
            'The flow is not out for signing (a draft, or it finished, was rejected or cancelled meanwhile).',
          ),
        },
      },
    },
    async (request) =>
      cancelSignFlow(
        deps,
        userOf(request),
        request.params.signFlowId,
        request.body.Comment,
        requestContextOf(request, userOf(request).email),
      ),
  );

  routes.post(
    apiRoutes.signFlowExpiryDate,
    {
      ...base,
      schema: {
        tags,
        summary:
          'Moves the deadline of a flow out for signing to a later date (YYYY-MM-DD, at most SIGNING_DEADLINE_MAX_DAYS ahead); mails the signers who have not signed',
        security,
        params: z.object({ signFlowId: RecordId }),
        body: ExpiryDateRequest,
        response: {
          200: SignFlowDetailResponse,
          ...errorResponse(
            400,
            'issues under ExpiryDate: not a date, in the past (validation.expiryDatePast), over SIGNING_DEADLINE_MAX_DAYS ahead (validation.expiryDateTooLate with { n }), or not later than the current deadline (validation.expiryDateNotLater).',
          ),
          ...errorResponses(401),
          ...notVisible,
          ...flowConflictResponse(
            'The flow is not out for signing (a draft, or it ended meanwhile): only a sent flow’s deadline moves.',
          ),
        },
      },
    },
    async (request) =>
      extendSignFlowDeadline(
        deps,
        userOf(request),
        request.params.signFlowId,
        request.body.ExpiryDate,
        requestContextOf(request, userOf(request).email),
      ),
  );

  // Check can re-send invitations and re-queue a completion, so like send it needs the token.
  routes.get(
    apiRoutes.checkSignFlow,
    {
      ...base,
      config: { csrfOnSafeMethod: true },
      schema: {
        tags,
        summary:
          "Re-reads the flow's state; re-sends a failed flow (changes state: X-XSRF-TOKEN required also on GET)",
        security,
        params: z.object({ signFlowId: RecordId }),
        response: { 200: SignFlowDetailResponse, ...errorResponses(400, 401), ...notVisible },
      },
    },
    async (request) =>
      checkSignFlow(
        deps,
        userOf(request),
        request.params.signFlowId,
        requestContextOf(request, userOf(request).email),
      ),
  );

  routes.get(
    apiPaths.allowedAttachmentContentTypes,
    {
      ...base,
      schema: {
        tags,
        summary: 'Attachment content types the portal accepts',
        security,
        response: { 200: z.array(z.string()), ...errorResponses(401) },
      },
    },
    async () => deps.config.allowedAttachmentTypes,
  );
  routes.get(
    apiPaths.allowedSignatureLevels,
    {
      ...base,
      schema: {
        tags,
        summary: 'Signature levels senders may choose',
        security,
        response: { 200: z.array(z.string()), ...errorResponses(401) },
      },
    },
    async () => deps.config.signatureLevels,
  );
}
