import { z } from 'zod';
import { IsoDateTime } from './entities.ts';
import { SignatureLevel, SignatureProcess, SignerStatus, SignFlowStatus } from './enums.ts';
import { RecordId } from './plain-text.ts';
import { validationKeys as v } from './validation.ts';

/**
 * Webhooks (an addition to SPEC §7): a user, a user group or the whole organisation registers
 * endpoints that hear what happens to sign flows. Deliveries follow the Standard Webhooks
 * specification (webhook-id, webhook-timestamp, webhook-signature: `v1,` + base64 of
 * HMAC-SHA256 over `id.timestamp.body` with the endpoint's secret).
 */
export const webhookPaths = {
  webhooks: '/api/esign/Webhooks',
  webhook: (id: string) => `/api/esign/Webhooks/${encodeURIComponent(id)}`,
  deliveries: (id: string) => `/api/esign/Webhooks/${encodeURIComponent(id)}/deliveries`,
  test: (id: string) => `/api/esign/Webhooks/${encodeURIComponent(id)}/test`,
  redeliver: (deliveryId: string) =>
    `/api/esign/Webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
} as const;
export const webhookRoutes = {
  webhook: '/api/esign/Webhooks/:id',
  deliveries: '/api/esign/Webhooks/:id/deliveries',
  test: '/api/esign/Webhooks/:id/test',
  redeliver: '/api/esign/Webhooks/deliveries/:deliveryId/redeliver',
} as const;

/** What happened to a flow; `webhook.test` is sent only by the "send a test event" call. */
export const WebhookEventType = z.enum([
  'signflow.sent',
  'signflow.opened',
  'signer.signed',
  'signer.rejected',
  'signflow.finished',
  'signflow.cancelled',
  'signflow.expired',
  'signflow.failed',
  'signflow.deleted',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
export const webhookTestEventType = 'webhook.test';

/** Whose flows an endpoint hears: its owner's, a group's (members manage it), or all (administrators). */
export const WebhookScope = z.enum(['user', 'group', 'organisation']);
export type WebhookScope = z.infer<typeof WebhookScope>;

export const webhookLimits = {
  urlMaxLength: 2000,
  /** Deliveries an endpoint's page shows (the newest). */
  deliveriesShown: 100,
  /** Of each answer, this many bytes are kept and shown. */
  responseKeptBytes: 1024,
} as const;

/** Message keys of the webhook calls, translated under webhooks.errors in every catalogue. */
export const webhookErrorKeys = {
  /** Not an absolute https URL (http only for 127.0.0.1 with WEBHOOK_ALLOW_HTTP). */
  urlNotHttps: 'webhooks.errors.urlNotHttps',
  /** The host is or resolves to an address WEBHOOK_ALLOWED_HOSTS does not allow. */
  addressNotAllowed: 'webhooks.errors.addressNotAllowed',
  /** The host name does not resolve. */
  hostNotFound: 'webhooks.errors.hostNotFound',
  /** Organisation scope asked for by someone who is not an administrator. */
  organisationScopeNotAllowed: 'webhooks.errors.organisationScopeNotAllowed',
  /** Group scope for a group the caller is not a member of (or without GroupId). */
  groupNotAllowed: 'webhooks.errors.groupNotAllowed',
  /** A test event or a redelivery for an endpoint that is turned off. */
  endpointDisabled: 'webhooks.errors.endpointDisabled',
} as const;
export type WebhookErrorKey = (typeof webhookErrorKeys)[keyof typeof webhookErrorKeys];

export const webhookErrorMessages: Record<WebhookErrorKey, string> = {
  'webhooks.errors.urlNotHttps': 'The address must be a full https:// address.',
  'webhooks.errors.addressNotAllowed':
    'The portal may not send to this address: it is in a private or local network the administrator has not allowed.',
  'webhooks.errors.hostNotFound': 'No server by this name was found.',
  'webhooks.errors.organisationScopeNotAllowed':
    'Only administrators can receive the events of every signing request of the organisation.',
  'webhooks.errors.groupNotAllowed': 'Choose a user group you are a member of.',
  'webhooks.errors.endpointDisabled': 'The webhook is turned off. Turn it on first.',
};

const Events = z
  .array(WebhookEventType, { error: v.required })
  .min(1, v.required)
  .max(WebhookEventType.options.length, v.invalidValue)
  .refine((events) => new Set(events).size === events.length, v.invalidValue);

const Url = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .max(webhookLimits.urlMaxLength, v.maxLength);

export const CreateWebhookRequest = z.object({
  Url,
  Events,
  Scope: WebhookScope,
  /** The group, when Scope is "group". */
  GroupId: RecordId.nullish(),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** A change: the address, the events, and whether it is on (turning on clears a disabling). */
export const UpdateWebhookRequest = z.object({
  Url,
  Events,
  Enabled: z.boolean({ error: v.required }),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

/** An endpoint as the lists show it; never its secret. */
export const WebhookListItem = z.object({
  Id: z.string(),
  Url: z.string(),
  Events: z.array(WebhookEventType),
  Scope: WebhookScope,
  GroupId: z.string().nullable(),
  GroupName: z.string().nullable(),
  Enabled: z.boolean(),
  /** Why it is off: "failing" when the portal turned it off after 3 days of failures, "user" when someone did. */
  DisabledReason: z.enum(['failing', 'user']).nullable(),
  /** Since when every delivery has failed (null while the last one succeeded). */
  FailingSince: IsoDateTime.nullable(),
  CreatedAt: IsoDateTime,
  /** Who added it (null once that account is removed). */
  OwnerName: z.string().nullable(),
  OwnerEmail: z.string().nullable(),
});
export type WebhookListItem = z.infer<typeof WebhookListItem>;

/** The answer to creating an endpoint: the only time Secret (`whsec_` + base64) is answered. */
export const CreatedWebhook = WebhookListItem.extend({ Secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

/** Why an attempt got no answer: keys under webhooks.deliveryErrors in every catalogue. */
export const webhookDeliveryErrorKeys = {
  addressNotAllowed: 'webhooks.deliveryErrors.addressNotAllowed',
  hostNotFound: 'webhooks.deliveryErrors.hostNotFound',
  timeout: 'webhooks.deliveryErrors.timeout',
  connectionFailed: 'webhooks.deliveryErrors.connectionFailed',
  endpointDisabled: 'webhooks.deliveryErrors.endpointDisabled',
} as const;

export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One event to one endpoint, with its last attempt. */
export const WebhookDelivery = z.object({
  Id: z.string(),
  /** The event's id, sent as webhook-id (the same on every attempt and redelivery). */
  EventId: z.string(),
  Event: z.union([WebhookEventType, z.literal(webhookTestEventType)]),
  SignFlowId: z.string().nullable(),
  CreatedAt: IsoDateTime,
  Status: WebhookDeliveryStatus,
  Attempts: z.number().int(),
  LastAttemptAt: IsoDateTime.nullable(),
  NextAttemptAt: IsoDateTime.nullable(),
  /** The receiver's HTTP status of the last attempt (null when none came: refused, timed out). */
  StatusCode: z.number().int().nullable(),
  DurationMs: z.number().int().nullable(),
  /** The first kilobyte of the receiver's answer. */
  Response: z.string().nullable(),
  /** Why the last attempt failed without an answer (a message key under webhooks.deliveryErrors). */
  Error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookIdParams = z.object({ id: RecordId });
export const WebhookDeliveryIdParams = z.object({ deliveryId: RecordId });

/** A flow's signer as an event tells it: no identity codes. */
export const WebhookSigner = z.object({
  Guid: z.string(),
  Name: z.string(),
  Email: z.string(),
  Status: SignerStatus,
  CompletionTimeUtc: IsoDateTime.nullable(),
  SignatureLevel: SignatureLevel.nullable(),
});

/** The flow as an event tells it, in the spec's field names. */
export const WebhookSignFlow = z.object({
  Guid: z.string(),
  Name: z.string(),
  Status: SignFlowStatus,
  CreationDate: IsoDateTime,
  SentToSignersDate: IsoDateTime.nullable(),
  CompletionTimeUtc: IsoDateTime.nullable(),
  SignatureProcess: SignatureProcess.nullable(),
  MinimumSignatureLevel: SignatureLevel.nullable(),
  /** The user group the flow belongs to, if any. */
  Role: z.string().nullable(),
  Signers: z.array(WebhookSigner),
});

/** An event's body. `Signer` names the signer it is about; `SignedFile` comes with signflow.finished. */
export const WebhookEventBody = z.object({
  Id: z.string(),
  Type: z.union([WebhookEventType, z.literal(webhookTestEventType)]),
  Timestamp: IsoDateTime,
  Data: z.object({
    SignFlow: WebhookSignFlow.nullable(),
    Signer: WebhookSigner.nullable(),
    SignedFile: z
      .object({ Guid: z.string(), FileName: z.string(), DownloadPath: z.string() })
      .nullable(),
  }),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;
