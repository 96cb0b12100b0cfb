import {
  CreatedWebhook,
  CreateWebhookRequest,
  ErrorBody,
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
  const unknown = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  routes.get(
    webhookPaths.webhooks,
    {
      onRequest: requireSession,
      schema: {
        tags,
        security,
        summary:
          "The endpoints the caller manages: their own, their groups' and (administrators) the organisation's",
        response: { 200: z.array(WebhookListItem), 401: ErrorBody, 403: ErrorBody },
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
        response: { 200: CreatedWebhook, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
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
        response: { 200: WebhookListItem, 400: ErrorBody, ...unknown },
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
        response: { 204: z.null().describe('Removed'), 400: ErrorBody, ...unknown },
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
        response: { 200: z.array(WebhookDelivery), 400: ErrorBody, ...unknown },
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
        response: { 200: WebhookDelivery, 400: ErrorBody, ...unknown, 409: ErrorBody },
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
        response: { 200: WebhookDelivery, 400: ErrorBody, ...unknown, 409: ErrorBody },
      },
    },
    async (request) => redeliver(deps, userOf(request), request.params.deliveryId),
  );
}
