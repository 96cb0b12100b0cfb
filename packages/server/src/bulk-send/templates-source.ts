import type { SessionUser } from '../http/request-context.ts';
import type { SignFlowActionDeps } from '../signflows/signflow-access.ts';
import {
  createFlowFromTemplate,
  readTemplateForUse,
  type FlowFromTemplateInput,
  type TemplateForUse,
} from '../templates/template-flows.service.ts';
import type { BulkTemplateSource } from './template-source.ts';

/** How long a template read for a batch's rows is used before it is read again. */
const reuseMs = 5_000;

/**
 * Bulk send over templates: the open roles are those without a fixed person, and each row is
 * one flow made and sent by createFlowFromTemplate. A batch's rows share one reading of the
 * template for a few seconds (the service takes it read once), so 1000 rows do not read it
 * 1000 times; a template removed meanwhile fails the rows after it.
 */
export function templatesSource(deps: SignFlowActionDeps): BulkTemplateSource {
  const recent = new Map<string, { at: number; source: TemplateForUse }>();
  async function templateFor(owner: SessionUser, templateId: string) {
    const key = `${owner.id}:${templateId}`;
    const kept = recent.get(key);
    if (kept && Date.now() - kept.at < reuseMs) return kept.source;
    const source = await readTemplateForUse(deps.db, owner, templateId);
    recent.set(key, { at: Date.now(), source });
    for (const [other, entry] of recent) if (Date.now() - entry.at >= reuseMs) recent.delete(other);
    return source;
  }
  return {
    async findTemplate(user, templateId) {
      const source = await readTemplateForUse(deps.db, user, templateId).catch(() => null);
      if (!source) return null;
      return {
        id: source.template.id,
        name: source.template.name,
        roles: source.roles.filter((role) => role.email === null).map((role) => role.role_name),
      };
    },
    async sendFlow({ owner, templateId, people, flowName, note, context }) {
      const source = await templateFor(owner, templateId);
      const open = [...people];
      const input: FlowFromTemplateInput = {
        // The row's people fill the open roles in order; a fixed role keeps its person.
        people: source.roles.map((role) => {
          if (role.email !== null) return undefined;
          const index = open.findIndex((person) => person.Role === role.role_name);
          const [person] = index >= 0 ? open.splice(index, 1) : [];
          return person
            ? {
                Name: person.Name,
                Email: person.Email,
                PersonalIdentityCode: person.PersonalIdentityCode,
              }
            : undefined;
        }),
        name: flowName,
        note,
        send: true,
      };
      const flow = await createFlowFromTemplate(deps, owner, source, input, context);
      return flow.Guid;
    },
  };
}
