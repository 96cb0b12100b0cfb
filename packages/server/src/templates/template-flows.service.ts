import type { z } from 'zod';
import {
  SignFlowSaveRequest,
  type TemplateUseRequest,
  type FieldIssue,
  type SignFlowDetailResponse,
  validationKeys,
} from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database, TemplateFileRow, TemplateRoleRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { RequestContext, SessionUser } from '../http/request-context.ts';
import type { SignFlowActionDeps } from '../signflows/signflow-access.ts';
import {
  createDraftWithFiles,
  readSignFlow,
  sendSignFlow,
} from '../signflows/signflows.service.ts';
import { loadVisibleTemplate, type VisibleTemplate } from './template-access.ts';
import { listRoles, listTemplateFiles } from './templates.repository.ts';

/** A template as using it needs it: its row, roles in order and files. */
export interface TemplateForUse {
  template: VisibleTemplate;
  roles: TemplateRoleRow[];
  files: TemplateFileRow[];
}

/**
 * A template the actor may use (own, or shared with a group they belong to), with its roles in
 * their order and its files; 404 for any other. Read once and pass it to createFlowFromTemplate
 * to make many flows of it (bulk send).
 */
export async function readTemplateForUse(
  db: Kysely<Database>,
  actor: SessionUser,
  templateId: string,
): Promise<TemplateForUse> {
  const template = await loadVisibleTemplate(db, actor, templateId);
  const [roles, files] = await Promise.all([
    listRoles(db, templateId),
    listTemplateFiles(db, templateId),
  ]);
  return { template, roles, files };
}

/** The person who signs in a role: name, address and (optionally) identity code. */
export interface TemplatePerson {
  Name?: string | null;
  Email: string;
  PersonalIdentityCode?: string | null;
  Organisation?: string | null;
}

export interface FlowFromTemplateInput {
  /**
   * One entry per role, in the template's role order (TemplateForUse.roles): the person who
   * signs in it. null or undefined keeps the role's fixed person; a role without one must be
   * given a person (validation.signerEmailRequired at Signers.{index}.Email otherwise).
   */
  people: Array<TemplatePerson | null | undefined>;
  /** The flow's name; null/undefined: the template's name. */
  name?: string | null;
  /** The message to the signers; null/undefined: the template's note. */
  note?: string | null;
  /** Send at once through the usual send (its checks apply); otherwise the flow stays a draft. */
  send?: boolean;
  /**
   * Without send only: a role with no person given and no fixed one becomes a signer with an
   * empty name and address, labelled by its role, for the sender to fill on the edit screen
   * (the draft cannot be sent until then). Default false: such a role is refused.
   */
  allowEmptyRoles?: boolean;
}

/** Stands in for an empty role's address while the rest is checked; never stored. */
const emptyRoleAddress = 'role@empty.invalid';

/** A zod issue in the wire form: path, SPEC §5 key and the limit it names. */
function fieldIssueOf(issue: {
  path: PropertyKey[];
  message: string;
  maximum?: unknown;
}): FieldIssue {
  return {
    path: issue.path.map(String).join('.'),
    key: issue.message.startsWith('validation.') ? issue.message : validationKeys.invalidValue,
    ...(typeof issue.maximum === 'number' ? { params: { n: issue.maximum } } : {}),
  };
}

/** The flow's signers: each role's given person, else its fixed person, named by the role. */
function signersOf(
  roles: TemplateRoleRow[],
  people: FlowFromTemplateInput['people'],
  allowEmpty: boolean,
) {
  const issues: FieldIssue[] = [];
  if (people.length > roles.length)
    issues.push({ path: 'Signers', key: validationKeys.invalidValue });
  const signers = roles.map((role, index) => {
    const person = people[index];
    if (person) {
      return {
        Name: person.Name ?? '',
        Email: person.Email,
        Organisation: person.Organisation ?? null,
        PersonalIdentityCode: person.PersonalIdentityCode ?? null,
        Role: role.role_name,
      };
    }
    // A role without a fixed person and without a given one: the parse refuses its empty address.
    return {
      Name: role.name ?? '',
      Email: role.email ?? (allowEmpty ? emptyRoleAddress : ''),
      Organisation: role.organisation,
      PersonalIdentityCode: role.personal_identity_code,
      Role: role.role_name,
    };
  });
  return { signers, issues };
}

/**
 * Makes one flow of a template for the actor: its settings, message and roles' people, and a
 * copy of every template file in storage (never shared: changing or deleting the template later
 * does not touch the flow). With send, the flow is then sent through sendSignFlow (its checks
 * and 409s apply; a flow that fails them stays a draft and the error is thrown). Bad people
 * (address, identity code) are refused with validation issues under Signers.{roleIndex}, and
 * nothing is made. Answers the flow's detail, as GET SignFlows/{id} does.
 *
 * `template` is a template id, or a TemplateForUse already read (readTemplateForUse) to spare
 * reading it again for every flow of a batch; the actor must be allowed to use it either way.
 */
export async function createFlowFromTemplate(
  deps: SignFlowActionDeps,
  actor: SessionUser,
  template: string | TemplateForUse,
  input: FlowFromTemplateInput,
  context: RequestContext,
): Promise<SignFlowDetailResponse> {
  const source =
    typeof template === 'string' ? await readTemplateForUse(deps.db, actor, template) : template;
  const row = source.template;
  const allowEmpty = input.allowEmptyRoles === true && input.send !== true;
  const { signers, issues } = signersOf(source.roles, input.people, allowEmpty);
  const parsed = SignFlowSaveRequest.safeParse({
    Name: input.name ?? row.name,
    Note: input.note ?? row.note,
    SignatureProcess: row.signature_process,
    MinimumSignatureLevel: row.minimum_signature_level,
    InspectorEmail: row.inspector_email,
    ReminderIntervalInDays: row.reminder_interval_days,
    Language: row.language,
    Signers: signers,
  });
  if (!parsed.success) {
    issues.push(...parsed.error.issues.map(fieldIssueOf));
  }
  if (issues.length > 0 || !parsed.success) throw new AppError('validation', { issues });
  const draft = {
    ...parsed.data,
    Signers: parsed.data.Signers.map((signer) =>
      signer.Email === emptyRoleAddress ? { ...signer, Email: '' } : signer,
    ),
  };
  const flowId = await createDraftWithFiles(
    deps,
    actor,
    draft,
    source.files.map((file) => ({
      kind: file.kind,
      fileName: file.file_name,
      contentType: file.content_type,
      size: Number(file.size),
      sha256: file.sha256,
      storageKey: file.storage_key,
    })),
  );
  if (input.send) return sendSignFlow(deps, actor, flowId, context);
  return readSignFlow(deps, actor, flowId);
}

type UseInput = z.output<typeof TemplateUseRequest>;

/**
 * POST Templates/{id}/signflows: the people named by their role's Guid (a RoleGuid the template
 * does not have is refused), then createFlowFromTemplate; a draft (no Send) may leave roles
 * empty, to be filled on the edit screen.
 */
export async function useTemplate(
  deps: SignFlowActionDeps,
  actor: SessionUser,
  templateId: string,
  input: UseInput,
  context: RequestContext,
): Promise<SignFlowDetailResponse> {
  const source = await readTemplateForUse(deps.db, actor, templateId);
  const people: FlowFromTemplateInput['people'] = source.roles.map(() => undefined);
  const issues: FieldIssue[] = [];
  input.Signers.forEach((person, index) => {
    const position = source.roles.findIndex((role) => role.id === person.RoleGuid);
    if (position < 0)
      issues.push({ path: `Signers.${index}.RoleGuid`, key: validationKeys.invalidValue });
    else people[position] = person;
  });
  if (issues.length > 0) throw new AppError('validation', { issues });
  return createFlowFromTemplate(
    deps,
    actor,
    source,
    { people, name: input.Name, note: input.Note, send: input.Send, allowEmptyRoles: true },
    context,
  );
}
