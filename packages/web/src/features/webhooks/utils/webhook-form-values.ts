import {
  CreateWebhookRequest,
  validationKeys,
  WebhookEventType,
  WebhookScope,
  type UpdateWebhookRequest,
  type WebhookListItem,
} from '@esign/contract';
import { z } from 'zod';

/** What the endpoint form holds; GroupId is '' until a group is chosen. */
export interface WebhookFormValues {
  Url: string;
  Events: WebhookEventType[];
  Scope: WebhookScope;
  GroupId: string;
}

export const allEvents: readonly WebhookEventType[] = WebhookEventType.options;

/** The contract's rules for the address and the events, and a group when the scope is a group. */
export const webhookFormSchema = z
  .object({
    Url: CreateWebhookRequest.shape.Url,
    Events: CreateWebhookRequest.shape.Events,
    Scope: WebhookScope,
    GroupId: z.string(),
  })
  .superRefine((values, context) => {
    if (values.Scope === 'group' && values.GroupId === '')
      context.addIssue({ code: 'custom', path: ['GroupId'], message: validationKeys.required });
  });

/** A new endpoint hears every event of its owner's own flows until the user says otherwise. */
export const newWebhookValues: WebhookFormValues = {
  Url: '',
  Events: [...allEvents],
  Scope: 'user',
  GroupId: '',
};

/** The form's values for an endpoint being edited (its scope does not change). */
export function webhookValuesOf(endpoint: WebhookListItem): WebhookFormValues {
  return {
    Url: endpoint.Url,
    Events: [...endpoint.Events],
    Scope: endpoint.Scope,
    GroupId: endpoint.GroupId ?? '',
  };
}

/** The events in the order the form lists them, whatever order they were ticked in. */
const inListOrder = (events: readonly WebhookEventType[]) =>
  allEvents.filter((event) => events.includes(event));

export function toCreateRequest(values: WebhookFormValues): CreateWebhookRequest {
  return {
    Url: values.Url,
    Events: inListOrder(values.Events),
    Scope: values.Scope,
    GroupId: values.Scope === 'group' ? values.GroupId : null,
  };
}

export function toUpdateRequest(values: WebhookFormValues, enabled: boolean): UpdateWebhookRequest {
  return { Url: values.Url, Events: inListOrder(values.Events), Enabled: enabled };
}
