import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevMailMessage } from '@esign/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateToLatest } from '../src/db/migrate.ts';
import { MovableClock } from '../src/time/clock.ts';
import { createJobWorker, type JobWorker } from '../src/jobs/job-queue.ts';
import {
  enqueueMail,
  mailMaxAttempts,
  registerMailJob,
  removedSecret,
} from '../src/mail/mail-job.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { createDiskStorage } from '../src/storage/disk-storage.ts';
import { renderMail, type MailParams, type MailTemplate } from '../src/mail/templates.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.ts';
import { recordingLogger } from './support/jobs.ts';
import { freePort } from './support/node-process.ts';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts';
import { useTestApp } from './support/test-app.ts';

const link = 'https://portal.example.fi/sign/abc123';
const invitation: MailParams['invitation'] = {
  organisation: 'Esimerkki Oy',
  senderName: 'Sanna Lähettäjä',
  flowName: 'Vuokrasopimus 2026',
  note: 'Allekirjoita ennen muuttoa',
  // 00:30 on 1 April in Helsinki (summer time), still 31 March in UTC.
  deadline: '2026-03-31T21:30:00Z',
  link,
  level: 'Low',
};
const paramsOf: MailParams = {
  invitation,
  reminder: { ...invitation, level: 'Advanced' },
  code: { flowName: invitation.flowName, code: '482913', validMinutes: 10 },
  rejected: { flowName: invitation.flowName, signerName: 'Pekka', comment: 'Väärä summa', link },
  linkLocked: {
    flowName: invitation.flowName,
    signerName: 'Pekka',
    signerEmail: 'pekka@example.fi',
    link,
  },
  linkUnlocked: { flowName: invitation.flowName, senderName: 'Sanna Lähettäjä', link },
  cancelled: { ...invitation, comment: null },
  finished: { flowName: invitation.flowName, link },
  signedCopy: { ...invitation, validUntil: invitation.deadline ?? '', attached: true },
  inspector: { ...invitation },
  copySent: { ...invitation },
  viewerInvitation: { ...invitation },
  copyFinished: {
    ...invitation,
    link: 'https://portal.example.fi/copy/abc123',
    evidenceLink: 'https://portal.example.fi/copy/abc123/evidence',
    validUntil: invitation.deadline ?? '',
    attached: false,
  },
  failed: { flowName: invitation.flowName, reason: 'time-stamp service down', link },
  deadlineExtended: { ...invitation, expiryDate: '2026-04-30' },
  viewerDeadlineExtended: {
    ...invitation,
    expiryDate: '2026-04-30',
    link: 'https://portal.example.fi/view/abc123',
  },
  expired: { ...invitation },
  expiredSender: { flowName: invitation.flowName, signed: 1, total: 3, link },
  webhookDisabled: {
    url: 'https://hr.example.fi/esign-events',
    failingSince: '2026-03-28T08:00:00Z',
    link: 'https://portal.example.fi/webhooks',
  },
};
const templates = Object.keys(paramsOf) as MailTemplate[];

describe('mail templates', () => {
  it.each(['fi', 'en', 'sv'])('render every template in %s as text and HTML', (language) => {
    for (const template of templates) {
      const mail = renderMail(template, language, paramsOf[template]);
      // Every message names what it is about: the flow, or (a webhook's) the address.
      const about =
        template === 'webhookDisabled'
          ? { subject: 'hr.example.fi', body: paramsOf.webhookDisabled.url }
          : { subject: invitation.flowName, body: invitation.flowName };
      expect(mail.subject, template).toContain(about.subject);
      expect(mail.text, template).toContain(about.body);
      expect(mail.html, template).toContain(`<html lang="${language}">`);
      expect(mail.html, template).toContain(about.body);
    }
  });

  it('escapes every parameter in the HTML and keeps the plain text as written', () => {
    const name = '<script>alert("x")</script>';
    const mail = renderMail('invitation', 'en', {
      ...invitation,
      flowName: name,
      senderName: 'Eve & "Mallory"',
      note: '<b>bold</b>\nsecond line',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Eve &amp; &quot;Mallory&quot;');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;<br>\nsecond line');
    expect(mail.text).toContain(name);
    expect(mail.subject).toBe(`Signature request: ${name}`);
  });

  it('keeps the subject on one line and falls back to Finnish for other languages', () => {
    const mail = renderMail('code', 'de', {
      ...paramsOf.code,
      flowName: 'A\r\nBcc: x@example.com',
    });
    expect(mail.subject).toBe('Allekirjoituksen vahvistuskoodi: A Bcc: x@example.com');
    expect(mail.text).toContain('482913');
    expect(mail.text).toContain('10 minuuttia');
  });
});

describe('mail over SMTP', () => {
  let database: TestDatabase;
  let clock: MovableClock;
  const servers: TestSmtpServer[] = [];
  const mailers: Mailer[] = [];
  const workerFor = (port: number): JobWorker => {
    const config = {
      demo: false,
      smtp: { url: `smtp://127.0.0.1:${port}`, from: 'eSign <no-reply@example.fi>' },
    };
    const mailer = createMailer({ config, db: database.handle.db, logger: recordingLogger() });
    mailers.push(mailer);
    const worker = createJobWorker({ db: database.handle.db, clock, logger: recordingLogger() });
    registerMailJob(worker, mailer);
    return worker;
  };
  const smtp = async (port?: number) => {
    const server = await startSmtpServer(port);
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await migrateToLatest(database.handle);
  });
  beforeEach(() => {
    clock = new MovableClock(new Date('2026-03-02T08:00:00Z'));
  });
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await Promise.all(servers.map((server) => server.close()));
    await database.dispose();
  });

  it('delivers an invitation in Finnish, English and Swedish, with HTML and plain text', async () => {
    const server = await smtp();
    const worker = workerFor(server.port);
    for (const language of ['fi', 'en', 'sv']) {
      const to = `${language}@example.fi`;
      await enqueueMail(
        database.handle.db,
        { to, template: 'invitation', language, params: invitation },
        clock.now(),
      );
    }
    expect(await worker.runDue()).toBe(3);

    const byRecipient = (to: string) => server.received.find((mail) => mail.to.includes(to));
    const expected = {
      fi: [
        'Allekirjoituspyyntö: Vuokrasopimus 2026',
        '1. huhtikuuta 2026',
        'kertakäyttöisellä koodilla',
      ],
      en: ['Signature request: Vuokrasopimus 2026', '1 April 2026', 'one-time code'],
      sv: ['Signeringsbegäran: Vuokrasopimus 2026', '1 april 2026', 'engångskod'],
    };
    for (const [language, [subject, date, identification]] of Object.entries(expected)) {
      const mail = byRecipient(`${language}@example.fi`);
      expect(mail?.subject).toBe(subject);
      for (const body of [mail?.text, mail?.html]) {
        expect(body).toContain(date);
        expect(body).toContain(identification);
        expect(body).toContain('Sanna Lähettäjä (Esimerkki Oy)');
        expect(body).toContain('Allekirjoita ennen muuttoa');
      }
      expect(mail?.text).toContain(link);
      expect(mail?.html).toContain(`<a href="${link}"`);
      expect(mail?.html).toContain(`<html lang="${language}">`);
    }
  });

  it('retries while the SMTP server is down and delivers exactly once when it is back', async () => {
    const port = await freePort();
    const worker = workerFor(port);
    await enqueueMail(
      database.handle.db,
      { to: 'later@example.fi', template: 'code', language: 'en', params: paramsOf.code },
      clock.now(),
    );
    expect(await worker.runDue()).toBe(1);
    const waiting = await database.handle.db
      .selectFrom('jobs')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ attempts: 1, failed_at: null });
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);

    const server = await smtp(port);
    expect(await worker.runDue()).toBe(0);
    expect(server.received).toHaveLength(0);
    clock.advance(30_000);
    expect(await worker.runDue()).toBe(1);
    clock.advance(3_600_000);
    expect(await worker.runDue()).toBe(0);
    expect(server.received.map((mail) => mail.subject)).toEqual([
      'Your signing code for Vuokrasopimus 2026',
    ]);
    expect(server.received[0]?.text).toContain('482913');
    expect(await database.handle.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('keeps no one-time code in a code mail that could never be sent, and the invitation whole', async () => {
    const worker = workerFor(await freePort());
    for (const mail of [
      { to: 'never@example.fi', template: 'code', language: 'en', params: paramsOf.code },
      {
        to: 'never@example.fi',
        template: 'invitation',
        language: 'en',
        params: paramsOf.invitation,
      },
    ] as const)
      await enqueueMail(database.handle.db, mail, clock.now());
    // Every attempt fails (no SMTP server), until the last.
    for (let attempt = 0; attempt < mailMaxAttempts; attempt += 1) {
      await worker.runDue();
      clock.advance(2 * 3_600_000);
    }
    const failed = await database.handle.db
      .selectFrom('jobs')
      .select(['payload', 'failed_at'])
      .where('failed_at', 'is not', null)
      .execute();
    expect(failed).toHaveLength(2);
    const payloads = failed.map((job) => JSON.stringify(job.payload));
    expect(payloads.join('\n')).not.toContain(paramsOf.code.code);
    expect(payloads.join('\n')).toContain(removedSecret);
    expect(payloads.join('\n')).toContain(paramsOf.invitation.link);
    await database.handle.db.deleteFrom('jobs').execute();
  });
});

describe.each(databaseKinds)('the dev mailbox on %s', (kind) => {
  const clock = new MovableClock(new Date('2026-03-02T08:00:00Z'));
  const context = useTestApp(kind, { JOB_WORKER: 'false' }, { clock });
  const db = () => context.database.handle.db;

  it('keeps mail and logs only its recipient and subject, never the body', async () => {
    const logger = recordingLogger();
    const config = { demo: true, smtp: { url: null, from: 'eSign <no-reply@localhost>' } };
    const mailer = createMailer({ config, db: db(), logger, clock });
    await mailer.send({ to: 'direct@example.fi', ...renderMail('code', 'fi', paramsOf.code) });
    expect(logger.lines).toEqual([
      {
        level: 'info',
        details: {
          to: 'direct@example.fi',
          subject: 'Allekirjoituksen vahvistuskoodi: Vuokrasopimus 2026',
        },
        message: 'mail kept in the dev mailbox',
      },
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain('482913');
    const stored = await db()
      .selectFrom('dev_mailbox')
      .selectAll()
      .where('to_address', '=', 'direct@example.fi')
      .executeTakeFirstOrThrow();
    expect(stored.text_body).toContain('482913');
  });

  it('lists queued mail newest first with the links in it, without a session', async () => {
    const to = { signer: 'signer@example.fi', sender: 'sender@example.fi' };
    const language = 'en';
    await enqueueMail(
      db(),
      { to: to.signer, template: 'invitation', language, params: invitation },
      clock.now(),
    );
    expect(await context.app.jobWorker.runDue()).toBe(1);
    clock.advance(1000);
    await enqueueMail(
      db(),
      { to: to.sender, template: 'finished', language, params: paramsOf.finished },
      clock.now(),
    );
    expect(await context.app.jobWorker.runDue()).toBe(1);

    const response = await context.app.inject({ url: '/api/dev/mail' });
    expect(response.statusCode).toBe(200);
    const messages = z.array(DevMailMessage).parse(response.json());
    const queued = messages.filter((message) => message.To !== 'direct@example.fi');
    expect(queued.map((message) => [message.To, message.Subject, message.Links])).toEqual([
      ['sender@example.fi', 'Signed: Vuokrasopimus 2026', [link]],
      ['signer@example.fi', 'Signature request: Vuokrasopimus 2026', [link]],
    ]);
    expect(queued[0]?.SentAt).toBe('2026-03-02T08:00:01.000Z');
    expect(queued[1]?.Html).toContain(`<a href="${link}"`);
  });

  it('lists what a message had attached, from storage, and leaves out a file that is gone', async () => {
    const storage = createDiskStorage(join(context.config.dataDir, 'attachments-test'));
    const dir = mkdtempSync(join(tmpdir(), 'esign-attach-'));
    writeFileSync(join(dir, 'a.pdf'), '%PDF-1.7 test');
    await storage.putFile('flows/f1/signed', join(dir, 'a.pdf'), 'application/pdf');
    const mailer = createMailer({
      config: { demo: true, smtp: { url: null, from: 'eSign <no-reply@localhost>' } },
      db: db(),
      logger: recordingLogger(),
      clock,
      storage,
    });
    const attachment = (storageKey: string, fileName: string) => ({
      storageKey,
      fileName,
      contentType: 'application/pdf',
      size: 13,
    });
    await mailer.send({
      to: 'liite@example.fi',
      ...renderMail('signedCopy', 'fi', paramsOf.signedCopy),
      attachments: [
        attachment('flows/f1/signed', 'sopimus.pdf'),
        attachment('flows/gone/signed', 'poistettu.pdf'),
      ],
    });
    const messages = z
      .array(DevMailMessage)
      .parse((await context.app.inject({ url: '/api/dev/mail' })).json());
    const shown = messages.find((message) => message.To === 'liite@example.fi');
    expect(shown?.Attachments).toEqual([{ FileName: 'sopimus.pdf', Size: 13 }]);
    expect(shown?.Links).toEqual([link]);
  });

  describe('outside the demo profile', () => {
    const production = useTestApp(kind, {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-session-secret-of-enough-length',
      BUILTIN_IDP: 'true',
      JOB_WORKER: 'false',
    });
    const withSmtp = useTestApp(kind, { SMTP_URL: 'smtp://127.0.0.1:2525', JOB_WORKER: 'false' });

    it('answers 404 in production and when mail really goes out by SMTP', async () => {
      for (const app of [production.app, withSmtp.app]) {
        const response = await app.inject({ url: '/api/dev/mail' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
      }
    });
  });
});
