import { apiTokenPattern } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../src/time/clock.ts';
import { apiTokensPath, bearerCall, createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';

describe.each(databaseKinds)('personal API tokens on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', ...sessionsOutlastMovedClock },
    { clock },
  );
  const db = () => context.database.handle.db;
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const auditOf = (operation: string) =>
    db().selectFrom('audit_events').selectAll().where('operation', '=', operation).execute();
  const listFlows = (token: string) =>
    bearerCall(context.app, token, { method: 'GET', url: flows });

  it('answers a new token once, in its format, and keeps only its SHA-256', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const created = await createTokenAs(user, ['signflows:read'], { name: 'Opintohallinto' });
    expect(created.Token).toMatch(apiTokenPattern);
    expect(created).toMatchObject({ Name: 'Opintohallinto', Scopes: ['signflows:read'] });
    expect(Date.parse(created.ExpiresAt) - clock.now().getTime()).toBe(90 * 86_400_000);

    const rows = await db()
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.Id)
      .execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.Token);
    expect(stored).not.toContain(created.Token.slice(10));
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(created.Token).digest('hex'));

    const listed = (await user.get(apiTokensPath)).json();
    expect(listed).toEqual([
      expect.objectContaining({ Id: created.Id, Name: 'Opintohallinto', LastUsedAt: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.Token);
    const audit = await auditOf('API Token Created');
    expect(audit.map((event) => JSON.parse(event.details).tokenId)).toContain(created.Id);
    expect(JSON.stringify(audit)).not.toContain(created.Token);
  });

  it('refuses a life over API_TOKEN_MAX_DAYS, no scope, and reports:read for a non-administrator, creating nothing', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const before = await db().selectFrom('api_tokens').selectAll().execute();
    const tooLong = await user.post(apiTokensPath, {
      Name: 'x',
      ExpiresInDays: 366,
      Scopes: ['signflows:read'],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues).toEqual([
      { path: 'ExpiresInDays', key: 'apiTokens.errors.expiryTooLong', params: { n: 365 } },
    ]);
    const noScope = await user.post(apiTokensPath, { Name: 'x', ExpiresInDays: 1, Scopes: [] });
    expect(noScope.statusCode).toBe(400);
    const reports = await user.post(apiTokensPath, {
      Name: 'x',
      ExpiresInDays: 1,
      Scopes: ['reports:read'],
    });
    expect(reports.statusCode).toBe(403);
    expect(reports.json().key).toBe('apiTokens.errors.scopeNotAllowed');
    expect(await db().selectFrom('api_tokens').selectAll().execute()).toEqual(before);
  });

  it('shows an administrator every token with its owner, and refuses that view to others', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const mine = await createTokenAs(user, ['signflows:read'], { name: 'Käyttäjän' });
    const theirs = await createTokenAs(admin, ['reports:read'], { name: 'Ylläpidon' });
    expect((await user.get(`${apiTokensPath}?all=true`)).statusCode).toBe(403);
    const own = (await user.get(apiTokensPath)).json() as Array<{ Id: string }>;
    expect(own.map((token) => token.Id)).toContain(mine.Id);
    expect(own.map((token) => token.Id)).not.toContain(theirs.Id);
    const all = (await admin.get(`${apiTokensPath}?all=true`)).json() as Array<{
      Id: string;
      OwnerEmail: string;
    }>;
    expect(all.find((token) => token.Id === mine.Id)?.OwnerEmail).toBe('user@example.com');
    expect(all.find((token) => token.Id === theirs.Id)?.OwnerEmail).toBe('admin@example.com');
  });

  it('stops a revoked token at once; only its owner or an administrator may revoke it', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const other = await signedIn('user2@example.com', 'user2-demo');
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const first = await createTokenAs(user, ['signflows:read']);
    const second = await createTokenAs(user, ['signflows:read']);
    expect((await listFlows(first.Token)).statusCode).toBe(200);

    expect((await other.delete(`${apiTokensPath}/${first.Id}`)).statusCode).toBe(404);
    expect((await listFlows(first.Token)).statusCode).toBe(200);
    expect((await user.delete(`${apiTokensPath}/${first.Id}`)).statusCode).toBe(204);
    const refused = await listFlows(first.Token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().key).toBe('errors.unauthorized');
    expect((await user.delete(`${apiTokensPath}/${first.Id}`)).statusCode).toBe(404);

    expect((await admin.delete(`${apiTokensPath}/${second.Id}`)).statusCode).toBe(204);
    expect((await listFlows(second.Token)).statusCode).toBe(401);
    const revoked = (await auditOf('API Token Revoked')).map((e) => JSON.parse(e.details).tokenId);
    expect(revoked).toEqual(expect.arrayContaining([first.Id, second.Id]));
    const listed = (await user.get(apiTokensPath)).json() as Array<{ Id: string }>;
    expect(listed.map((token) => token.Id)).not.toContain(first.Id);
  });

  it('refuses an unknown token, a malformed header and an expired token with 401', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const created = await createTokenAs(user, ['signflows:read'], { days: 1 });
    const unknown = `esign_pat_${'A'.repeat(43)}`;
    expect((await listFlows(unknown)).statusCode).toBe(401);
    const basic = await context.app.inject({
      url: flows,
      headers: { authorization: 'Basic dXNlcjpwdw==' },
    });
    expect(basic.statusCode).toBe(401);
    expect((await listFlows(created.Token)).statusCode).toBe(200);
    clock.advance(86_400_000);
    expect((await listFlows(created.Token)).statusCode).toBe(401);
  });

  it('ends the tokens of a removed account at once', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const added = await admin.post('/api/esign/Accounts/CreateAccount', {
      Email: 'lahtija@example.com',
      DisplayName: 'Lähtijä',
      Title: null,
      Organisation: null,
      IsAdmin: false,
      Password: 'alkusalasana-2026',
    });
    expect(added.statusCode, added.body).toBe(200);
    const leaver = await signedIn('lahtija@example.com', 'alkusalasana-2026');
    const created = await createTokenAs(leaver, ['signflows:read']);
    expect((await listFlows(created.Token)).statusCode).toBe(200);
    const removed = await admin.delete(
      `/api/esign/Accounts/DeleteAccount?accountId=${encodeURIComponent(added.json().Id)}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await listFlows(created.Token)).statusCode).toBe(401);
  });

  it('refuses a request with both a session cookie and a token, and a token on calls it does not open', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const created = await createTokenAs(user, ['signflows:read', 'signflows:write']);
    const both = await user.request({
      method: 'GET',
      url: flows,
      headers: { authorization: `Bearer ${created.Token}` },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().key).toBe('errors.twoCredentials');
    expect(both.body).not.toContain(created.Token);

    // A token cannot make more tokens, nor reach group administration.
    const more = await bearerCall(context.app, created.Token, {
      method: 'POST',
      url: apiTokensPath,
      payload: { Name: 'x', ExpiresInDays: 1, Scopes: ['signflows:read'] },
    });
    expect(more.statusCode).toBe(403);
    expect(more.json().key).toBe('errors.scope');
    const groups = await bearerCall(context.app, created.Token, {
      method: 'GET',
      url: '/api/esign/Roles/ListUserGroups',
    });
    expect(groups.statusCode).toBe(403);
  });

  it('notes the last use at most once a minute, and audits each use from a new address', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const created = await createTokenAs(user, ['signflows:read']);
    const row = () =>
      db()
        .selectFrom('api_tokens')
        .selectAll()
        .where('id', '=', created.Id)
        .executeTakeFirstOrThrow();
    const newAddress = async () =>
      (await auditOf('API Token Used From New Address')).filter(
        (event) => JSON.parse(event.details).tokenId === created.Id,
      );

    await listFlows(created.Token);
    const first = await row();
    expect(first.last_used_ip).toBe('127.0.0.1');
    expect(await newAddress()).toHaveLength(1);
    clock.advance(30_000);
    await listFlows(created.Token);
    expect(new Date((await row()).last_used_at ?? 0).getTime()).toBe(
      new Date(first.last_used_at ?? 0).getTime(),
    );
    clock.advance(31_000);
    await listFlows(created.Token);
    expect(new Date((await row()).last_used_at ?? 0).getTime()).toBe(clock.now().getTime());
    expect(await newAddress()).toHaveLength(1);

    const elsewhere = await bearerCall(context.app, created.Token, {
      method: 'GET',
      url: flows,
      remoteAddress: '10.1.2.3',
    });
    expect(elsewhere.statusCode).toBe(200);
    const events = await newAddress();
    expect(events).toHaveLength(2);
    expect(events.map((event) => event.ip)).toEqual(['127.0.0.1', '10.1.2.3']);
    const listed = (await user.get(apiTokensPath)).json() as Array<{
      Id: string;
      LastUsedFrom: string;
    }>;
    expect(listed.find((token) => token.Id === created.Id)?.LastUsedFrom).toBe('10.1.2.3');
  });
});

describe('the OpenAPI description of API tokens', () => {
  const context = useTestApp('sqlite');

  it('declares bearerAuth, the scope of each route it opens, and every answer of the token calls', async () => {
    const document = (await context.app.inject({ url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const scopeOf = (path: string, method: string) =>
      (document.paths[path][method].security as Array<Record<string, string[]>>).find(
        (item) => item.bearerAuth,
      )?.bearerAuth;
    expect(scopeOf('/api/esign/SignFlows', 'get')).toEqual(['signflows:read']);
    expect(scopeOf('/api/esign/SignFlows', 'post')).toEqual(['signflows:write']);
    expect(scopeOf('/api/esign/SignFlows/{guid}/send', 'get')).toEqual(['signflows:write']);
    expect(scopeOf('/api/esign/SignFlows/{signFlowId}/signfile', 'post')).toEqual([
      'signflows:write',
    ]);
    expect(scopeOf('/api/esign/Report/signings', 'get')).toEqual(['reports:read']);
    expect(document.paths['/api/esign/SignFlows'].get.responses).toHaveProperty('403');
    expect(document.paths['/api/esign/SignFlows'].get.responses).toHaveProperty('429');
    // Calls a token does not open say so by naming only the session.
    expect(document.paths['/api/esign/Roles/ListUserGroups'].get.security).toEqual([
      { sessionCookie: [] },
    ]);
    expect(scopeOf('/api/esign/ApiTokens', 'post')).toBeUndefined();
    // A token there is refused (400 both credentials, 401 unknown, 403 scope, 429 its rate).
    expect(Object.keys(document.paths['/api/esign/ApiTokens'].post.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(
      Object.keys(document.paths['/api/esign/ApiTokens/{id}'].delete.responses).sort(),
    ).toEqual(['204', '400', '401', '403', '404', '429', '500', '503']);
  });
});
