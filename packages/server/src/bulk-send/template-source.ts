import type { RequestContext, SessionUser } from '../http/request-context.ts';
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
