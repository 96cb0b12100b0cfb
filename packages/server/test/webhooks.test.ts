import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WebhookEventType,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEventBody,
} from '@esign/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MovableClock } from '../src/time/clock.ts';
import { queueFlowEvent } from '../src/webhooks/webhook-events.ts';
import { bearerCall, createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createGroupAs, groupUsersAs, roles, userIdOf } from './support/groups.ts';
import { multipartFile } from './support/multipart.ts';
import { makePdf } from './support/pdf.ts';
import {
  draftBody,
  identifyWithCode,
  mailsTo,
  sendFlow,
  signingTokenIn,
} from './support/signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const hooks = '/api/esign/Webhooks';
const flows = '/api/esign/SignFlows';
const minute = 60_000;
const hour = 60 * minute;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1 that answers the statuses it is told, then 200. */
function useReceiver() {
  const state = {
    received: [] as Received[],
    statuses: [] as number[],
    server: null as Server | null,
    url: '',
  };
  beforeAll(async () => {
    state.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        state.received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const status = state.statuses.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'kiitos' : 'vastaanotin ei jaksa');
      });
    });
    await new Promise<void>((resolve) => state.server?.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/esign-events`;
  });
  afterAll(() => new Promise<void>((resolve) => state.server?.close(() => resolve())));
  return state;
}

/** The fake DNS: names resolve to what the test says, nothing asks a real server. */
const dns = new Map<string, string>();
const webhookResolver = async (host: string) => {
  const address = dns.get(host);
  if (!address) throw new Error('ENOTFOUND');
  return [{ address, family: 4 }];
};

describe.each(databaseKinds)('webhooks on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    {
      JOB_WORKER: 'false',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      ...sessionsOutlastMovedClock,
    },
    { clock, webhookResolver },
  );
  const receiver = useReceiver();
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  // Each test starts with no endpoints and a receiver that has heard nothing.
  beforeEach(async () => {
    await db().deleteFrom('webhook_endpoints').execute();
    receiver.received.length = 0;
    receiver.statuses.length = 0;
  });
  /** Checks a delivery's signature as the library computes it (the test's clock is not the wall clock). */
  const expectSignedBy = (secret: string, entry: Received | undefined) => {
    const headers = entry?.headers ?? {};
    const at = new Date(Number(headers['webhook-timestamp']) * 1000);
    const expected = new Webhook(secret).sign(String(headers['webhook-id']), at, entry?.body ?? '');
    expect(headers['webhook-signature']).toBe(expected);
  };
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const register = async (browser: TestClient, body: Record<string, unknown>) => {
    const response = await browser.post(hooks, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CreatedWebhook>();
  };
  const deliveriesOf = async (browser: TestClient, id: string) =>
    (await browser.get(`${hooks}/${id}/deliveries`)).json<WebhookDelivery[]>();
  const allEvents = WebhookEventType.options;

  it('tells a token-driven flow from creation to finished, each event once, in order, signed', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const hook = await register(user, { Url: receiver.url, Events: allEvents, Scope: 'user' });
    expect(hook.Secret).toMatch(/^whsec_/);
    // The secret is answered once: the list never shows it.
    expect(JSON.stringify((await user.get(hooks)).json())).not.toContain(hook.Secret);

    const { Token } = await createTokenAs(user, ['signflows:read', 'signflows:write']);
    const call = (options: Parameters<typeof bearerCall>[2]) =>
      bearerCall(context.app, Token, options);
    const signer = `webhook.signer.${kind}@example.com`;
    const saved = await call({
      method: 'POST',
      url: flows,
      payload: draftBody({ signers: [{ Name: 'Päivi Allekirjoittaja', Email: signer }] }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const flowId = saved.json<{ Guid: string }>().Guid;
    const file = multipartFile('työsopimus.pdf', makePdf());
    const uploaded = await call({
      method: 'POST',
      url: `${flows}/${flowId}/signfile`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await call({ method: 'POST', url: `${flows}/${flowId}/send` })).statusCode).toBe(200);
    await runJobs();
    const invitation = (await mailsTo(db(), signer)).find((mail) =>
      mail.text_body.includes('/sign/'),
    );
    const token = signingTokenIn(invitation?.text_body ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, signer);
    expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(200);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await runJobs();
    await runJobs();

    const verifier = new Webhook(hook.Secret);
    const events = receiver.received
      .map(
        ({ headers, body }) =>
          verifier.verify(body, headers as Record<string, string>) as WebhookEventBody,
      )
      .filter((event) => event.Data.SignFlow?.Guid === flowId);
    expect(events.map((event) => event.Type)).toEqual([
      'signflow.sent',
      'signflow.opened',
      'signer.signed',
      'signflow.finished',
    ]);
    expect(new Set(events.map((event) => event.Id)).size).toBe(4);
    for (const { headers, body } of receiver.received)
      expect(headers['webhook-id']).toBe(JSON.parse(body).Id);
    expect(events[2]?.Data.Signer).toMatchObject({ Email: signer, Status: 'Signed' });
    const finished = events[3];
    expect(finished?.Data.SignFlow?.Status).toBe('Finished');
    const path = finished?.Data.SignedFile?.DownloadPath ?? '';
    expect(path).toContain(`/api/esign/SignFlows/${flowId}/signedfile/`);
    const download = await call({ method: 'GET', url: path });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Identity codes never travel in an event.
    expect(receiver.received.map((entry) => entry.body).join('')).not.toMatch(
      /PersonalIdentityCode/,
    );
    const listed = await deliveriesOf(user, hook.Id);
    expect(listed.filter((delivery) => delivery.SignFlowId === flowId)).toHaveLength(4);
    expect(
      listed.every((delivery) => delivery.Status === 'delivered' && delivery.StatusCode === 200),
    ).toBe(true);
    await user.delete(`${hooks}/${hook.Id}`);
  });

  it('tries a failing receiver again with backoff: the fifth try gets the event', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const hook = await register(user, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'user',
    });
    receiver.received.length = 0;
    receiver.statuses.push(500, 503, 500, 502);
    const flowId = await sendFlow(user, {
      signers: [{ Name: 'Uusi', Email: `retry.${kind}@example.com` }],
    });
    await runJobs();
    for (let attempt = 1; attempt < 5; attempt += 1) {
      const [pending] = (await deliveriesOf(user, hook.Id)).filter((d) => d.SignFlowId === flowId);
      expect(pending).toMatchObject({ Status: 'pending', Attempts: attempt });
      clock.set(new Date(Date.parse(pending?.NextAttemptAt ?? '') + 1000));
      await runJobs();
    }
    const sent = receiver.received.filter(
      (entry) => JSON.parse(entry.body).Data.SignFlow?.Guid === flowId,
    );
    expect(sent.map((entry) => entry.headers['webhook-id'])).toEqual(
      Array(5).fill(sent[0]?.headers['webhook-id']),
    );
    const [delivered] = (await deliveriesOf(user, hook.Id)).filter((d) => d.SignFlowId === flowId);
    expect(delivered).toMatchObject({
      Status: 'delivered',
      Attempts: 5,
      StatusCode: 200,
      Response: 'kiitos',
    });
    // The signature is made anew at each try, with that try's time.
    expectSignedBy(hook.Secret, sent[4]);
    await user.delete(`${hooks}/${hook.Id}`);
  });

  it('sends nothing for a change that rolled back', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const hook = await register(user, { Url: receiver.url, Events: allEvents, Scope: 'user' });
    const flowId = await sendFlow(user, {
      signers: [{ Name: 'Peruttu', Email: `rollback.${kind}@example.com` }],
    });
    await runJobs();
    receiver.received.length = 0;
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('sign_flows')
            .set({ status: 'Cancelled' })
            .where('id', '=', flowId)
            .execute();
          await queueFlowEvent(trx, { type: 'signflow.cancelled', flowId }, clock.now());
          throw new Error('the cancel failed after the event was queued');
        }),
    ).rejects.toThrow(/cancel failed/);
    await runJobs();
    expect(receiver.received).toHaveLength(0);
    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .select('event_type')
      .where('flow_id', '=', flowId)
      .execute();
    expect(deliveries.map((row) => row.event_type)).toEqual(['signflow.sent']);
    await user.delete(`${hooks}/${hook.Id}`);
  });

  it('refuses an address in the portal’s own network at save and at send, without connecting', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    for (const Url of [
      'https://127.0.0.2/hook',
      'http://127.0.0.2:8080/hook',
      'https://[::ffff:127.0.0.2]/',
      'https://10.0.0.8/',
      'ftp://127.0.0.1/',
    ]) {
      const refused = await user.post(hooks, { Url, Events: ['signflow.sent'], Scope: 'user' });
      expect(refused.statusCode, Url).toBe(400);
      expect(refused.json().issues[0]).toMatchObject({ path: 'Url' });
      expect(refused.json().issues[0].key).toMatch(
        /^webhooks\.errors\.(addressNotAllowed|urlNotHttps)$/,
      );
    }
    dns.set('hooks.example.test', '10.1.2.3');
    const inward = await user.post(hooks, {
      Url: 'https://hooks.example.test/',
      Events: ['signflow.sent'],
      Scope: 'user',
    });
    expect(inward.json().issues[0].key).toBe('webhooks.errors.addressNotAllowed');
    const unknown = await user.post(hooks, {
      Url: 'https://nowhere.example.test/',
      Events: ['signflow.sent'],
      Scope: 'user',
    });
    expect(unknown.json().issues[0].key).toBe('webhooks.errors.hostNotFound');
    expect((await user.get(hooks)).json()).toHaveLength(0);

    // Allowed when saved; by the time of sending the name points at 127.0.0.2.
    dns.set('hooks.example.test', '127.0.0.1');
    const hook = await register(user, {
      Url: 'https://hooks.example.test/',
      Events: ['signflow.sent'],
      Scope: 'user',
    });
    dns.set('hooks.example.test', '127.0.0.2');
    const test = await user.post(`${hooks}/${hook.Id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    await runJobs();
    const [delivery] = await deliveriesOf(user, hook.Id);
    expect(delivery).toMatchObject({
      Status: 'pending',
      Attempts: 1,
      StatusCode: null,
      Error: 'webhooks.deliveryErrors.addressNotAllowed',
    });
    await user.delete(`${hooks}/${hook.Id}`);
  });

  it('lets only the right people manage an endpoint, for their own, their group’s or every flow', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const other = await signedIn('user2@example.com', 'user2-demo');
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const organisation = await user.post(hooks, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'organisation',
    });
    expect(organisation.statusCode).toBe(403);
    expect(organisation.json().key).toBe('webhooks.errors.organisationScopeNotAllowed');
    const group = await user.post(hooks, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'group',
      GroupId: 'not-a-group-of-mine',
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().issues[0]).toMatchObject({
      path: 'GroupId',
      key: 'webhooks.errors.groupNotAllowed',
    });
    const bad = await user.post(hooks, {
      Url: receiver.url,
      Events: ['signflow.nothing'],
      Scope: 'user',
    });
    expect(bad.statusCode).toBe(400);

    const mine = await register(user, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'user',
    });
    const all = await register(admin, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'organisation',
    });
    expect((await other.get(hooks)).json()).toHaveLength(0);
    expect((await other.get(`${hooks}/${mine.Id}/deliveries`)).statusCode).toBe(404);
    expect((await other.delete(`${hooks}/${mine.Id}`)).statusCode).toBe(404);
    expect((await user.get(hooks)).json().map((hook: { Id: string }) => hook.Id)).toEqual([
      mine.Id,
    ]);
    expect((await admin.get(hooks)).json().map((hook: { Id: string }) => hook.Id)).toEqual([
      all.Id,
    ]);

    // The organisation's endpoint hears another user's flow; the user's own does not.
    receiver.received.length = 0;
    const flowId = await sendFlow(other, {
      signers: [{ Name: 'Joku', Email: `org.${kind}@example.com` }],
    });
    await runJobs();
    const heard = receiver.received.filter(
      (entry) => JSON.parse(entry.body).Data.SignFlow?.Guid === flowId,
    );
    expect(heard).toHaveLength(1);
    expectSignedBy(all.Secret, heard[0]);

    // Turned off, it hears nothing and refuses test events; a change is audited.
    const off = await user.request({
      method: 'PUT',
      url: `${hooks}/${mine.Id}`,
      payload: { Url: receiver.url, Events: ['signflow.sent'], Enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ Enabled: false, DisabledReason: 'user' });
    expect((await user.post(`${hooks}/${mine.Id}/test`)).statusCode).toBe(409);
    const audited = await db()
      .selectFrom('audit_events')
      .select('operation')
      .where('operation', 'like', 'Webhook%')
      .execute();
    expect(new Set(audited.map((row) => row.operation))).toEqual(
      new Set(['Webhook Created', 'Webhook Changed', 'Webhook Deleted']),
    );
    await user.delete(`${hooks}/${mine.Id}`);
    await admin.delete(`${hooks}/${all.Id}`);
  });

  it('lets a group’s members and administrators manage its endpoint, which hears the group’s flows', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const other = await signedIn('user2@example.com', 'user2-demo');
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const group = await createGroupAs(admin, `Henkilöstöhallinto ${kind}`);
    const { ConcurrencyStamp } = await groupUsersAs(admin, group.Id);
    const members = await admin.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [await userIdOf(admin, 'user@example.com')],
      HakaGroupId: null,
      ConcurrencyStamp,
    });
    expect(members.statusCode, members.body).toBe(200);
    const hook = await register(user, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'group',
      GroupId: group.Id,
    });
    expect(hook).toMatchObject({ Scope: 'group', GroupId: group.Id, GroupName: group.Name });
    expect((await other.get(hooks)).json()).toHaveLength(0);
    expect((await other.post(`${hooks}/${hook.Id}/test`)).statusCode).toBe(404);
    expect((await admin.get(hooks)).json().map((item: { Id: string }) => item.Id)).toEqual([
      hook.Id,
    ]);
    // An administrator may add one for a group they are not in; nobody for a group that is not.
    const byAdmin = await admin.post(hooks, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'group',
      GroupId: group.Id,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const unknown = await admin.post(hooks, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'group',
      GroupId: 'no-such-group',
    });
    expect(unknown.json().issues[0]).toMatchObject({
      path: 'GroupId',
      key: 'webhooks.errors.groupNotAllowed',
    });

    const flowId = await sendFlow(user, {
      signers: [{ Name: 'Ryhmä', Email: `group.${kind}@example.com` }],
      role: group.Id,
    });
    const own = await sendFlow(user, {
      signers: [{ Name: 'Oma', Email: `own.${kind}@example.com` }],
    });
    await runJobs();
    const heard = receiver.received.map((entry) => JSON.parse(entry.body).Data.SignFlow?.Guid);
    expect(heard.filter((id) => id === flowId)).toHaveLength(2);
    expect(heard).not.toContain(own);
  });

  it('describes every event in the OpenAPI document, with its signed headers and body', async () => {
    const document = (await context.app.inject({ url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual([...allEvents, 'webhook.test'].sort());
    const finished = document.webhooks['signflow.finished'].post;
    expect(finished.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = finished.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['Id', 'Type', 'Timestamp', 'Data']);
    expect(JSON.stringify(body)).toContain('DownloadPath');
  });

  it('turns off an endpoint that failed for three days in a row and mails its owner', async () => {
    const user = await signedIn('user@example.com', 'user-demo');
    const hook = await register(user, {
      Url: receiver.url,
      Events: ['signflow.sent'],
      Scope: 'user',
    });
    receiver.statuses.push(...Array(200).fill(500));
    const started = clock.now().getTime();
    while (clock.now().getTime() - started < 73 * hour) {
      await user.post(`${hooks}/${hook.Id}/test`);
      await runJobs();
      clock.advance(6 * hour);
      await runJobs();
    }
    const [listed] = (await user.get(hooks)).json();
    expect(listed).toMatchObject({ Enabled: false, DisabledReason: 'failing' });
    const mails = await mailsTo(db(), 'user@example.com');
    expect(mails.some((mail) => mail.text_body.includes(receiver.url))).toBe(true);
    receiver.statuses.length = 0;
    // Redelivering waits until it is on again; on again, a redelivery goes out with the same id.
    const [last] = await deliveriesOf(user, hook.Id);
    expect((await user.post(`${hooks}/deliveries/${last?.Id}/redeliver`)).statusCode).toBe(409);
    await user.request({
      method: 'PUT',
      url: `${hooks}/${hook.Id}`,
      payload: { Url: receiver.url, Events: ['signflow.sent'], Enabled: true },
    });
    const again = await user.post(`${hooks}/deliveries/${last?.Id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    await runJobs();
    const [redelivered] = await deliveriesOf(user, hook.Id);
    expect(redelivered).toMatchObject({ EventId: last?.EventId, Status: 'delivered' });
    await user.delete(`${hooks}/${hook.Id}`);
  });
});
