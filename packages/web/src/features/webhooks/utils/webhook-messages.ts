import {
  errorKeys,
  validationKeys,
  webhookDeliveryErrorKeys,
  webhookErrorKeys,
  webhookLimits,
} from '@esign/contract';
import { fieldIssuesOf } from '../../../lib/api-error.ts';
import { ApiError } from '../../../lib/http.ts';

export type WebhookFieldName = 'Url' | 'Events' | 'Scope' | 'GroupId';
export const webhookFieldNames: readonly WebhookFieldName[] = ['Url', 'Events', 'Scope', 'GroupId'];

const fieldKeys = [
  validationKeys.required,
  validationKeys.maxLength,
  validationKeys.controlCharacter,
  webhookErrorKeys.urlNotHttps,
  webhookErrorKeys.addressNotAllowed,
  webhookErrorKeys.hostNotFound,
  webhookErrorKeys.organisationScopeNotAllowed,
  webhookErrorKeys.groupNotAllowed,
] as const;
export type WebhookFieldMessageKey =
  | (typeof fieldKeys)[number]
  | typeof validationKeys.invalidValue
  | 'webhooks.form.eventsRequired'
  | 'webhooks.form.groupRequired';

/**
 * The catalogue key of a field's message in the endpoint forms: an empty choice says what to
 * choose, anything unknown is 'invalid value'.
 */
export function webhookFieldMessageKey(
  field: WebhookFieldName,
  key: string,
): WebhookFieldMessageKey {
  if (key === validationKeys.required && field === 'Events') return 'webhooks.form.eventsRequired';
  if (key === validationKeys.required && field === 'GroupId') return 'webhooks.form.groupRequired';
  return fieldKeys.find((candidate) => candidate === key) ?? validationKeys.invalidValue;
}

/** The {{n}} of a field's message: the address's longest length. */
export const webhookMessageParams = { n: webhookLimits.urlMaxLength };

/** The field each of the server's precise refusals is about, when it names no field itself. */
const fieldOfKey: Record<string, WebhookFieldName> = {
  [webhookErrorKeys.urlNotHttps]: 'Url',
  [webhookErrorKeys.addressNotAllowed]: 'Url',
  [webhookErrorKeys.hostNotFound]: 'Url',
  [webhookErrorKeys.organisationScopeNotAllowed]: 'Scope',
  [webhookErrorKeys.groupNotAllowed]: 'GroupId',
};

/**
 * The fields a failed save is about, in the server's order: its field issues, or its precise
 * refusal placed at the field it concerns.
 */
export function webhookFieldIssuesOf(
  error: unknown,
): Array<{ path: WebhookFieldName; key: string }> {
  const issues = fieldIssuesOf(error).filter(
    (issue): issue is { path: WebhookFieldName; key: string } =>
      webhookFieldNames.includes(issue.path as WebhookFieldName),
  );
  if (issues.length > 0 || !(error instanceof ApiError)) return issues;
  const key = error.body?.key;
  const path = key === undefined ? undefined : fieldOfKey[key];
  return key === undefined || path === undefined ? [] : [{ path, key }];
}

const formKeys = [
  webhookErrorKeys.endpointDisabled,
  errorKeys.tooManyRequests,
  errorKeys.forbidden,
  errorKeys.csrf,
  errorKeys.unauthorized,
  errorKeys.notFound,
] as const;
export type WebhookFormMessageKey = (typeof formKeys)[number] | typeof errorKeys.unexpected;

/** The message of a failed call that no field explains: the server's precise key when known. */
export function webhookFormMessageKey(error: unknown): WebhookFormMessageKey {
  if (!(error instanceof ApiError)) return errorKeys.unexpected;
  const key = error.body?.key ?? (error.status === 429 ? errorKeys.tooManyRequests : error.key);
  return formKeys.find((candidate) => candidate === key) ?? errorKeys.unexpected;
}

const deliveryErrorKeys = Object.values(webhookDeliveryErrorKeys);
export type WebhookDeliveryErrorKey =
  | (typeof webhookDeliveryErrorKeys)[keyof typeof webhookDeliveryErrorKeys]
  | 'webhooks.deliveryErrors.unknown';

/** Why an attempt got no answer, as a catalogue key; a reason this app does not know is 'unknown'. */
export function deliveryErrorKey(error: string): WebhookDeliveryErrorKey {
  return (
    deliveryErrorKeys.find((candidate) => candidate === error) ?? 'webhooks.deliveryErrors.unknown'
  );
}
