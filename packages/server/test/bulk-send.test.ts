import { bulkCsvHeaders } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MovableClock } from '../src/time/clock.ts';
import { bearerCall, createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { makePdf } from './support/pdf.ts';
import { mailsTo } from './support/signing.ts';
import { sessionsOutlastMovedClock, useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const roles = ['Työntekijä', 'Esihenkilö'];
const tuning = { rowsPerRun: 3, parallel: 2, continueAfterMs: 1000 };

/** A CSV as Excel writes it in Finland: a BOM, semicolons, CRLF. */
function finnishCsv(rows: string[][]) {
  const lines = [bulkCsvHeaders(roles, 'fi'), ...rows].map((cells) => cells.join(';'));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\r\n'))]);
}

const peopleRows = (count: number, tag: string) =>
  Array.from({ length: count }, (_, index) => [
    `Äijä Öhman ${index + 1}`,
    `tyontekija.${tag}.${index + 1}@example.com`,
    '',
    `Åsa Ek ${index + 1}`,
    `esihenkilo.${tag}.${index + 1}@example.com`,
    '',
    `Työsopimus ${index + 1}`,
    '',
  ]);

describe.each(databaseKinds)('bulk send on %s', (kind) => {
  const clock = new MovableClock();
  const context = useTestApp(
    kind,
    { JOB_WORKER: 'false', ...sessionsOutlastMovedClock },
    { clock, bulkSendTuning: tuning },
  );
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const login = async (email = 'user@example.com', password = 'user-demo') => {
    const client = new TestClient(context.app);
    await client.login(email, password);
    return client;
  };

  /** A template with the two open roles and its file to sign. */
  async function makeTemplate(owner: TestClient) {
    const saved = await owner.post('/api/esign/Templates', {
      Name: 'Työsopimus',
      Note: 'Allekirjoita perjantaihin mennessä',
      SignatureProcess: 'Sequential',
      MinimumSignatureLevel: 'Low',
      Language: 'fi',
      Roles: roles.map((role) => ({ RoleName: role })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ Guid: string }>().Guid;
    const uploaded = await owner.upload(
      `/api/esign/Templates/${id}/signfile`,
      'sopimus.pdf',
      makePdf(),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return id;
  }

  const check = (client: TestClient, template: string, csv: Buffer) =>
    client.upload(`/api/esign/Templates/${template}/bulk`, 'lista.csv', csv, 'text/csv');

  it('checks a file with a bad e-mail, refuses to send it, then sends the fixed one: each row one flow, its signers mailed once', async () => {
    const owner = await login();
    const template = await makeTemplate(owner);
    const rows = peopleRows(5, `a${kind}`);
    const bad = rows.map((row) => [...row]);
    if (bad[2]) bad[2][1] = 'ei-osoite';
    const checked = await check(owner, template, finnishCsv(bad));
    expect(checked.statusCode, checked.body).toBe(200);
    const result = checked.json();
    expect(result.Rows).toBe(5);
    expect(result.Problems).toEqual([
      {
        Row: 4,
        Column: 'Työntekijä: sähköpostiosoite',
        Key: 'validation.invalidSignerEmail',
        Message: 'invalid signer email',
      },
    ]);
    const refused = await owner.post(`/api/esign/Batches/${result.BatchId}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('bulk.errors.hasProblems');

    const info = (await owner.get(`/api/esign/Templates/${template}/bulk`)).json();
    expect(info).toEqual({ TemplateId: template, Name: 'Työsopimus', Roles: roles, MaxRows: 1000 });
    const fixed = (await check(owner, template, finnishCsv(rows))).json();
    expect(fixed).toMatchObject({ Rows: 5, Problems: [] });
    const ready = (await owner.get(`/api/esign/Batches/${fixed.BatchId}`)).json();
    expect(ready).toMatchObject({ Status: 'checked', Total: 5, Queued: 5, Sent: 0 });
    const sent = await owner.post(`/api/esign/Batches/${fixed.BatchId}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ Status: 'sending', Queued: 5 });
    expect((await owner.post(`/api/esign/Batches/${fixed.BatchId}/send`)).statusCode).toBe(409);

    for (let round = 0; round < 4; round += 1) {
      await runJobs();
      clock.advance(1000);
    }
    await runJobs();
    const done = (await owner.get(`/api/esign/Batches/${fixed.BatchId}`)).json();
    expect(done).toMatchObject({ Status: 'done', Total: 5, Queued: 0, Sent: 5, Failed: [] });
    const listed = (await owner.get(`${flows}?batch=${fixed.BatchId}&pageSize=50`)).json();
    expect(listed.Total).toBe(5);
    expect(listed.Items.map((item: { Name: string }) => item.Name).sort()).toEqual(
      rows.map((row) => row[6]).sort(),
    );
    expect(listed.Items.every((item: { Status: string }) => item.Status === 'Sent')).toBe(true);
    const firstSigner = `tyontekija.a${kind}.1@example.com`;
    const invitations = (await mailsTo(db(), firstSigner)).filter((mail) =>
      mail.text_body.includes('/sign/'),
    );
    expect(invitations).toHaveLength(1);
    // Sequential: the second role is invited once the first has signed, not before.
    expect(await mailsTo(db(), `esihenkilo.a${kind}.1@example.com`)).toHaveLength(0);
  });

  it('cancelled halfway leaves the rest unsent, and the flows sent stay sent', async () => {
    const owner = await login();
    const template = await makeTemplate(owner);
    const batch = (await check(owner, template, finnishCsv(peopleRows(8, `c${kind}`)))).json();
    await owner.post(`/api/esign/Batches/${batch.BatchId}/send`);
    await runJobs(); // one run: three rows
    const cancelled = await owner.post(`/api/esign/Batches/${batch.BatchId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      Status: 'cancelled',
      Sent: 3,
      Cancelled: 5,
      Queued: 0,
    });
    clock.advance(1000);
    await runJobs();
    const after = (await owner.get(`/api/esign/Batches/${batch.BatchId}`)).json();
    expect(after).toMatchObject({ Status: 'cancelled', Sent: 3, Cancelled: 5 });
    expect(await mailsTo(db(), `tyontekija.c${kind}.4@example.com`)).toHaveLength(0);
    expect((await owner.get(`${flows}?batch=${batch.BatchId}`)).json().Total).toBe(3);
    const again = await owner.post(`/api/esign/Batches/${batch.BatchId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('bulk.errors.notSending');
  });

  it('goes on after a restart, failing (not resending) a row a dead run left half made', async () => {
    const owner = await login();
    const template = await makeTemplate(owner);
    const batch = (await check(owner, template, finnishCsv(peopleRows(7, `r${kind}`)))).json();
    await owner.post(`/api/esign/Batches/${batch.BatchId}/send`);
    await runJobs(); // rows 2–4 sent
    // A run that died while making row 5's flow.
    await db()
      .updateTable('bulk_batch_rows')
      .set({ status: 'sending' })
      .where('batch_id', '=', batch.BatchId)
      .where('row_number', '=', 5)
      .execute();
    await context.app.close();
    context.app = await buildApp({
      config: context.config,
      database: context.database.handle,
      clock,
      bulkSendTuning: tuning,
    });
    await context.app.ready();
    clock.advance(1000);
    for (let round = 0; round < 3; round += 1) {
      await runJobs();
      clock.advance(1000);
    }
    const after = (await (await login()).get(`/api/esign/Batches/${batch.BatchId}`)).json();
    expect(after).toMatchObject({
      Status: 'done',
      Sent: 6,
      Queued: 0,
      Failed: [{ Row: 5, Reason: 'bulk.failures.interrupted' }],
    });
  });

  it('shows a batch only to its owner and refuses a template the user may not use', async () => {
    const owner = await login();
    const template = await makeTemplate(owner);
    const batch = (await check(owner, template, finnishCsv(peopleRows(1, `o${kind}`)))).json();
    const other = await login('user2@example.com', 'user2-demo');
    expect((await other.get(`/api/esign/Batches/${batch.BatchId}`)).statusCode).toBe(404);
    expect((await other.post(`/api/esign/Batches/${batch.BatchId}/send`)).statusCode).toBe(404);
    expect((await other.post(`/api/esign/Batches/${batch.BatchId}/cancel`)).statusCode).toBe(404);
    expect((await check(other, template, finnishCsv(peopleRows(1, 'x')))).statusCode).toBe(404);
    expect((await other.get(`/api/esign/Templates/${template}/bulk`)).statusCode).toBe(404);
    const anonymous = new TestClient(context.app);
    expect((await anonymous.get(`/api/esign/Batches/${batch.BatchId}`)).statusCode).toBe(401);
    // Without the XSRF header a browser's send is refused.
    const forged = await owner.request({
      method: 'POST',
      url: `/api/esign/Batches/${batch.BatchId}/send`,
      xsrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect((await owner.get(`/api/esign/Batches/${batch.BatchId}`)).json().Status).toBe('checked');
  });

  it('takes API tokens by scope: reading needs signflows:read, sending signflows:write', async () => {
    const owner = await login();
    const template = await makeTemplate(owner);
    const batch = (await check(owner, template, finnishCsv(peopleRows(1, `t${kind}`)))).json();
    const reader = await createTokenAs(owner, ['signflows:read']);
    const path = `/api/esign/Batches/${batch.BatchId}`;
    const call = (token: string, method: 'GET' | 'POST', url: string) =>
      bearerCall(context.app, token, { method, url });
    expect((await call(reader.Token, 'GET', path)).statusCode).toBe(200);
    expect((await call(reader.Token, 'POST', `${path}/send`)).statusCode).toBe(403);
    const writer = await createTokenAs(owner, ['signflows:write']);
    expect((await call(writer.Token, 'POST', `${path}/send`)).statusCode).toBe(200);
  });

  it('refuses a file that is not UTF-8 CSV or is too large, without queuing anything', async () => {
    const owner = await login();
    const template = await makeTemplate(owner);
    const latin1 = Buffer.from('Työntekijä: nimi;x\nÄ;y\n', 'latin1');
    const unreadable = (await check(owner, template, latin1)).json();
    expect(unreadable.Problems).toEqual([
      expect.objectContaining({ Row: 0, Key: 'bulk.errors.unreadable' }),
    ]);
    const huge = await check(owner, template, Buffer.alloc(3 * 1024 * 1024, 0x61));
    expect(huge.statusCode).toBe(413);
    const none = await owner.request({
      method: 'POST',
      url: `/api/esign/Templates/${template}/bulk`,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });
});
