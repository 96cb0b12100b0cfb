import { describe, expect, it } from 'vitest';
import { bearerCall, createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createGroupAs, groupUsersAs, roles, userIdOf } from './support/groups.ts';
import { makePdf } from './support/pdf.ts';
import { useTestApp } from './support/test-app.ts';

const templates = '/api/esign/Templates';
const flows = '/api/esign/SignFlows';

interface TemplateBody {
  Guid: string;
  Version: number;
  Roles: Array<{ Guid: string; RoleName: string; Email: string | null }>;
  SignFileInfo: { Guid: string; FileName: string } | null;
  AttachmentInfo: Array<{ Guid: string; FileName: string }>;
  CanEdit: boolean;
}

const templateBody = (extra: Record<string, unknown> = {}) => ({
  Name: 'Työsopimus',
  Note: 'Allekirjoita viikon sisällä',
  SignatureProcess: 'Sequential',
  MinimumSignatureLevel: 'Low',
  ReminderIntervalInDays: 3,
  Language: 'fi',
  Roles: [
    { RoleName: 'Työntekijä' },
    { RoleName: 'Esihenkilö', Name: 'Sanna Esihenkilö', Email: 'sanna@example.com' },
  ],
  ...extra,
});

describe.each(databaseKinds)('templates on %s', (kind) => {
  const context = useTestApp(kind);
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const db = () => context.database.handle.db;

  /** user@ owns, user2@ is in the group with them, admin@ is outside it. */
  async function people() {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    // Both sign in once, so that they are users the group can name.
    await signedIn('user@example.com', 'user-demo');
    await signedIn('user2@example.com', 'user2-demo');
    const group = await createGroupAs(admin, `HR ${Math.random().toString(36).slice(2, 8)}`);
    const { ConcurrencyStamp } = await groupUsersAs(admin, group.Id);
    const saved = await admin.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [
        await userIdOf(admin, 'user@example.com'),
        await userIdOf(admin, 'user2@example.com'),
      ],
      ConcurrencyStamp,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Memberships are read with the session: sign in again to carry the new group.
    const owner = await signedIn('user@example.com', 'user-demo');
    const member = await signedIn('user2@example.com', 'user2-demo');
    return { admin, owner, member, group };
  }

  async function templateWithFiles(owner: TestClient, extra: Record<string, unknown> = {}) {
    const created = await owner.post(templates, templateBody(extra));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<TemplateBody>().Guid;
    const signFile = await owner.upload(`${templates}/${id}/signfile`, 'sopimus.pdf', makePdf());
    expect(signFile.statusCode, signFile.body).toBe(200);
    const attachment = await owner.upload(
      `${templates}/${id}/attachment`,
      'liite.pdf',
      makePdf('Liite'),
    );
    expect(attachment.statusCode, attachment.body).toBe(200);
    return (await owner.get(`${templates}/${id}`)).json<TemplateBody>();
  }

  it('is private to its owner until shared with a group, whose members use it but only edit it when allowed', async () => {
    const { admin, owner, member, group } = await people();
    const template = await templateWithFiles(owner);
    expect(template).toMatchObject({ CanEdit: true, GroupId: null });
    expect(template.SignFileInfo?.FileName).toBe('sopimus.pdf');
    expect(template.AttachmentInfo.map((file) => file.FileName)).toEqual(['liite.pdf']);

    expect((await member.get(`${templates}/${template.Guid}`)).statusCode).toBe(404);
    expect((await member.get(`${templates}?q=työ`)).json()).toMatchObject({ Total: 0 });

    const shared = await owner.request({
      method: 'PUT',
      url: `${templates}/${template.Guid}`,
      payload: templateBody({
        GroupId: group.Id,
        Version: template.Version,
        Roles: template.Roles,
      }),
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const sharedBody = shared.json<TemplateBody>();
    // The roles keep their ids across saves.
    expect(sharedBody.Roles.map((role) => role.Guid)).toEqual(template.Roles.map((r) => r.Guid));

    const seen = await member.get(`${templates}?q=TYÖ&sort=Name`);
    expect(seen.json()).toMatchObject({
      Total: 1,
      Items: [{ Guid: template.Guid, CanEdit: false, RoleNames: ['Työntekijä', 'Esihenkilö'] }],
    });
    expect((await admin.get(`${templates}/${template.Guid}`)).statusCode).toBe(404);

    const refused = await member.request({
      method: 'PUT',
      url: `${templates}/${template.Guid}`,
      payload: templateBody({ Name: 'Muutettu' }),
    });
    expect(refused.statusCode).toBe(403);
    expect((await member.delete(`${templates}/${template.Guid}`)).statusCode).toBe(403);
    expect(
      (await member.upload(`${templates}/${template.Guid}/attachment`, 'x.pdf', makePdf()))
        .statusCode,
    ).toBe(403);

    // A stale version loses.
    const stale = await owner.request({
      method: 'PUT',
      url: `${templates}/${template.Guid}`,
      payload: templateBody({ GroupId: group.Id, Version: template.Version }),
    });
    expect(stale.statusCode).toBe(409);
    // With the template as the winning save left it, to show and save again; nothing changed.
    expect(stale.json()).toMatchObject({
      issues: [{ path: 'Version', key: 'validation.changedMeanwhile' }],
      current: { Guid: template.Guid, Version: sharedBody.Version, GroupId: group.Id },
    });
    expect((await owner.get(`${templates}/${template.Guid}`)).json().Version).toBe(
      sharedBody.Version,
    );

    const editable = await owner.request({
      method: 'PUT',
      url: `${templates}/${template.Guid}`,
      payload: templateBody({
        GroupId: group.Id,
        GroupCanEdit: true,
        Version: sharedBody.Version,
        Roles: sharedBody.Roles,
      }),
    });
    expect(editable.statusCode, editable.body).toBe(200);
    const byMember = await member.request({
      method: 'PUT',
      url: `${templates}/${template.Guid}`,
      // A member cannot take it from the group: GroupId is the owner's to change.
      payload: templateBody({ Name: 'Jäsenen muokkaama', GroupId: null }),
    });
    expect(byMember.statusCode, byMember.body).toBe(200);
    expect(byMember.json()).toMatchObject({ Name: 'Jäsenen muokkaama', GroupId: group.Id });
    const memberFile = await member.upload(
      `${templates}/${template.Guid}/attachment`,
      'jasenen-liite.pdf',
      makePdf('Jäsenen liite'),
    );
    expect(memberFile.statusCode, memberFile.body).toBe(200);

    // A removed group's templates stay with their owners, private.
    expect((await admin.delete(`${roles}/DeleteUserGroup?groupId=${group.Id}`)).statusCode).toBe(
      204,
    );
    expect((await member.get(`${templates}/${template.Guid}`)).statusCode).toBe(404);
    expect((await owner.get(`${templates}/${template.Guid}`)).json()).toMatchObject({
      GroupId: null,
      CanEdit: true,
    });
  });

  it('makes a flow for a member with the files copied, sends it at once, and the flow outlives the template', async () => {
    const { owner, member, group } = await people();
    const template = await templateWithFiles(owner, { GroupId: group.Id });
    const [employee, supervisor] = template.Roles;
    if (!employee || !supervisor) throw new Error('two roles expected');

    const missing = await member.post(`${templates}/${template.Guid}/signflows`, { Send: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([
      { path: 'Signers.0.Email', key: 'validation.signerEmailRequired' },
    ]);
    const badCode = await member.post(`${templates}/${template.Guid}/signflows`, {
      Signers: [
        {
          RoleGuid: employee.Guid,
          Name: 'Matti',
          Email: 'matti@example.com',
          PersonalIdentityCode: '010101-1234',
        },
      ],
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().issues[0]).toMatchObject({
      path: 'Signers.0.PersonalIdentityCode',
      key: 'validation.invalidPersonalIdentityCode',
    });
    const flowsBefore = await db().selectFrom('sign_flows').select('id').execute();

    const used = await member.post(`${templates}/${template.Guid}/signflows`, {
      Signers: [{ RoleGuid: employee.Guid, Name: 'Matti Meikäläinen', Email: 'matti@example.com' }],
      Send: true,
    });
    expect(used.statusCode, used.body).toBe(200);
    const flow = used.json();
    expect(flow).toMatchObject({
      Name: 'Työsopimus',
      Status: 'Sent',
      Note: 'Allekirjoita viikon sisällä',
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Low',
      ReminderIntervalInDays: 3,
    });
    expect(flow.Signers.map((s: { Email: string; Role: string }) => [s.Role, s.Email])).toEqual([
      ['Työntekijä', 'matti@example.com'],
      ['Esihenkilö', 'sanna@example.com'],
    ]);
    expect(flow.AttachmentInfo.map((file: { FileName: string }) => file.FileName)).toEqual([
      'liite.pdf',
    ]);
    const flowsAfter = await db().selectFrom('sign_flows').select('id').execute();
    expect(flowsAfter.length).toBe(flowsBefore.length + 1);

    // Copied, not shared: other keys, and the template's deletion leaves the flow's files.
    const templateKeys = (
      await db()
        .selectFrom('template_files')
        .select('storage_key')
        .where('template_id', '=', template.Guid)
        .execute()
    ).map((row) => row.storage_key);
    const flowKeys = (
      await db()
        .selectFrom('sign_flow_files')
        .select('storage_key')
        .where('flow_id', '=', flow.Guid)
        .execute()
    ).map((row) => row.storage_key);
    expect(flowKeys.some((key) => templateKeys.includes(key))).toBe(false);
    expect((await owner.delete(`${templates}/${template.Guid}`)).statusCode).toBe(204);
    const attachment = await member.get(
      `${flows}/${flow.Guid}/attachment/${flow.AttachmentInfo[0].Guid}`,
    );
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await member.get(`${templates}/${template.Guid}`)).statusCode).toBe(404);
  });

  it('keeps a sent flow as a template, and duplicates a template as the caller’s own', async () => {
    const { owner, member, group } = await people();
    const template = await templateWithFiles(owner, { GroupId: group.Id });
    const [employee] = template.Roles;
    const draft = (
      await owner.post(`${templates}/${template.Guid}/signflows`, {
        Signers: [{ RoleGuid: employee?.Guid, Email: 'matti@example.com' }],
        Name: 'Matin sopimus',
      })
    ).json();
    expect(draft.Status).toBe('Draft');
    expect(draft.Name).toBe('Matin sopimus');

    const kept = await owner.post(`${flows}/${draft.Guid}/template`, { Name: 'Uusi pohja' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      Name: 'Uusi pohja',
      GroupId: null,
      Roles: [
        { RoleName: 'Työntekijä', Email: 'matti@example.com' },
        { RoleName: 'Esihenkilö', Email: 'sanna@example.com' },
      ],
      SignFileInfo: { FileName: 'sopimus.pdf' },
    });
    const empty = await owner.post(`${flows}/${draft.Guid}/template`, {
      Name: 'Tyhjä pohja',
      KeepSigners: false,
    });
    expect(empty.json().Roles.map((role: { Email: string | null }) => role.Email)).toEqual([
      null,
      null,
    ]);

    const copy = await member.post(`${templates}/${template.Guid}/duplicate`, { Name: 'Kopio' });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toMatchObject({
      Name: 'Kopio',
      GroupId: null,
      CanEdit: true,
      OwnerEmail: 'user2@example.com',
      SignFileInfo: { FileName: 'sopimus.pdf' },
    });
    expect(copy.json().SignFileInfo.Guid).not.toBe(template.SignFileInfo?.Guid);
  });

  it('opens a draft with the empty roles to fill, which cannot be sent until they are', async () => {
    const owner = await signedIn('user@example.com', 'user-demo');
    const template = await templateWithFiles(owner);
    const draft = await owner.post(`${templates}/${template.Guid}/signflows`, {});
    expect(draft.statusCode, draft.body).toBe(200);
    const flow = draft.json();
    expect(flow.Status).toBe('Draft');
    expect(
      flow.Signers.map((s: { Role: string; Name: string; Email: string }) => [
        s.Role,
        s.Name,
        s.Email,
      ]),
    ).toEqual([
      ['Työntekijä', '', ''],
      ['Esihenkilö', 'Sanna Esihenkilö', 'sanna@example.com'],
    ]);
    const early = await owner.post(`${flows}/${flow.Guid}/send`);
    expect(early.statusCode).toBe(400);
    expect(early.json().issues).toEqual([
      { path: 'Signers.0.Email', key: 'validation.signerEmailRequired' },
    ]);
    expect((await owner.get(`${flows}/${flow.Guid}`)).json().Status).toBe('Draft');

    const filled = await owner.post(flows, {
      Guid: flow.Guid,
      Name: flow.Name,
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Low',
      Signers: [{ ...flow.Signers[0], Name: 'Matti', Email: 'matti@example.com' }, flow.Signers[1]],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().Signers.map((s: { Role: string }) => s.Role)).toEqual([
      'Työntekijä',
      'Esihenkilö',
    ]);
    const sent = await owner.post(`${flows}/${flow.Guid}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('is open to API tokens: reading with signflows:read, making flows with signflows:write', async () => {
    const owner = await signedIn('user@example.com', 'user-demo');
    const template = await templateWithFiles(owner);
    const reader = await createTokenAs(owner, ['signflows:read']);
    const writer = await createTokenAs(owner, ['signflows:write']);
    const listed = await bearerCall(context.app, reader.Token, { method: 'GET', url: templates });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((item: { Guid: string }) => item.Guid)).toContain(template.Guid);
    const [employee] = template.Roles;
    const use = {
      method: 'POST' as const,
      url: `${templates}/${template.Guid}/signflows`,
      payload: {
        Signers: [{ RoleGuid: employee?.Guid, Name: 'Anna', Email: 'anna@example.com' }],
        Send: true,
      },
    };
    const refused = await bearerCall(context.app, reader.Token, use);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('errors.scope');
    const sent = await bearerCall(context.app, writer.Token, use);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ Status: 'Sent' });
  });

  it('refuses bad input with the contract’s keys and changes nothing', async () => {
    const owner = await signedIn('user@example.com', 'user-demo');
    const before = await db().selectFrom('templates').select('id').execute();
    const bad = await owner.post(templates, {
      Name: '',
      Roles: [{ RoleName: '' }, { RoleName: 'X', Email: 'not-an-address' }],
    });
    expect(bad.statusCode).toBe(400);
    const keys = bad
      .json()
      .issues.map((issue: { path: string; key: string }) => `${issue.path} ${issue.key}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'Name validation.nameRequired',
        'Roles.0.RoleName validation.required',
        'Roles.1.Email validation.invalidSignerEmail',
      ]),
    );
    const foreignGroup = await owner.post(templates, templateBody({ GroupId: 'no-such-group' }));
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.json().issues).toEqual([
      { path: 'GroupId', key: 'validation.unknownGroup' },
    ]);
    expect(await db().selectFrom('templates').select('id').execute()).toEqual(before);

    const template = (await owner.post(templates, templateBody())).json<TemplateBody>();
    const notPdf = await owner.upload(
      `${templates}/${template.Guid}/signfile`,
      'sopimus.pdf',
      Buffer.from('not a pdf at all'),
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().issues).toEqual([{ path: 'file', key: 'validation.invalidFileFormat' }]);
    expect(
      await db()
        .selectFrom('template_files')
        .select('id')
        .where('template_id', '=', template.Guid)
        .execute(),
    ).toEqual([]);
  });
});
