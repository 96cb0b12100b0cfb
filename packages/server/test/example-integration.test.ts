import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenAs } from './support/api-tokens.ts';
import { TestClient } from './support/client.ts';
import { makePdf } from './support/pdf.ts';
import { identifyWithCode, mailsTo, signingTokenIn } from './support/signing.ts';
import { useTestApp } from './support/test-app.ts';

const script = resolve(import.meta.dirname, '../../../examples/integration.sh');

/** A port nothing listens on now, for the example's receiver. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// docs/integration.md's walk-through, as examples/integration.sh runs it with curl against a
// real server on 127.0.0.1, while this test plays the signer.
describe('the integration example', () => {
  const context = useTestApp('sqlite', {
    JOB_WORKER: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  let portalUrl = '';
  beforeAll(async () => {
    portalUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('creates, fills and sends a flow, hears its webhooks and downloads the signed file', async () => {
    const user = new TestClient(context.app);
    await user.login('user@example.com', 'user-demo');
    const { Token } = await createTokenAs(user, ['signflows:read', 'signflows:write']);
    const receiverPort = await freePort();
    const hook = await user.post('/api/esign/Webhooks', {
      Url: `http://127.0.0.1:${receiverPort}/`,
      Events: ['signflow.sent', 'signflow.opened', 'signer.signed', 'signflow.finished'],
      Scope: 'user',
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'esign-example-'));
    const pdf = join(dir, 'työsopimus.pdf');
    writeFileSync(pdf, makePdf());
    const signer = 'example.signer@example.com';

    const run = spawn('bash', [script], {
      env: {
        PATH: process.env.PATH,
        ESIGN_URL: portalUrl,
        ESIGN_TOKEN: Token,
        ESIGN_WEBHOOK_SECRET: hook.json().Secret,
        RECEIVER_PORT: String(receiverPort),
        SIGNER_NAME: 'Esimerkki Allekirjoittaja',
        SIGNER_EMAIL: signer,
        PDF: pdf,
        OUT: join(dir, 'signed.pdf'),
        WAIT_SECONDS: '120',
      },
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => run.on('close', done));

    // The signer: the invitation arrives, they identify with the mailed code and sign.
    const db = context.database.handle.db;
    let token = '';
    for (let tries = 0; !token && tries < 600; tries += 1) {
      const invitation = (await mailsTo(db, signer)).find((mail) =>
        mail.text_body.includes('/sign/'),
      );
      if (invitation) token = signingTokenIn(invitation.text_body);
      else await sleep(100);
    }
    expect(token, output).not.toBe('');
    const runJobs = () => context.app.jobWorker.runDue();
    const browser = await identifyWithCode(context.app, db, runJobs, token, signer);
    expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(200);
    const signed = await browser.post(`/api/sign/${token}/sign`, { HaveRead: true });
    expect(signed.statusCode, signed.body).toBe(200);

    expect(await exited, output).toBe(0);
    expect(output).toContain('signflow.sent signflow.opened signer.signed signflow.finished');
    expect(readFileSync(join(dir, 'signed.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
