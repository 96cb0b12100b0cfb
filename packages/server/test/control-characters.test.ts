import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { identifyWithCode, mailsTo, sendFlow, signingTokenIn } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const nul = 'a\u0000b';
const controlIssue = (path: string) => ({ path, key: 'validation.controlCharacter' });

// PostgreSQL refuses NUL in text (500 before this was checked) while SQLite stored it: both
// must now refuse every control character but tab and newline at the edge, alike.
describe.each(databaseKinds)('text with control characters on %s', (kind) => {
  const context = useTestApp(kind, { JOB_WORKER: 'false' });
  const db = () => context.database.handle.db;
  const runJobs = () => context.app.jobWorker.runDue();
  const signIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const issuesOf = (response: { json(): unknown }) =>
    (response.json() as { issues?: unknown[] }).issues;
  const signer = { Name: 'Anna Allekirjoittaja', Email: `anna.${kind}@example.com` };

  it('refuses a NUL in a flow name, note, signer name or organisation with a validation message', async () => {
    const sender = await signIn('user@example.com', 'user-demo');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Name: nul }, 'Name'],
      [{ Name: 'Sopimus', Note: `rivi\r\n${nul}` }, 'Note'],
      [{ Name: 'Sopimus', Signers: [{ ...signer, Name: nul }] }, 'Signers.0.Name'],
      [{ Name: 'Sopimus', Signers: [{ ...signer, Organisation: nul }] }, 'Signers.0.Organisation'],
      [{ Name: 'Sopimus', Note: 'escape \u001b[31m' }, 'Note'],
    ];
    for (const [body, path] of cases) {
      const saved = await sender.post(flows, body);
      expect(saved.statusCode, saved.body).toBe(400);
      expect(issuesOf(saved)).toContainEqual(controlIssue(path));
    }
    const list = await sender.get(flows);
    expect(list.json<unknown[]>()).toEqual([]);
    // Tabs and line ends are text: a note from a textarea keeps them.
    const kept = await sender.post(flows, { Name: 'Sopimus\t2026', Note: 'rivi 1\r\nrivi 2' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ Note: 'rivi 1\r\nrivi 2' });
  });

  it('lets a signer reject only with a comment free of control characters', async () => {
    const sender = await signIn('user@example.com', 'user-demo');
    const id = await sendFlow(sender, { signers: [signer] });
    await runJobs();
    const [invitation] = await mailsTo(db(), signer.Email);
    const token = signingTokenIn(invitation?.text_body ?? '');
    const browser = await identifyWithCode(context.app, db(), runJobs, token, signer.Email);
    const refused = await browser.post(`/api/sign/${token}/reject`, { Comment: nul });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(issuesOf(refused)).toContainEqual(controlIssue('Comment'));
    const rejected = await browser.post(`/api/sign/${token}/reject`, {
      Comment: 'En hyväksy\r\nehtoja.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const flow = (await sender.get(`${flows}/${id}`)).json<{ Status: string }>();
    expect(flow.Status).toBe('Rejected');
  });

  it('refuses a NUL in a cancel comment, a group name, the front-page text and an id in the path', async () => {
    const admin = await signIn('admin@example.com', 'admin-demo');
    const id = await sendFlow(admin, { signers: [signer] });
    const cancel = await admin.post(`${flows}/${id}/cancel`, { Comment: nul });
    expect(cancel.statusCode, cancel.body).toBe(400);
    expect(issuesOf(cancel)).toContainEqual(controlIssue('Comment'));

    const group = await admin.post(
      `/api/esign/Roles/CreateUserGroup?name=${encodeURIComponent(nul)}`,
    );
    expect(group.statusCode, group.body).toBe(400);
    expect(issuesOf(group)).toContainEqual(controlIssue('name'));

    const info = await admin.request({
      method: 'POST',
      url: '/api/config/info',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(`# Otsikko\r\n${nul}`),
    });
    expect(info.statusCode, info.body).toBe(400);

    for (const url of [`${flows}/%00`, `${flows}/x%00y/signfile/z`]) {
      const read = await admin.get(url);
      expect(read.statusCode, `${url}: ${read.body}`).toBe(400);
      expect(issuesOf(read)?.[0]).toMatchObject({ key: 'validation.controlCharacter' });
    }
    // A list search with a NUL is refused too, rather than sent to the database.
    const search = await admin.get(`${flows}?q=${encodeURIComponent(nul)}`);
    expect(search.statusCode, search.body).toBe(400);
    // The flow is still out for signing, as it was.
    expect((await admin.get(`${flows}/${id}`)).json()).toMatchObject({ Status: 'Sent' });
  });
});
