/** What the tests read of a message. */
export interface DecodedMail {
  subject: string;
  text: string;
  html: string;
}

interface Entity {
  headers: Map<string, string>;
  /** The body's bytes, one character per byte. */
  body: string;
}

const utf8 = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');
const hexBytes = (text: string) =>
  text.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Headers (unfolded, names in lower case) and the body of one MIME entity. */
function splitEntity(entity: string): Entity {
  const end = entity.indexOf('\r\n\r\n');
  const head = end < 0 ? entity : entity.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : entity.slice(end + 4) };
}

/** RFC 2047 encoded words; a run of them is joined first, as a character may span two words. */
function decodeHeader(value: string): string {
  const word = /=\?[^?]+\?([bq])\?([^?]*)\?=/gi;
  return utf8(value).replace(/=\?[^?]+\?[bq]\?[^?]*\?=(?:\s*=\?[^?]+\?[bq]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(word)].map(([, kind, data = '']) =>
        kind?.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64')
          : Buffer.from(hexBytes(data.replace(/_/g, ' ')), 'latin1'),
      ),
    ).toString('utf8'),
  );
}

function decodeBody({ headers, body }: Entity): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : utf8(encoding === 'quoted-printable' ? hexBytes(body.replace(/=\r\n/g, '')) : body);
  return text.replace(/\r\n/g, '\n');
}

/** The leaf parts of an entity, nested multiparts opened. */
function leavesOf(entity: Entity): Entity[] {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || boundary === undefined) return [entity];
  return entity.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => leavesOf(splitEntity(part.replace(/^\r\n/, '').replace(/\r\n$/, ''))));
}

/**
 * Decodes a message as nodemailer writes the portal's mail: plain text and HTML, each
 * quoted-printable or base64, and a subject in encoded words.
 */
export function decodeMail(raw: Buffer): DecodedMail {
  const message = splitEntity(raw.toString('latin1'));
  const leaves = leavesOf(message);
  const partOf = (type: string) => {
    const part = leaves.find((leaf) =>
      (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type),
    );
    return part === undefined ? '' : decodeBody(part);
  };
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: partOf('text/plain'),
    html: partOf('text/html'),
  };
}
