import { WebhookEventBody, WebhookEventType, webhookTestEventType } from '@esign/contract';
import { z } from 'zod';

const whenOf: Record<WebhookEventType | typeof webhookTestEventType, string> = {
  'signflow.sent': 'The flow went out to its signers.',
  'signflow.opened': 'A signer opened their link for the first time; Data.Signer names them.',
  'signer.signed': 'A signer signed; Data.Signer names them.',
  'signer.rejected': 'A signer refused to sign; Data.Signer names them.',
  'signflow.finished':
    'Every signer signed and the signed file is ready: Data.SignedFile.DownloadPath downloads it (signflows:read).',
  'signflow.cancelled': 'The sender cancelled the flow.',
  'signflow.expired': 'The flow reached its deadline unsigned and ended.',
  'signflow.failed': 'Making the signed file failed; the sender can retry from the flow page.',
  'signflow.deleted': 'The flow was deleted (by its sender, or at its auto-delete date).',
  'webhook.test': 'Sent by "Send a test event" on the Webhooks page; Data holds nulls.',
};

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/**
 * The events as OpenAPI 3.1 `webhooks`: one POST per event type, with the Standard Webhooks
 * headers and the JSON body the receiver gets.
 */
export function webhookOpenApi(): Record<string, unknown> {
  const body = z.toJSONSchema(WebhookEventBody, { target: 'draft-2020-12', io: 'output' });
  const types = [...WebhookEventType.options, webhookTestEventType] as const;
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: `${whenOf[type]} Signed as Standard Webhooks says: check webhook-signature (v1, base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body" keyed with the endpoint's whsec_ secret) before trusting the body. Answer 2xx within 10 s; anything else is retried for 24 hours, in order per flow.`,
          tags: ['Webhooks'],
          parameters: [
            header(
              'webhook-id',
              "The event's Id: the same on every retry and redelivery",
              'evt_6a1f0c2d…',
            ),
            header('webhook-timestamp', 'This attempt, in Unix seconds', '1795863302'),
            header(
              'webhook-signature',
              'v1, and the signature in base64',
              'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { ...body, $schema: undefined } } },
          },
          responses: {
            '2XX': { description: 'Received; any 2xx status ends the delivery' },
            default: { description: 'Anything else, or no answer within 10 s: tried again later' },
          },
        },
      },
    ]),
  );
}
