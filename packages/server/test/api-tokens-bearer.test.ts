import { describe, expect, it } from 'vitest';
import { bearerCall, createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createGroupAs, groupUsersAs, roles, userIdOf } from './support/groups.ts';
import { multipartFile } from './support/multipart.ts';
import { makePdf } from './support/pdf.ts';
import { draftBody } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

/** What the log received at the most verbose level: no line may hold a token. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

describe.each(databaseKinds)('an integration calling with an API token on %s', (kind) => {
  const context = useTestApp(kind, { JOB_WORKER: 'false', LOG_LEVEL: 'trace' }, { logStream });
  const db = () => context.database.handle.db;
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };

  it('creates, uploads to and sends a flow as the owner, without cookies or an XSRF header', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const { Token } = await createTokenAs(user, ['signflows:read', 'signflows:write']);
    const call = (options: Parameters<typeof bearerCall>[2]) =>
      bearerCall(context.app, Token, options);

    const saved = await call({
      method: 'POST',
      url: flows,
      payload: draftBody({ signers: [{ Name: 'Anna', Email: 'anna@example.com' }] }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['set-cookie']).toBeUndefined();
    const id = saved.json<{ Guid: string }>().Guid;
    const file = multipartFile('sopimus.pdf', makePdf());
    const uploaded = await call({
      method: 'POST',
      url: `${flows}/${id}/signfile`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const sent = await call({ method: 'POST', url: `${flows}/${id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ Guid: id, Status: 'Sent' });

    const listed = await call({ method: 'GET', url: flows });
    expect(listed.json().map((flow: { Guid: string }) => flow.Guid)).toContain(id);
    // The owner's browser sees the same flow: the token acted as its owner.
    expect((await user.get(`${flows}/${id}`)).json()).toMatchObject({ Status: 'Sent' });
    const sentEvent = await db()
      .selectFrom('audit_events')
      .select(['user_id', 'actor'])
      .where('flow_id', '=', id)
      .where('operation', '=', 'Sent')
      .executeTakeFirstOrThrow();
    expect(sentEvent.actor).toBe('user@example.com');
  });

  it('refuses every change to a read-only token with 403 errors.scope, and changes nothing', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const draft = (await user.post(flows, { Name: 'Luonnos' })).json<{ Guid: string }>();
    const { Token } = await createTokenAs(user, ['signflows:read']);
    const before = await db().selectFrom('sign_flows').selectAll().orderBy('id').execute();
    const attempts = [
      { method: 'POST', url: flows, payload: { Name: 'Uusi' } },
      { method: 'DELETE', url: `${flows}/${draft.Guid}` },
      { method: 'GET', url: `${flows}/${draft.Guid}/send` },
      { method: 'POST', url: `${flows}/${draft.Guid}/cancel`, payload: { Comment: 'x' } },
    ] as const;
    for (const attempt of attempts) {
      const response = await bearerCall(context.app, Token, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, key: 'errors.scope' });
    }
    expect(await db().selectFrom('sign_flows').selectAll().orderBy('id').execute()).toEqual(before);
    const read = await bearerCall(context.app, Token, {
      method: 'GET',
      url: `${flows}/${draft.Guid}`,
    });
    expect(read.statusCode).toBe(200);
  });

  it('opens the reports to an administrator’s reports:read token only', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const reports = await createTokenAs(admin, ['reports:read']);
    const flowsOnly = await createTokenAs(admin, ['signflows:read']);
    const url = '/api/esign/Report/signings?start=2026-01-01&end=2026-12-31';
    const report = await bearerCall(context.app, reports.Token, { method: 'GET', url });
    expect(report.statusCode, report.body).toBe(200);
    expect(Array.isArray(report.json())).toBe(true);
    const outOfScope = await bearerCall(context.app, flowsOnly.Token, { method: 'GET', url });
    expect(outOfScope.statusCode).toBe(403);
    expect(outOfScope.json().key).toBe('errors.scope');
    expect(
      (await bearerCall(context.app, reports.Token, { method: 'GET', url: flows })).statusCode,
    ).toBe(403);
    // Personal-data queries stay with the browser session.
    const personal = await bearerCall(context.app, reports.Token, {
      method: 'POST',
      url: '/api/esign/Report/personal/portal',
      payload: {},
    });
    expect(personal.statusCode).toBe(403);
  });

  it('reads the owner’s groups at each request: one who left a group no longer reaches its flows', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const member = await signedIn('user2@example.com', 'user2-demo');
    const group = await createGroupAs(admin, 'Henkilöstö');
    const memberId = await userIdOf(admin, 'user2@example.com');
    const setMembers = async (users: string[]) => {
      const { ConcurrencyStamp } = await groupUsersAs(admin, group.Id);
      const saved = await admin.post(`${roles}/UpdateGroup`, {
        GroupId: group.Id,
        Users: users,
        HakaGroupId: null,
        ConcurrencyStamp,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await setMembers([memberId]);
    const { Token } = await createTokenAs(member, ['signflows:read']);
    const flow = (await admin.post(flows, { Name: 'Ryhmän sopimus', Role: group.Id })).json();
    const read = () =>
      bearerCall(context.app, Token, { method: 'GET', url: `${flows}/${flow.Guid}` });
    expect((await read()).statusCode).toBe(200);
    await setMembers([]);
    expect((await read()).statusCode).toBe(404);
  });

  it('keeps tokens out of the log, the metrics and every error body', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const { Token, Id } = await createTokenAs(user, ['signflows:read']);
    const answers = [
      await bearerCall(context.app, Token, { method: 'GET', url: flows }),
      await bearerCall(context.app, Token, { method: 'POST', url: flows, payload: {} }),
      await bearerCall(context.app, `${Token}x`, { method: 'GET', url: flows }),
      await bearerCall(context.app, Token, { method: 'GET', url: `${flows}?page=-1` }),
      await bearerCall(context.app, Token, { method: 'GET', url: `${flows}/${Token}` }),
    ];
    for (const answer of answers) expect(answer.body).not.toContain(Token);
    expect(await user.delete(`/api/esign/ApiTokens/${Id}`)).toMatchObject({ statusCode: 204 });
    expect(
      (await bearerCall(context.app, Token, { method: 'GET', url: flows })).body,
    ).not.toContain(Token);
    const metrics = await context.app.inject({ url: '/metrics' });
    expect(metrics.body).not.toContain(Token);
    const secret = Token.slice('esign_pat_'.length);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });
});

describe.each(databaseKinds)('the rate of one API token on %s', (kind) => {
  const context = useTestApp(kind, { JOB_WORKER: 'false', API_RATE_PER_MINUTE: '3' });

  it('answers 429 with Retry-After past API_RATE_PER_MINUTE, for that token alone', async () => {
    const browser = new TestClient(context.app);
    await browser.login('user@example.com', 'user-demo');
    const busy = await createTokenAs(browser, ['signflows:read']);
    const quiet = await createTokenAs(browser, ['signflows:read']);
    const list = (token: string) => bearerCall(context.app, token, { method: 'GET', url: flows });
    for (let call = 0; call < 3; call += 1) expect((await list(busy.Token)).statusCode).toBe(200);
    const refused = await list(busy.Token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().key).toBe('errors.tooManyRequests');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await list(quiet.Token)).statusCode).toBe(200);
    // The browser session of the same user is not counted against the token.
    expect((await browser.get(flows)).statusCode).toBe(200);
  });
});
