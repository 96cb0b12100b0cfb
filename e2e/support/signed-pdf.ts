import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The part of @esign/pades' SignatureReport the browser tests look at. */
export interface SignatureReport {
  kind: 'signature' | 'document-timestamp';
  /** The signed bytes are intact and the signature over them verifies. */
  valid: boolean;
  coversWholeDocument: boolean;
  signerSubject: string | null;
  level: string;
  problems: string[];
}

interface PadesVerifier {
  bufferSource(buffer: Buffer): unknown;
  verifyPdf(source: unknown): Promise<SignatureReport[]>;
}

// @esign/pades is typed for Node alone, and its typings clash with the DOM library the browser
// tests compile with; named through a variable, it is loaded at run time without tsc reading it.
const padesPackage: string = '@esign/pades';

/** Our own verifier (verifyPdf of @esign/pades) on each signature and document time stamp. */
export async function verifySignedPdf(pdf: Buffer): Promise<SignatureReport[]> {
  const { bufferSource, verifyPdf } = (await import(padesPackage)) as PadesVerifier;
  return verifyPdf(bufferSource(pdf));
}

/** poppler's `pdfsig`: how many of the file's signatures it calls valid, and what it said. */
export async function pdfsigVerdicts(pdf: Buffer): Promise<{ valid: number; output: string }> {
  const path = join(await mkdtemp(join(tmpdir(), 'esign-e2e-pdfsig-')), 'signed.pdf');
  await writeFile(path, pdf);
  let output: string;
  try {
    output = (await promisify(execFile)('pdfsig', [path], { encoding: 'utf8' })).stdout;
  } catch (error) {
    // pdfsig exits non-zero when a certificate is not trusted; its report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const blocks = output.split(/^Signature #\d+:/m).slice(1);
  return { valid: blocks.filter((block) => block.includes('Signature is Valid')).length, output };
}
