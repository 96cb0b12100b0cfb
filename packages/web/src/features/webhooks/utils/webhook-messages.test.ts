import { webhookDeliveryErrorKeys, webhookErrorKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import en from '../../../locales/en.json';
import fi from '../../../locales/fi.json';
import sv from '../../../locales/sv.json';
import { eventKeys } from './event-keys.ts';
import {
  deliveryErrorKey,
  webhookFieldIssuesOf,
  webhookFieldMessageKey,
  webhookFormMessageKey,
} from './webhook-messages.ts';

const refused = (status: number, body: unknown) =>
  new ApiError(status, 'errors.unexpected', JSON.stringify(body), new Headers());

/** A catalogue's text by its dotted key. */
function textOf(catalogue: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      catalogue,
    );
}

describe('the messages of the webhook forms and deliveries', () => {
  it.each([
    ['fi', fi],
    ['en', en],
    ['sv', sv],
  ])(
    'are all in the %s catalogue: every refusal, delivery error and event',
    (_language, catalogue) => {
      const keys = [
        ...Object.values(webhookErrorKeys),
        ...Object.values(webhookDeliveryErrorKeys),
        'webhooks.deliveryErrors.unknown',
        ...Object.values(eventKeys).map((key) => `webhooks.events.${key}`),
      ];
      for (const key of keys) expect(typeof textOf(catalogue, key), key).toBe('string');
    },
  );

  it('keep the keys they have texts for, say what to choose, and call anything else an invalid value', () => {
    expect(webhookFieldMessageKey('Url', 'webhooks.errors.hostNotFound')).toBe(
      'webhooks.errors.hostNotFound',
    );
    expect(webhookFieldMessageKey('Url', 'validation.required')).toBe('validation.required');
    expect(webhookFieldMessageKey('Events', 'validation.required')).toBe(
      'webhooks.form.eventsRequired',
    );
    expect(webhookFieldMessageKey('GroupId', 'validation.required')).toBe(
      'webhooks.form.groupRequired',
    );
    expect(webhookFieldMessageKey('Url', 'something.else')).toBe('validation.invalidValue');
  });

  it('take the server’s field issues as they come, and place a bare refusal at its field', () => {
    const withIssue = refused(400, {
      status: 400,
      key: 'errors.checkInput',
      message: 'x',
      issues: [{ path: 'Url', key: 'validation.maxLength' }],
    });
    expect(webhookFieldIssuesOf(withIssue)).toEqual([{ path: 'Url', key: 'validation.maxLength' }]);
    const scope = refused(403, {
      status: 403,
      key: webhookErrorKeys.organisationScopeNotAllowed,
      message: 'x',
    });
    expect(webhookFieldIssuesOf(scope)).toEqual([
      { path: 'Scope', key: webhookErrorKeys.organisationScopeNotAllowed },
    ]);
    const group = refused(403, {
      status: 403,
      key: webhookErrorKeys.groupNotAllowed,
      message: 'x',
    });
    expect(webhookFieldIssuesOf(group)).toEqual([
      { path: 'GroupId', key: webhookErrorKeys.groupNotAllowed },
    ]);
    expect(
      webhookFieldIssuesOf(refused(403, { status: 403, key: 'errors.forbidden', message: 'x' })),
    ).toEqual([]);
    expect(webhookFieldIssuesOf(new Error('network'))).toEqual([]);
  });

  it('say what the server refused, or that something unexpected happened', () => {
    const off = refused(409, { status: 409, key: webhookErrorKeys.endpointDisabled, message: 'x' });
    expect(webhookFormMessageKey(off)).toBe(webhookErrorKeys.endpointDisabled);
    expect(webhookFormMessageKey(refused(429, ''))).toBe('errors.tooManyRequests');
    expect(webhookFormMessageKey(new Error('network'))).toBe('errors.unexpected');
  });

  it('translate why a delivery got no answer, and a reason this app does not know as a failure', () => {
    expect(deliveryErrorKey(webhookDeliveryErrorKeys.timeout)).toBe(
      'webhooks.deliveryErrors.timeout',
    );
    expect(deliveryErrorKey('webhooks.deliveryErrors.somethingNew')).toBe(
      'webhooks.deliveryErrors.unknown',
    );
  });
});
