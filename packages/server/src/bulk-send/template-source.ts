import { SignFlowSaveRequest } from '@esign/contract';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { SignFlowActionDeps } from '../signflows/signflow-access.ts';
import { readSignFlow, saveDraft, sendSignFlow } from '../signflows/signflows.service.ts';
import type { BulkPerson } from './bulk-rows.ts';

/** A template as bulk send sees it: the roles a CSV fills (those without a fixed person). */
export interface BulkTemplate {
  id: string;
  name: string;
  /** The open roles' names, in the template's order. */
  roles: string[];
}

export interface BulkFlowRequest {
  owner: SessionUser;
  templateId: string;
  people: BulkPerson[];
  flowName: string | null;
  note: string | null;
  context: RequestContext;
}

/**
 * What bulk send needs of templates, and no more: whether the user may use a template and its
 * open roles, and one flow made of it and sent. The templates feature answers both; the
 * narrow shape keeps bulk send from knowing its tables.
 */
export interface BulkTemplateSource {
  /** The template if this user may use it; null when it is unknown or not theirs to use. */
  findTemplate(user: SessionUser, templateId: string): Promise<BulkTemplate | null>;
  /** Makes one flow of the template with these people and sends it; answers the flow's id. */
  sendFlow(request: BulkFlowRequest): Promise<string>;
}

/**
 * A stand-in source until templates exist: the "template" is a flow the user may see, its
 * signers' names are the roles, and each row is a copy of it (files copied) with the row's
 * people as signers, then sent.
 */
export function flowCopySource(deps: SignFlowActionDeps): BulkTemplateSource {
  return {
    async findTemplate(user, templateId) {
      const flow = await readSignFlow(deps, user, templateId).catch(() => null);
      if (!flow) return null;
      return { id: flow.Guid, name: flow.Name, roles: flow.Signers.map((signer) => signer.Name) };
    },
    async sendFlow({ owner, templateId, people, flowName, note, context }) {
      const source = await readSignFlow(deps, owner, templateId);
      const input = SignFlowSaveRequest.parse({
        Name: flowName ?? source.Name,
        Note: note ?? source.Note,
        SignatureProcess: source.SignatureProcess,
        MinimumSignatureLevel: source.MinimumSignatureLevel,
        Role: source.Role,
        ReminderIntervalInDays: source.ReminderIntervalInDays || null,
        CopyFromGuid: templateId,
        Signers: people.map((person) => ({
          Name: person.Name,
          Email: person.Email,
          PersonalIdentityCode: person.PersonalIdentityCode,
        })),
      });
      const draft = await saveDraft(deps, owner, input);
      await sendSignFlow(deps, owner, draft.Guid, context);
      return draft.Guid;
    },
  };
}
