import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The parts sent as attachments, decoded. */
  attachments: Array<{ fileName: string; contentType: string; content: Buffer }>;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, decoded. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        received.push({ to, ...parseMessage(Buffer.concat(chunks).toString('latin1')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('SMTP server not listening');
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, names in lower case) and the body of one MIME entity. */
function splitEntity(entity: string) {
  const end = entity.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of entity
    .slice(0, end)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: entity.slice(end + 4) };
}

const bytesOfHex = (text: string) =>
  text.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

function decodeBody(body: string, encoding = '7bit'): string {
  if (encoding.toLowerCase() === 'base64') {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding.toLowerCase() === 'quoted-printable')
    return utf8(bytesOfHex(body.replace(/=\r\n/g, '')));
  return utf8(body);
}

/** RFC 2047 encoded words, as nodemailer writes a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : utf8(bytesOfHex(data.replace(/_/g, ' '))),
    );
}

type Entity = ReturnType<typeof splitEntity>;

/** The leaf parts of an entity, nested multiparts (mixed around alternative) opened. */
function leavesOf(entity: Entity): Entity[] {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [entity];
  return entity.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => leavesOf(splitEntity(part.replace(/^\r\n/, ''))));
}

function parseMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const message = splitEntity(raw);
  const parts = leavesOf(message);
  const isAttachment = (entity: Entity) =>
    /^attachment/i.test(entity.headers.get('content-disposition') ?? '');
  const partOf = (type: string) => {
    const part = parts.find(
      (entity) => !isAttachment(entity) && entity.headers.get('content-type')?.startsWith(type),
    );
    return part
      ? decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding'))
      : '';
  };
  const attachments = parts.filter(isAttachment).map((part) => {
    const disposition = part.headers.get('content-disposition') ?? '';
    const body = part.body.replace(/\r\n$/, '');
    const base64 = part.headers.get('content-transfer-encoding')?.toLowerCase() === 'base64';
    return {
      fileName: decodeWords(/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? ''),
      contentType: (part.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '',
      content: base64
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'latin1'),
    };
  });
  return {
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: partOf('text/plain').replace(/\r\n/g, '\n'),
    html: partOf('text/html').replace(/\r\n/g, '\n'),
    attachments,
  };
}
