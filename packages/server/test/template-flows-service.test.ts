import { describe, expect, it } from 'vitest';
import { loadPortalTrust } from '../src/pki/portal-trust.ts';
import { scratchOf } from '../src/files/scratch.ts';
import { createFileStorage } from '../src/storage/create-storage.ts';
import { systemClock } from '../src/time/clock.ts';
import type { SessionUser } from '../src/http/request-context.ts';
import type { SignFlowActionDeps } from '../src/signflows/signflow-access.ts';
import {
  createFlowFromTemplate,
  readTemplateForUse,
} from '../src/templates/template-flows.service.ts';
import { AppError } from '../src/errors/app-error.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { makePdf } from './support/pdf.ts';
import { useTestApp, type TestContext } from './support/test-app.ts';

const templates = '/api/esign/Templates';

/** The services' dependencies, as app.ts builds them (without a job worker). */
async function depsOf(context: TestContext): Promise<SignFlowActionDeps> {
  const { db } = context.database.handle;
  return {
    db,
    storage: createFileStorage(context.config, 'svc'),
    scratch: scratchOf(context.config.dataDir, 'svc'),
    config: context.config,
    clock: systemClock,
    trust: await loadPortalTrust(db, context.config, systemClock),
  };
}

/** The session user the service takes, as the session plugin would make it. */
async function actorOf(context: TestContext, email: string): Promise<SessionUser> {
  const row = await context.database.handle.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    organisation: row.organisation,
    title: row.title,
    isAdmin: false,
    groupIds: [],
  };
}

describe.each(databaseKinds)('createFlowFromTemplate (the bulk send’s service) on %s', (kind) => {
  const context = useTestApp(kind);

  it('makes and sends many flows of one template read once, each with its own copied files and people', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const created = await owner.post(templates, {
      Name: 'Opiskelijasopimus',
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      Language: 'fi',
      Roles: [
        { RoleName: 'Opiskelija' },
        { RoleName: 'Opettaja', Name: 'Olli Opettaja', Email: 'olli@example.com' },
      ],
    });
    const id = created.json<{ Guid: string }>().Guid;
    expect(
      (await owner.upload(`${templates}/${id}/signfile`, 'sopimus.pdf', makePdf())).statusCode,
    ).toBe(200);
    const deps = await depsOf(context);
    const actor = await actorOf(context, 'user@example.com');
    const source = await readTemplateForUse(deps.db, actor, id);
    expect(source.roles.map((role) => role.role_name)).toEqual(['Opiskelija', 'Opettaja']);

    const count = 40;
    const started = performance.now();
    const made: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const flow = await createFlowFromTemplate(
        deps,
        actor,
        source,
        {
          people: [{ Name: `Opiskelija Äijälä ${index}`, Email: `o${index}@example.com` }],
          name: `Sopimus ${index}`,
          note: index === 0 ? 'Oma viesti' : null,
          send: true,
        },
        { actor: actor.email, userId: actor.id },
      );
      expect(flow.Status).toBe('Sent');
      made.push(flow.Guid);
    }
    const perFlowMs = (performance.now() - started) / count;
    // 1000 flows in two minutes is 120 ms a flow; leave room for a busy test machine.
    expect(perFlowMs).toBeLessThan(400);
    const { db } = deps;
    const first = await db
      .selectFrom('sign_flows')
      .selectAll()
      .where('id', '=', made[0] ?? '')
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ name: 'Sopimus 0', note: 'Oma viesti', status: 'Sent' });
    const signers = await db
      .selectFrom('sign_flow_signers')
      .select(['email', 'role'])
      .where('flow_id', '=', made[1] ?? '')
      .orderBy('position')
      .execute();
    expect(signers).toEqual([
      { email: 'o1@example.com', role: 'Opiskelija' },
      { email: 'olli@example.com', role: 'Opettaja' },
    ]);
    const keys = await db
      .selectFrom('sign_flow_files')
      .select('storage_key')
      .where('flow_id', 'in', made)
      .where('kind', '=', 'signfile')
      .execute();
    expect(new Set(keys.map((row) => row.storage_key)).size).toBe(count);
  });

  it('refuses a missing person, and a user who may not see the template, making nothing', async () => {
    const owner = new TestClient(context.app);
    await owner.login('user@example.com', 'user-demo');
    const stranger = new TestClient(context.app);
    await stranger.login('user2@example.com', 'user2-demo');
    const id = (
      await owner.post(templates, { Name: 'Pohja', Roles: [{ RoleName: 'Allekirjoittaja' }] })
    ).json<{ Guid: string }>().Guid;
    const deps = await depsOf(context);
    const before = await deps.db.selectFrom('sign_flows').select('id').execute();
    const actor = await actorOf(context, 'user@example.com');
    const missing = await createFlowFromTemplate(
      deps,
      actor,
      id,
      { people: [] },
      { actor: actor.email },
    ).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).issues).toEqual([
      { path: 'Signers.0.Email', key: 'validation.signerEmailRequired' },
    ]);
    const other = await actorOf(context, 'user2@example.com');
    const hidden = await createFlowFromTemplate(
      deps,
      other,
      id,
      { people: [{ Email: 'x@example.com' }] },
      { actor: other.email },
    ).catch((error: unknown) => error);
    expect((hidden as AppError).code).toBe('notFound');
    expect(await deps.db.selectFrom('sign_flows').select('id').execute()).toEqual(before);
  });
});
