import { webhookTestEventType, type WebhookEventType } from '@esign/contract';

/** An event's name in the catalogues (webhooks.events.*): i18next reads '.' as a key separator. */
export const eventKeys = {
  'signflow.sent': 'signflowSent',
  'signflow.opened': 'signflowOpened',
  'signer.signed': 'signerSigned',
  'signer.rejected': 'signerRejected',
  'signflow.finished': 'signflowFinished',
  'signflow.cancelled': 'signflowCancelled',
  'signflow.expired': 'signflowExpired',
  'signflow.failed': 'signflowFailed',
  'signflow.deleted': 'signflowDeleted',
  [webhookTestEventType]: 'webhookTest',
} as const satisfies Record<WebhookEventType | typeof webhookTestEventType, string>;
