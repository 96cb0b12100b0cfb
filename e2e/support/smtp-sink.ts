// A real SMTP server for the browser tests, as its own process:
//   node e2e/support/smtp-sink.ts
// It accepts every message on 127.0.0.1:E2E_SMTP_PORT and serves what it caught as JSON on
// 127.0.0.1:E2E_MAILBOX_PORT: GET /messages?to=address → [{ to, subject, text, html, receivedAt }]
// (oldest first), GET /healthz → ok. Stops on SIGINT or SIGTERM.
import { createServer, type ServerResponse } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { decodeMail, type DecodedMail } from './mime.ts';
import { e2ePorts } from './services.ts';

interface CaughtMail extends DecodedMail {
  to: string;
  receivedAt: string;
}

const caught: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const mail = decodeMail(Buffer.concat(chunks));
      const receivedAt = new Date().toISOString();
      // One entry per recipient, so that a mailbox is asked for by one address.
      for (const recipient of session.envelope.rcptTo)
        caught.push({ to: recipient.address.toLowerCase(), ...mail, receivedAt });
      callback();
    });
  },
});

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

const mailbox = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://mailbox.invalid');
  if (request.method !== 'GET') return answer(response, 405, { error: 'GET only' });
  if (url.pathname === '/healthz') return answer(response, 200, 'ok');
  if (url.pathname !== '/messages') return answer(response, 404, { error: 'not found' });
  const to = url.searchParams.get('to')?.trim().toLowerCase();
  answer(response, 200, to === undefined ? caught : caught.filter((mail) => mail.to === to));
});

const listen = (
  server: { listen: (port: number, host: string, done: () => void) => unknown },
  port: number,
) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

smtp.server.once('error', (error) => {
  console.error('SMTP sink:', error);
  process.exit(1);
});
mailbox.once('error', (error) => {
  console.error('mailbox:', error);
  process.exit(1);
});
// SMTP first: once the mailbox answers (the readiness check), mail can be taken too.
await listen(smtp, e2ePorts.smtp);
await listen(mailbox, e2ePorts.mailbox);
console.log(
  `SMTP sink on 127.0.0.1:${e2ePorts.smtp}, its mailbox on 127.0.0.1:${e2ePorts.mailbox}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    mailbox.close();
    smtp.close(() => process.exit(0));
  });
