import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { citizenCertificate, parseCsv, proveIdentity } from './support/personal-data.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

const url = (target: string) => `/api/esign/Report/personal/${target}`;
const evilName = '=HYPERLINK("http://evil.example","Avaa")';

describe.each(databaseKinds)('personal-data queries on %s', (kind) => {
  const context = useTestApp(kind, { JOB_WORKER: 'false' });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const [anna, bertil] = [`anna.${kind}@example.com`, `bertil.${kind}@example.com`];
  const signIn = async (email = 'admin@example.com', password = 'admin-demo') => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const query = async (target: string, IdentifierType: string, Identifier: string) => {
    const answer = await (await signIn()).post(url(target), { IdentifierType, Identifier });
    const rows = answer.statusCode === 200 ? parseCsv(answer.body) : [];
    return { answer, rows, of: (section: string) => rows.filter((r) => r.Section === section) };
  };

  it('sets up a flow that Anna signed and Bertil has not', async () => {
    const sender = await signIn('user@example.com', 'user-demo');
    await new TestClient(context.app).login('user@example.com', 'wrong-password');
    const signers = [
      { Name: 'Anna Äijälä', Email: anna },
      { Name: 'Bertil Björk', Email: bertil },
    ];
    await sendFlow(sender, { name: evilName, signers });
    await runJobs();
    const token = signingTokenIn((await mailsTo(db(), anna))[0]?.text_body ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, anna);
    expect((await browser.post(`/api/sign/${token}/sign`, { HaveRead: true })).statusCode).toBe(
      200,
    );
    await proveIdentity(db(), anna, '131052A308T', [await citizenCertificate('10011187H')]);
    await proveIdentity(db(), bertil, '311280-999J', []);
  });

  it('answers a signer by e-mail with their flow, signature, files and events, and nothing of others', async () => {
    const { answer, rows, of } = await query('service', 'Email', anna.toUpperCase());
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-service-\d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''personal-data-service-\d{4}-\d\d-\d\d\.csv$/,
    );
    expect(rows[0]).toMatchObject({ Section: 'query', Name: 'service', Role: 'Email' });
    expect(of('flow')).toMatchObject([{ Name: `'${evilName}`, Role: 'signer', Status: 'Sent' }]);
    expect(of('signature')).toMatchObject([{ Name: 'Anna Äijälä', Email: anna, Status: 'Signed' }]);
    expect(of('signature')[0]?.Detail).toContain('personalIdentityCode: 131052A308T');
    expect(of('file').map((row) => row.Name)).toContain('sopimus.pdf');
    const own = of('event')
      .filter((row) => row.Role === 'person')
      .map((row) => row.Name);
    expect(own).toEqual(expect.arrayContaining(['Mailed', 'Opened', 'Authenticated', 'Sign']));
    expect(of('event').find((row) => row.Name === 'Sent')).toMatchObject({
      Role: 'flow',
      Actor: '',
      Ip: '',
    });
    expect(answer.body).not.toMatch(/bertil|Björk|311280-999J|user@example/i);
  });

  it('finds the same signature by identity code and by SATU, and tells the century signs apart', async () => {
    const byEmail = (await query('service', 'Email', anna)).of('signature');
    expect((await query('service', 'Ssn', '131052A308T')).of('signature')).toEqual(byEmail);
    expect((await query('service', 'Satu', '10011187H')).of('signature')).toEqual(byEmail);
    const other = await query('service', 'Ssn', '131052-308T');
    expect(other.rows.map((row) => row.Section)).toEqual(['query']);
  });

  it('answers a sender with their flows and a portal user with account, sessions and logins', async () => {
    const service = await query('service', 'Email', 'USER@example.com');
    expect(service.of('flow')).toMatchObject([{ Role: 'sender', Name: `'${evilName}` }]);
    expect(service.rows.find((row) => row.Name === 'Sent')).toMatchObject({ Role: 'person' });
    expect(service.answer.body).not.toContain(anna);
    const portal = await query('portal', 'Email', 'user@example.com');
    expect(portal.of('user')).toMatchObject([{ Email: 'user@example.com', Role: 'user' }]);
    expect(portal.of('session').length).toBeGreaterThan(0);
    expect(portal.of('event').map((row) => row.Name)).toEqual(
      expect.arrayContaining(['User Login Success', 'User Login Failure']),
    );
    // The service query just before, about the same person, without who made it.
    expect(portal.rows.filter((row) => row.Role === 'query')).toMatchObject([
      { Name: 'Personal Data Query', Actor: '', Detail: 'target: service' },
    ]);
  });

  it.each([
    ['Ssn', '131052-308S', 'validation.invalidPersonalIdentityCode'],
    ['Ssn', '310490-123D', 'validation.invalidPersonalIdentityCode'],
    ['Ssn', '131052a308T', 'validation.invalidPersonalIdentityCode'],
    ['Satu', '10011187J', 'validation.invalidSatu'],
    ['Email', 'anna@', 'validation.invalidEmail'],
  ])('refuses the %s %s with 400 and %s', async (type, identifier, key) => {
    const { answer } = await query('portal', type, identifier);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().issues).toEqual([{ path: 'Identifier', key }]);
  });

  it('records each query without the identifier, and refuses anyone but an administrator', async () => {
    const queries = () =>
      db()
        .selectFrom('audit_events')
        .selectAll()
        .where('operation', '=', 'Personal Data Query')
        .execute();
    const before = await queries();
    expect(before.length).toBeGreaterThanOrEqual(7);
    for (const event of before) {
      expect(event).toMatchObject({ actor: 'admin@example.com', flow_id: null });
      expect(event.details).not.toMatch(/anna|131052|10011187|user@example/i);
      expect(JSON.parse(event.details)).toMatchObject({
        identifierDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    }
    const body = { IdentifierType: 'Email', Identifier: anna };
    const user = await signIn('user@example.com', 'user-demo');
    expect((await user.post(url('service'), body)).statusCode).toBe(403);
    expect(
      (await user.post(url('portal'), { IdentifierType: 'Ssn', Identifier: 'x' })).statusCode,
    ).toBe(403);
    const anonymous = new TestClient(context.app);
    await anonymous.get('/api/esign/users/current');
    expect((await anonymous.post(url('portal'), body)).statusCode).toBe(401);
    const forged = await (
      await signIn()
    ).request({ method: 'POST', url: url('portal'), payload: body, xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(await queries()).toHaveLength(before.length);
  });
});
