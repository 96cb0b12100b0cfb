import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { fileSource } from '../../src/pdf/source.ts';
import { verifyPdf } from '../../src/verify/verify.ts';

export const workDir = () => mkdtempSync(join(tmpdir(), 'pades-test-'));

/** A PDF as pdf-lib writes it: classic cross-reference table, or object and xref streams. */
export async function pdfLibDocument(pages = 2, useObjectStreams = false): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    document
      .addPage([595, 842])
      .drawText(`Vuokrasopimus, sivu ${index + 1}`, { x: 72, y: 760, size: 18, font });
  }
  return Buffer.from(await document.save({ useObjectStreams }));
}

/** The same document rewritten by qpdf with the given options (another producer's structure). */
export function rewriteWithQpdf(pdf: Buffer, args: string[]): Buffer {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), pdf);
  execFileSync('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
  return readFileSync(join(dir, 'out.pdf'));
}

export interface TestIdentity {
  privateKey: KeyObject;
  certificate: Buffer;
  certificatePath: string;
}

/** A self-signed signing certificate made with openssl (EC P-256 or RSA 2048). */
export function testIdentity(
  kind: 'ec' | 'rsa' = 'ec',
  commonName = 'Maija Meikäläinen',
): TestIdentity {
  const dir = workDir();
  const keyArgs =
    kind === 'ec'
      ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']
      : ['-newkey', 'rsa:2048'];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      ...keyArgs,
      '-nodes',
      '-days',
      '2',
      '-utf8',
      '-subj',
      `/CN=${commonName}/O=Testi Oy`,
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const certificate = execFileSync('openssl', [
    'x509',
    '-in',
    join(dir, 'cert.pem'),
    '-outform',
    'DER',
  ]);
  return {
    privateKey: createPrivateKey(readFileSync(join(dir, 'key.pem'))),
    certificate,
    certificatePath: join(dir, 'cert.pem'),
  };
}

/** poppler's view of every signature: valid or not, whole file or not. */
export function pdfsig(path: string): {
  valid: boolean[];
  wholeDocument: boolean[];
  /** Each signature's 'Signature Validation' text ('Signature is Valid.' or why not). */
  verdicts: string[];
  output: string;
} {
  let output: string;
  try {
    output = execFileSync('pdfsig', [path], { encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const blocks = output.split(/^Signature #\d+:/m).slice(1);
  return {
    valid: blocks.map((block) => block.includes('Signature Validation: Signature is Valid')),
    wholeDocument: blocks.map((block) => block.includes('Total document signed')),
    verdicts: blocks.map(
      (block) => /Signature Validation: (.*)$/m.exec(block)?.[1]?.trim() ?? 'no verdict',
    ),
    output,
  };
}

/** qpdf's structural check; answers its output when it finds errors. */
export function qpdfCheck(path: string): string | null {
  try {
    execFileSync('qpdf', ['--check', path], { encoding: 'utf8' });
    return null;
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/** A PDF printed by Chromium (Skia's PDF backend), another producer's structure. */
export function chromiumPdf(): Buffer {
  const dir = workDir();
  const html = join(dir, 'page.html');
  writeFileSync(
    html,
    '<!doctype html><meta charset="utf-8"><h1>Vuokrasopimus</h1><p>Vuokranantaja ja vuokralainen sopivat seuraavaa: äöå ÄÖÅ.</p>',
  );
  execFileSync(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${join(dir, 'profile')}`,
      '--no-pdf-header-footer',
      `--print-to-pdf=${join(dir, 'out.pdf')}`,
      `file://${html}`,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
  return readFileSync(join(dir, 'out.pdf'));
}

/** The LibreOffice Writer exports committed under test/fixtures/libreoffice (see its README). */
export const libreOfficeFixtures = {
  /** Writer's default PDF 1.6 export: Finnish text, a table with borders and an embedded PNG. */
  vuokrasopimus: 'LibreOffice Writer (table, image)',
  /** PDF/A-2b: XMP metadata, an output intent, header and footer, a footnote, a link, 2 pages. */
  'poytakirja-pdfa': 'LibreOffice Writer as PDF/A-2b',
  /** Tagged PDF with comments as /Text and /Popup annotations, bookmarks, a landscape page. */
  'muistio-tagged': 'LibreOffice Writer, tagged, with notes and bookmarks',
} as const;

/** One of the committed LibreOffice PDFs (LibreOffice itself is not needed to run the tests). */
export function libreOfficePdf(name: keyof typeof libreOfficeFixtures): Buffer {
  return readFileSync(join(import.meta.dirname, '..', 'fixtures', 'libreoffice', `${name}.pdf`));
}

/** The LibreOffice PDFs as `[label, make]` pairs for the tests' lists of input kinds. */
export const libreOfficeKinds: Array<[string, () => Buffer]> = Object.entries(
  libreOfficeFixtures,
).map(([name, label]) => [label, () => libreOfficePdf(name as keyof typeof libreOfficeFixtures)]);

/**
 * poppler does not validate document time stamps ("Unable to validate this type of
 * signature"); openssl does. Extracts each one's token and signed ranges with pdfsig and
 * answers whether `openssl ts -verify` accepts it up to the given root.
 */
export function opensslVerifiesDocumentTimestamps(
  path: string,
  rootPem: string,
  untrustedPem: string,
): boolean[] {
  const dir = workDir();
  execFileSync('pdfsig', ['-dump', path], { cwd: dir, stdio: 'ignore' });
  const output = pdfsig(path).output;
  const pdf = readFileSync(path);
  const blocks = output.split(/^Signature #\d+:/m).slice(1);
  writeFileSync(join(dir, 'root.pem'), rootPem);
  writeFileSync(join(dir, 'untrusted.pem'), untrustedPem);
  const results: boolean[] = [];
  blocks.forEach((block, index) => {
    if (!block.includes('Signature Type: unknown')) return;
    const ranges = [...block.matchAll(/\[(\d+) - (\d+)\]/g)].map(
      (match) => [Number(match[1]), Number(match[2])] as const,
    );
    writeFileSync(
      join(dir, 'data.bin'),
      Buffer.concat(ranges.map(([start, end]) => pdf.subarray(start, end))),
    );
    const token = readFileSync(join(dir, `${path.split('/').pop()}.sig${index}`));
    writeFileSync(join(dir, 'token.der'), token.subarray(0, tokenLength(token)));
    try {
      execFileSync(
        'openssl',
        [
          'ts',
          '-verify',
          '-data',
          join(dir, 'data.bin'),
          '-in',
          join(dir, 'token.der'),
          '-token_in',
          '-CAfile',
          join(dir, 'root.pem'),
          '-untrusted',
          join(dir, 'untrusted.pem'),
        ],
        { stdio: 'pipe' },
      );
      results.push(true);
    } catch {
      results.push(false);
    }
  });
  return results;
}

/** The length of the DER element at the start of a buffer (the rest is /Contents padding). */
function tokenLength(der: Buffer): number {
  const first = der[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let index = 0; index < count; index += 1) length = length * 256 + (der[2 + index] ?? 0);
  return 2 + count + length;
}

/** A key and its certificate (PEM), and optionally the chain above it (PEM). */
export interface PemIdentity {
  keyPem: string;
  certificatePem: string;
  chainPem?: string;
}

/**
 * A PKCS#12 file (with openssl) of a key and its certificate, and a chain if given, as an
 * operator or another tool has one. Answers the file's path, the certificate's and the key's (PEM).
 */
export function pkcs12File(
  dir: string,
  password: string,
  given: PemIdentity | TestIdentity,
): { p12: string; certificate: string; key: string } {
  const pem: PemIdentity =
    'privateKey' in given
      ? {
          keyPem: String(given.privateKey.export({ type: 'pkcs8', format: 'pem' })),
          certificatePem: new X509Certificate(given.certificate).toString(),
        }
      : given;
  const key = join(dir, 'p12-key.pem');
  const certificate = join(dir, 'p12-cert.pem');
  writeFileSync(key, pem.keyPem);
  writeFileSync(certificate, pem.certificatePem);
  const chainArgs: string[] = [];
  if (pem.chainPem) {
    const chain = join(dir, 'p12-chain.pem');
    writeFileSync(chain, pem.chainPem);
    chainArgs.push('-certfile', chain);
  }
  const p12 = join(dir, 'id.p12');
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    ...['-inkey', key, '-in', certificate],
    ...chainArgs,
    ...['-out', p12, '-passout', `pass:${password}`],
  ]);
  return { p12, certificate, key };
}

/** Our verifier's reports on a file, with the given trust anchors. */
export async function verifyFile(path: string, trustAnchors?: Buffer[]) {
  const source = await fileSource(path);
  try {
    return await verifyPdf(source, trustAnchors ? { trustAnchors } : {});
  } finally {
    await source.close();
  }
}
