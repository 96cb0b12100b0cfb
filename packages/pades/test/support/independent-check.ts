/**
 * A second opinion on our signed PDFs that shares no code with the engine: poppler's pdfsig,
 * qpdf and openssl read the file, and this module only combines what they print.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { signedRanges, verifyDocumentTimestamp } from './document-timestamp-check.ts';
import { runTool } from './run-tool.ts';

const levels = ['none', 'B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
type DocumentLevel = (typeof levels)[number];
export type MinimumLevel = Exclude<DocumentLevel, 'none'>;
type SignatureLevel = 'none' | 'B-B' | 'B-T' | 'timestamp' | 'unknown';

interface SignatureFinding {
  subFilter: string;
  valid: boolean;
  wholeDocument: boolean;
  level: SignatureLevel;
  documentTimestamp: boolean;
  signedAttributes: string[];
  /** Set when openssl, not poppler, judged the signature (document time stamps). */
  validatedBy?: string;
}

/** An attribute as `openssl cms -print` may name it: by its short name or by its OID. */
const attributes = {
  contentType: ['contentType', '1.2.840.113549.1.9.3'],
  messageDigest: ['messageDigest', '1.2.840.113549.1.9.4'],
  signingCertificateV2: ['signingCertificateV2', '1.2.840.113549.1.9.16.2.47'],
  signingTime: ['signingTime', '1.2.840.113549.1.9.5'],
  timeStampToken: ['timeStampToken', '1.2.840.113549.1.9.16.2.14'],
  tstInfo: ['id-smime-ct-TSTInfo', '1.2.840.113549.1.9.16.1.4'],
} as const;

const signatureSubFilters = new Set([
  '/ETSI.CAdES.detached',
  '/adbe.pkcs7.detached',
  '/adbe.pkcs7.sha1',
  '/ETSI.RFC3161',
]);

function mentions(text: string, names: readonly string[]): boolean {
  return names.some((name) => text.includes(name));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What qpdf sees: each signature dictionary's SubFilter keyed by where its signed bytes end
 * (poppler 22 calls a document time stamp's type 'unknown'), and whether the catalog has a /DSS.
 */
function readStructure(path: string) {
  const result = runTool('qpdf', ['--json=2', '--json-key=qpdf', path]);
  // 3 is qpdf's "succeeded with warnings".
  if (result.status !== 0 && result.status !== 3) {
    return { unreadable: result.stderr.trim().slice(0, 200) || `qpdf exited ${result.status}` };
  }
  const parsed: unknown = JSON.parse(result.stdout);
  const qpdf = isRecord(parsed) ? parsed.qpdf : undefined;
  const objects = Array.isArray(qpdf) ? qpdf[1] : qpdf;
  const subFilterByEnd = new Map<number, string>();
  let hasDss = false;
  for (const object of Object.values(isRecord(objects) ? objects : {})) {
    const dictionary = isRecord(object) && 'value' in object ? object.value : object;
    if (!isRecord(dictionary)) continue;
    const subFilter = dictionary['/SubFilter'];
    const byteRange = dictionary['/ByteRange'];
    if (typeof subFilter === 'string' && signatureSubFilters.has(subFilter) && byteRange) {
      const [, , start, length] = Array.isArray(byteRange) ? byteRange : [];
      const end = typeof start === 'number' && typeof length === 'number' ? start + length : 0;
      subFilterByEnd.set(end, subFilter.slice(1));
    }
    if (dictionary['/Type'] === '/Catalog' && '/DSS' in dictionary) hasDss = true;
  }
  return { subFilterByEnd, hasDss };
}

/** What the CMS says about the level: its signed and unsigned attributes and content type. */
function readCms(cmsPath: string) {
  const printed = runTool('openssl', [
    'cms',
    '-cmsout',
    '-print',
    ...['-inform', 'DER', '-in', cmsPath],
  ]);
  const [beforeUnsigned = '', ...rest] = printed.stdout.split('unsignedAttrs');
  const signed = beforeUnsigned.split('signedAttrs').slice(1).join('signedAttrs');
  const unsigned = rest.join('unsignedAttrs');
  // The signature's own content type comes first; a B-T signature's token has a TSTInfo too.
  const contentType = /eContentType: ([^\n]+)/.exec(printed.stdout)?.[1] ?? '';
  const documentTimestamp = mentions(contentType, attributes.tstInfo);
  const baseline =
    mentions(signed, attributes.contentType) &&
    mentions(signed, attributes.messageDigest) &&
    mentions(signed, attributes.signingCertificateV2) &&
    !mentions(signed, attributes.signingTime);
  const timestamped = mentions(unsigned, attributes.timeStampToken);
  const level = signatureLevel(documentTimestamp, baseline, timestamped);
  const names = Array.from(signed.matchAll(/object: ([^\n]+?) \(/g), (match) => match[1] ?? '');
  return { level, documentTimestamp, signedAttributes: [...new Set(names)].sort() };
}

function signatureLevel(
  documentTimestamp: boolean,
  baseline: boolean,
  timestamped: boolean,
): SignatureLevel {
  if (documentTimestamp) return 'timestamp';
  if (!baseline) return 'none';
  return timestamped ? 'B-T' : 'B-B';
}

/** A level's place in `levels`; a signature that reaches none of them counts as 'none'. */
function rank(level: string): number {
  const index = levels.findIndex((name) => name === level);
  return Math.max(0, index);
}

/**
 * The document's level: the weakest signature's, raised to B-T by a document time stamp, to
 * B-LT by a /DSS, and to B-LTA when a document time stamp over the whole file comes last.
 */
function documentLevel(findings: SignatureFinding[], hasDss: boolean): DocumentLevel {
  const ranks = findings
    .filter((finding) => finding.level !== 'timestamp')
    .map((finding) => rank(finding.level));
  const weakest = ranks.length > 0 ? Math.min(...ranks) : 0;
  let level: DocumentLevel = levels[weakest] ?? 'none';
  if (level === 'B-B' && findings.some((finding) => finding.documentTimestamp)) level = 'B-T';
  if (rank(level) < rank('B-T') || !hasDss) return level;
  const last = findings.at(-1);
  return last?.documentTimestamp && last.wholeDocument ? 'B-LTA' : 'B-LT';
}

function describeFinding(finding: SignatureFinding, index: number): string {
  const parts = [
    `#${index}: ${finding.subFilter.padEnd(22)}`,
    (finding.valid ? 'valid' : 'INVALID').padEnd(8),
    (finding.wholeDocument ? 'whole file' : 'part of file').padEnd(12),
    `level ${finding.level}`,
  ];
  if (finding.validatedBy) parts.push(` (${finding.validatedBy})`);
  if (finding.level !== 'timestamp') {
    parts.push(` signed attrs: ${finding.signedAttributes.join(', ')}`);
  }
  return parts.join(' ');
}

/** Every signature pdfsig lists, in file order, with the CMS it dumps for each. */
function examineSignatures(path: string, dir: string, subFilterByEnd: Map<number, string>) {
  const blocks = runTool('pdfsig', [path])
    .stdout.split(/^Signature #\d+:/m)
    .slice(1);
  const dumps = join(dir, 'dumps');
  mkdirSync(dumps);
  runTool('pdfsig', ['-dump', resolve(path)], { cwd: dumps });
  const cmsFiles = readdirSync(dumps)
    .filter((name) => /\.sig\d+$/.test(name))
    .sort((a, b) => Number(/(\d+)$/.exec(a)?.[1]) - Number(/(\d+)$/.exec(b)?.[1]))
    .map((name) => join(dumps, name));
  return blocks.map((block, index) =>
    examineSignature(path, dir, block, cmsFiles[index], subFilterByEnd),
  );
}

/** One signature: poppler's verdict and coverage, the CMS's level, openssl's word on stamps. */
function examineSignature(
  path: string,
  dir: string,
  block: string,
  cmsFile: string | undefined,
  subFilterByEnd: Map<number, string>,
): SignatureFinding {
  const typeName = /Signature Type: (\S+)/.exec(block)?.[1] ?? '?';
  const ranges = signedRanges(block);
  const poppler = {
    subFilter:
      typeName === 'unknown' && ranges ? (subFilterByEnd.get(ranges[3]) ?? typeName) : typeName,
    valid: block.includes('Signature is Valid'),
    wholeDocument: block.includes('Total document signed'),
  };
  if (!cmsFile) {
    return { ...poppler, level: 'unknown', documentTimestamp: false, signedAttributes: [] };
  }
  const cms = readCms(cmsFile);
  // poppler leaves a document time stamp unverified rather than invalid; openssl decides it.
  if (!cms.documentTimestamp || poppler.valid || block.includes('Signature is Invalid')) {
    return { ...poppler, ...cms };
  }
  const { valid, why } = verifyDocumentTimestamp(path, block, cmsFile, dir);
  return { ...poppler, ...cms, valid, validatedBy: `openssl ts -verify${valid ? '' : `: ${why}`}` };
}

/**
 * Whether every signature in the PDF is valid and the document reaches `minimum`, as pdfsig,
 * qpdf and openssl see it; `output` is a short report for an assertion's message.
 */
export function padesCheck(path: string, minimum: MinimumLevel): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'independent-check-'));
  try {
    const structure = readStructure(path);
    if ('unreadable' in structure) {
      return { ok: false, output: `qpdf cannot read ${path}: ${structure.unreadable}\n` };
    }
    const findings = examineSignatures(path, dir, structure.subFilterByEnd);
    const level = documentLevel(findings, structure.hasDss);
    const ok = findings.every((finding) => finding.valid) && rank(level) >= rank(minimum);
    const verdict = `${ok ? 'meets' : 'FALLS SHORT OF'} ${minimum}`;
    const summary = `document: DSS ${structure.hasDss ? 'yes' : 'no'}; level ${level}; ${verdict}`;
    return { ok, output: [...findings.map(describeFinding), summary, ''].join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
