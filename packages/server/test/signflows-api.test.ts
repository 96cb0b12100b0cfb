import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { makePdf, pdfWithBrokenPageTree } from './support/pdf.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

describe.each(databaseKinds)('sign flows for their sender on %s', (kind) => {
  const context = useTestApp(kind);
  const signedIn = async (email = 'user@example.com', password = 'user-demo') => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const countFlows = async () =>
    Number(
      (
        await context.database.handle.db
          .selectFrom('sign_flows')
          .select(({ fn }) => fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('saves a draft and answers it as SPEC §3 describes', async () => {
    const browser = await signedIn();
    const saved = await browser.post(flows, {
      Name: 'Työsopimus',
      Note: 'Allekirjoita viikon sisällä',
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Advanced',
      ReminderIntervalInDays: 3,
      InspectorEmail: 'hr@example.com',
      Signers: [
        { Name: 'Maija', Email: 'maija@example.com', Organisation: 'Esimerkki Oy' },
        { Name: 'Pekka', Email: 'pekka@example.com' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const flow = saved.json();
    expect(flow).toMatchObject({
      Name: 'Työsopimus',
      Status: 'Draft',
      SentToSignersDate: null,
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Advanced',
      ReminderIntervalInDays: 3,
      InspectorEmail: 'hr@example.com',
    });
    expect(
      flow.Signers.map((signer: { Email: string; Status: string }) => [
        signer.Email,
        signer.Status,
      ]),
    ).toEqual([
      ['maija@example.com', 'Unsigned'],
      ['pekka@example.com', 'Unsigned'],
    ]);
    const detail = (await browser.get(`${flows}/${flow.Guid}`)).json();
    expect(detail).toMatchObject({
      Guid: flow.Guid,
      SignFileInfo: null,
      AttachmentInfo: [],
      SignedFile: null,
    });

    const updated = await browser.post(flows, {
      Guid: flow.Guid,
      Name: 'Työsopimus 2',
      Signers: [],
    });
    expect(updated.json()).toMatchObject({ Guid: flow.Guid, Name: 'Työsopimus 2', Signers: [] });
  });

  it.each([
    [{ Name: '' }, 'Name', 'validation.nameRequired', undefined],
    [{ Name: 'x'.repeat(201) }, 'Name', 'validation.maxLength', { n: 200 }],
    [{ Name: 'a', Note: 'x'.repeat(2001) }, 'Note', 'validation.maxLength', { n: 2000 }],
    [
      { Name: 'a', Signers: [{ Name: 'A', Email: '' }] },
      'Signers.0.Email',
      'validation.signerEmailRequired',
      undefined,
    ],
    [
      { Name: 'a', Signers: [{ Name: 'A', Email: 'not-an-address' }] },
      'Signers.0.Email',
      'validation.invalidSignerEmail',
      undefined,
    ],
    [
      { Name: 'a', MinimumSignatureLevel: 'Extreme' },
      'MinimumSignatureLevel',
      'validation.invalidValue',
      undefined,
    ],
  ])('refuses %j with the SPEC §5 message and changes nothing', async (body, path, key, params) => {
    const browser = await signedIn();
    const before = await countFlows();
    const response = await browser.post(flows, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      key: 'errors.checkInput',
      message:
        "Check your input and try again. If this doesn't help, please contact system administrator.",
    });
    expect(response.json().issues).toContainEqual({ path, key, ...(params ? { params } : {}) });
    expect(await countFlows()).toBe(before);
  });

  it('sends only a complete draft, then freezes it', async () => {
    const browser = await signedIn();
    const flow = (await browser.post(flows, { Name: 'Kauppakirja' })).json();
    const incomplete = await browser.post(`${flows}/${flow.Guid}/send`);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().issues.map((issue: { key: string }) => issue.key)).toEqual([
      'validation.noFileToSign',
      'validation.signerRequired',
      'validation.signatureProcessRequired',
      'validation.signatureLevelRequired',
    ]);
    expect((await browser.get(`${flows}/${flow.Guid}`)).json().Status).toBe('Draft');

    await browser.post(flows, {
      Guid: flow.Guid,
      Name: 'Kauppakirja',
      SignatureProcess: 'Concurrent',
      MinimumSignatureLevel: 'Low',
      Signers: [{ Name: 'Maija', Email: 'maija@example.com' }],
    });
    await browser.upload(`${flows}/${flow.Guid}/signfile`, 'kauppakirja.pdf', makePdf());
    // The spec's client sends the send call as a GET with the XSRF header.
    const sent = await browser.get(`${flows}/${flow.Guid}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ Status: 'Sent', SignFlowDetailsStatus: 'Started' });
    expect(Date.parse(sent.json().SentToSignersDate)).toBeGreaterThan(Date.now() - 60_000);

    const edit = await browser.post(flows, { Guid: flow.Guid, Name: 'Muutettu' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().issues).toEqual([{ path: 'Status', key: 'validation.notEditable' }]);
    const upload = await browser.upload(`${flows}/${flow.Guid}/attachment`, 'liite.pdf', makePdf());
    expect(upload.statusCode).toBe(409);
    expect((await browser.get(`${flows}/${flow.Guid}`)).json().Name).toBe('Kauppakirja');
    expect((await browser.delete(`${flows}/${flow.Guid}`)).statusCode).toBe(409);

    const check = await browser.get(`${flows}/${flow.Guid}/check`);
    expect(Date.parse(check.json().LastStatusQueryTimeUtc)).toBeGreaterThan(Date.now() - 60_000);

    const cancelled = await browser.post(`${flows}/${flow.Guid}/cancel`, {
      Comment: 'Väärä versio',
    });
    expect(cancelled.json()).toMatchObject({
      Status: 'Cancelled',
      SignFlowDetailsStatus: 'Cancelled',
      CancellationComment: 'Väärä versio',
    });
    expect((await browser.post(`${flows}/${flow.Guid}/cancel`, { Comment: '' })).statusCode).toBe(
      409,
    );
    expect((await browser.delete(`${flows}/${flow.Guid}`)).statusCode).toBe(204);
    expect((await browser.get(`${flows}/${flow.Guid}`)).statusCode).toBe(404);
  });

  it('refuses the state-changing GET send without the XSRF header', async () => {
    const browser = await signedIn();
    const flow = (await browser.post(flows, { Name: 'Ilman tokenia' })).json();
    const response = await browser.request({
      method: 'GET',
      url: `${flows}/${flow.Guid}/send`,
      xsrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('errors.csrf');
  });

  it('refuses a cross-site GET of check, which can re-send invitations, without the XSRF header', async () => {
    const browser = await signedIn();
    const flow = (await browser.post(flows, { Name: 'Tarkistus' })).json();
    const response = await browser.request({
      method: 'GET',
      url: `${flows}/${flow.Guid}/check`,
      xsrf: false,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().key).toBe('errors.csrf');
    const withoutHeader = await browser.request({
      method: 'GET',
      url: `${flows}/${flow.Guid}/check`,
      xsrf: false,
    });
    expect(withoutHeader.statusCode).toBe(403);
  });

  it('answers 404 Not Found for another user’s flow on every route, and lists only one’s own', async () => {
    const owner = await signedIn();
    const flow = (await owner.post(flows, { Name: 'Yksityinen' })).json();
    const file = (await owner.upload(`${flows}/${flow.Guid}/signfile`, 'a.pdf', makePdf())).json();
    const other = await signedIn('user2@example.com', 'user2-demo');
    const attempts = [
      other.get(`${flows}/${flow.Guid}`),
      other.post(flows, { Guid: flow.Guid, Name: 'Kaapattu' }),
      other.delete(`${flows}/${flow.Guid}`),
      other.get(`${flows}/${flow.Guid}/send`),
      other.post(`${flows}/${flow.Guid}/send`),
      other.post(`${flows}/${flow.Guid}/cancel`, { Comment: 'x' }),
      other.get(`${flows}/${flow.Guid}/check`),
      other.upload(`${flows}/${flow.Guid}/signfile`, 'b.pdf', makePdf()),
      other.upload(`${flows}/${flow.Guid}/attachment`, 'c.pdf', makePdf()),
      other.delete(`${flows}/${flow.Guid}/signfile`),
      other.delete(`${flows}/${flow.Guid}/attachment/${file.Guid}`),
      other.get(`${flows}/${flow.Guid}/signfile/${file.Guid}`),
      other.get(`${flows}/${flow.Guid}/x/signingurl`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ key: 'errors.notFound', message: 'Not Found' });
    }
    expect((await owner.get(`${flows}/${flow.Guid}`)).json().Name).toBe('Yksityinen');
    const theirList = (await other.get(flows)).json() as Array<{ Guid: string }>;
    expect(theirList.map((item) => item.Guid)).not.toContain(flow.Guid);
  });

  it('lets members of the flow’s user group see and manage it', async () => {
    const owner = await signedIn();
    const member = await signedIn('user2@example.com', 'user2-demo');
    const db = context.database.handle.db;
    const ids = await db.selectFrom('users').select(['id', 'email']).execute();
    const idOf = (email: string) => ids.find((row) => row.email === email)?.id ?? '';
    await db
      .insertInto('user_groups')
      .values({
        id: 'group-hr',
        name: 'HR',
        normalized_name: 'HR',
        concurrency_stamp: 's',
        role_type: 'CreatedByUser',
        haka_group_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto('user_group_members')
      .values([
        { group_id: 'group-hr', user_id: idOf('user@example.com') },
        { group_id: 'group-hr', user_id: idOf('user2@example.com') },
      ])
      .execute();
    const flow = (await owner.post(flows, { Name: 'Yhteinen', Role: 'group-hr' })).json();
    expect(flow.Role).toBe('group-hr');
    expect((await member.get(`${flows}/${flow.Guid}`)).json().Name).toBe('Yhteinen');
    expect(
      (await member.post(flows, { Guid: flow.Guid, Name: 'Yhteinen (muokattu)', Role: 'group-hr' }))
        .statusCode,
    ).toBe(200);
    const groups = (await member.get('/api/esign/Roles/ListUserGroups')).json();
    expect(groups).toEqual([{ Id: 'group-hr', Name: 'HR', Type: 'CreatedByUser' }]);
    const unknown = await owner.post(flows, { Name: 'Vieras ryhmä', Role: 'no-such-group' });
    expect(unknown.json().issues).toEqual([{ path: 'Role', key: 'validation.unknownGroup' }]);
  });

  it('answers the allowed attachment types and signature levels, and the users', async () => {
    const browser = await signedIn();
    // Qualified needs a trust service (CSC_BASE_URL), which the embedded default lacks.
    expect((await browser.get(`${flows}/allowedsignaturelevels`)).json()).toEqual([
      'Low',
      'Advanced',
    ]);
    expect((await browser.get(`${flows}/allowedattachmentcontenttypes`)).json()).toContain(
      'application/pdf',
    );
    const users = (await browser.get('/api/esign/Roles/ListUsers')).json();
    expect(users).toContainEqual(
      expect.objectContaining({ Email: 'user@example.com', DisplayName: 'Ulla User' }),
    );
  });

  it('requires a session on every sign flow, role and report route the OpenAPI lists', async () => {
    const anonymous = new TestClient(context.app);
    await anonymous.get('/');
    const document = (await context.app.inject({ url: '/api/docs/json' })).json();
    const routes = Object.entries(
      document.paths as Record<string, Record<string, unknown>>,
    ).flatMap(([path, operations]) =>
      /^\/api\/esign\/(SignFlows|Roles|Report)/.test(path)
        ? Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path }))
        : [],
    );
    expect(routes.length).toBeGreaterThan(20);
    const before = await countFlows();
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');
      const response = await anonymous.request({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
    expect(await countFlows()).toBe(before);
  });

  it('names the missing field when a client leaves out the name, a signer’s e-mail or sends a wrong inspector address', async () => {
    const browser = await signedIn();
    const before = await countFlows();
    const noName = await browser.post(flows, { Note: 'ilman nimeä' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues).toEqual([{ path: 'Name', key: 'validation.nameRequired' }]);
    const noEmail = await browser.post(flows, { Name: 'Sopimus', Signers: [{ Name: 'Maija' }] });
    expect(noEmail.json().issues).toEqual([
      { path: 'Signers.0.Email', key: 'validation.signerEmailRequired' },
    ]);
    const inspector = await browser.post(flows, { Name: 'Sopimus', InspectorEmail: 'ei-osoite' });
    expect(inspector.json().issues).toEqual([
      { path: 'InspectorEmail', key: 'validation.invalidEmail' },
    ]);
    expect(await countFlows()).toBe(before);
  });

  it('keeps a signer’s personal identity code in capitals and refuses one whose checksum is wrong', async () => {
    const browser = await signedIn();
    const saved = await browser.post(flows, {
      Name: 'Tunnistettava',
      Signers: [{ Name: 'Ville', Email: 'ville@example.com', PersonalIdentityCode: '240587y9033' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().Signers[0].PersonalIdentityCode).toBe('240587Y9033');
    const before = await countFlows();
    const wrong = await browser.post(flows, {
      Name: 'Väärä tunnus',
      Signers: [{ Name: 'Ville', Email: 'ville@example.com', PersonalIdentityCode: '240587Y9034' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'Signers.0.PersonalIdentityCode', key: 'validation.invalidPersonalIdentityCode' },
    ]);
    expect(await countFlows()).toBe(before);
  });

  it('refuses a signature level the portal does not offer, on save and on send', async () => {
    const browser = await signedIn();
    const before = await countFlows();
    // The embedded default has no trust service, so Qualified is not on offer.
    const refused = await browser.post(flows, {
      Name: 'Pätevä',
      MinimumSignatureLevel: 'Qualified',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'MinimumSignatureLevel', key: 'validation.signatureLevelNotAllowed' },
    ]);
    expect(await countFlows()).toBe(before);

    // A draft kept with such a level (the operator withdrew it later) cannot be sent.
    const flow = (
      await browser.post(flows, {
        Name: 'Vanha taso',
        SignatureProcess: 'Concurrent',
        MinimumSignatureLevel: 'Low',
        Signers: [{ Name: 'Maija', Email: 'maija@example.com' }],
      })
    ).json();
    await browser.upload(`${flows}/${flow.Guid}/signfile`, 'sopimus.pdf', makePdf());
    await context.database.handle.db
      .updateTable('sign_flows')
      .set({ minimum_signature_level: 'Qualified' })
      .where('id', '=', flow.Guid)
      .execute();
    const sent = await browser.post(`${flows}/${flow.Guid}/send`);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().issues).toEqual([
      { path: 'MinimumSignatureLevel', key: 'validation.signatureLevelNotAllowed' },
    ]);
    expect((await browser.get(`${flows}/${flow.Guid}`)).json().Status).toBe('Draft');
  });

  it('refuses to send a kept file to sign that turns out broken, naming the file and staying a draft', async () => {
    const browser = await signedIn();
    const flow = (
      await browser.post(flows, {
        Name: 'Rikki',
        SignatureProcess: 'Concurrent',
        MinimumSignatureLevel: 'Low',
        Signers: [{ Name: 'Maija', Email: 'maija@example.com' }],
      })
    ).json();
    await browser.upload(`${flows}/${flow.Guid}/signfile`, 'sopimus.pdf', makePdf());
    // A file kept before uploads were checked this deeply: its page tree is garbage.
    const { storage_key } = await context.database.handle.db
      .selectFrom('sign_flow_files')
      .select('storage_key')
      .where('flow_id', '=', flow.Guid)
      .executeTakeFirstOrThrow();
    writeFileSync(join(context.config.dataDir, 'files', storage_key), pdfWithBrokenPageTree());
    const sent = await browser.post(`${flows}/${flow.Guid}/send`);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().issues).toEqual([
      { path: 'SignFileInfo', key: 'validation.invalidFileFormat' },
    ]);
    const detail = (await browser.get(`${flows}/${flow.Guid}`)).json();
    expect(detail.Status).toBe('Draft');
    const working = await context.database.handle.db
      .selectFrom('sign_flow_files')
      .select('id')
      .where('flow_id', '=', flow.Guid)
      .where('kind', '=', 'working')
      .execute();
    expect(working).toEqual([]);
  });
});
