import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' secret form: `whsec_` and the key in base64. */
const secretPrefix = 'whsec_';

/** A new endpoint's signing secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

/**
 * The three headers of the Standard Webhooks specification: the message id, the time of this
 * attempt in Unix seconds, and `v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`
 * keyed with the secret's bytes. A receiver checks them with any of its libraries.
 */
export function signedHeaders(
  secret: string,
  { id, body, at }: { id: string; body: string; at: Date },
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
