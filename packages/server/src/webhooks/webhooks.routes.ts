import {
  CreatedWebhook,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDelivery,
  WebhookDeliveryIdParams,
  WebhookIdParams,
  WebhookListItem,
  webhookPaths,
  webhookRoutes,
} from '@esign/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, errorResponses } from '../http/error-responses.ts';
import { requestContextOf, requireSession, userOf } from '../http/request-context.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliver,
  sendTestEvent,
  updateWebhook,
  type WebhookDeps,
} from './webhooks.service.ts';

/**
 * The webhook page's calls: a signed-in user manages their own endpoints, their groups' and
 * (administrators) the organisation's. Browser session and XSRF only.
 */
export async function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Webhooks'];
  const security = [{ sessionCookie: [] }];
  const notManaged = errorResponse(
    404,
    'No endpoint of this id that the caller manages: unknown, removed, or another user’s, group’s or (to a non-administrator) the organisation’s (errors.notFound either way).',
  );
  const turnedOff = errorResponse(
    409,
    'The endpoint is turned off (webhooks.errors.endpointDisabled): turn it on first (PUT with Enabled true).',
  );

  routes.get(
    webhookPaths.webhooks,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "The endpoints the caller manages: their own, their groups' and (administrators) the organisation's",
        response: { 200: z.array(WebhookListItem), ...errorResponses(401) },
      },
    },
    async (request) => listWebhooks(deps, userOf(request)),
  );

  routes.post(
    webhookPaths.webhooks,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: 'Registers an endpoint; the answer is the only time its signing Secret is shown',
        description:
          'Url: https (http only for 127.0.0.1 with WEBHOOK_ALLOW_HTTP), whose host resolves only to addresses WEBHOOK_ALLOWED_HOSTS allows (400 webhooks.errors.urlNotHttps, addressNotAllowed, hostNotFound on Url). Scope "group" needs a GroupId of a group the caller belongs to (400 webhooks.errors.groupNotAllowed); "organisation" only for administrators (403 webhooks.errors.organisationScopeNotAllowed).',
        body: CreateWebhookRequest,
        response: {
          200: CreatedWebhook,
          ...errorResponse(
            400,
            'issues: a field is not valid; Url not https (webhooks.errors.urlNotHttps), resolving to an address WEBHOOK_ALLOWED_HOSTS does not allow (webhooks.errors.addressNotAllowed) or not resolving (webhooks.errors.hostNotFound); GroupId not a group of the caller (webhooks.errors.groupNotAllowed).',
          ),
          ...errorResponses(401),
          ...errorResponse(
            403,
            'Scope "organisation" from a user who is not an administrator (webhooks.errors.organisationScopeNotAllowed, also in issues under Scope).',
          ),
        },
      },
    },
    async (request) => {
      const caller = userOf(request);
      return createWebhook(deps, caller, request.body, requestContextOf(request, caller.email));
    },
  );

  routes.put(
    webhookRoutes.webhook,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: 'Changes the address and the events, and turns the endpoint on or off',
        description:
          'Turning a disabled endpoint on clears its failures; deliveries it missed while off can be sent again one by one (redeliver).',
        params: WebhookIdParams,
        body: UpdateWebhookRequest,
        response: {
          200: WebhookListItem,
          ...errorResponse(
            400,
            'issues: a field is not valid, or a changed Url is refused as at creation (webhooks.errors.urlNotHttps, addressNotAllowed, hostNotFound).',
          ),
          ...errorResponses(401),
          ...notManaged,
        },
      },
    },
    async (request) => {
      const caller = userOf(request);
      return updateWebhook(
        deps,
        caller,
        request.params.id,
        request.body,
        requestContextOf(request, caller.email),
      );
    },
  );

  routes.delete(
    webhookRoutes.webhook,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: 'Removes an endpoint and its deliveries',
        params: WebhookIdParams,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(400, 401),
          ...notManaged,
        },
      },
    },
    async (request, reply) => {
      const caller = userOf(request);
      await deleteWebhook(deps, caller, request.params.id, requestContextOf(request, caller.email));
      return reply.status(204).send(null);
    },
  );

  routes.get(
    webhookRoutes.deliveries,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: "The endpoint's newest 100 deliveries, each with its last attempt",
        params: WebhookIdParams,
        response: {
          200: z.array(WebhookDelivery),
          ...errorResponses(400, 401),
          ...notManaged,
        },
      },
    },
    async (request) => listWebhookDeliveries(deps, userOf(request), request.params.id),
  );

  routes.post(
    webhookRoutes.test,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary: 'Sends a webhook.test event to the endpoint now',
        description: '409 webhooks.errors.endpointDisabled while the endpoint is off.',
        params: WebhookIdParams,
        response: {
          200: WebhookDelivery,
          ...errorResponses(400, 401),
          ...notManaged,
          ...turnedOff,
        },
      },
    },
    async (request) => sendTestEvent(deps, userOf(request), request.params.id),
  );

  routes.post(
    webhookRoutes.redeliver,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "Sends a delivery's event again (the same webhook-id), after the flow's other waiting deliveries",
        description: '409 webhooks.errors.endpointDisabled while the endpoint is off.',
        params: WebhookDeliveryIdParams,
        response: {
          200: WebhookDelivery,
          ...errorResponses(400, 401),
          ...errorResponse(
            404,
            'No delivery of this id to an endpoint the caller manages (errors.notFound).',
          ),
          ...turnedOff,
        },
      },
    },
    async (request) => redeliver(deps, userOf(request), request.params.deliveryId),
  );
}
