import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders } from './webhook-signature.ts';

describe('webhook signatures', () => {
  it('are accepted by the Standard Webhooks library, and refused once the body changes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ Id: 'evt_1', Type: 'signflow.sent', Name: 'Työsopimus' });
    const headers = signedHeaders(secret, { id: 'evt_1', body, at: new Date() });
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('sent', 'signed'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('carry the time of the attempt, which the library holds to five minutes', () => {
    const secret = newWebhookSecret();
    const body = '{}';
    const old = signedHeaders(secret, { id: 'evt_2', body, at: new Date(Date.now() - 3_600_000) });
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });
});
