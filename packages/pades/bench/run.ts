import { spawn } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { fileSource } from '../src/pdf/source.ts';
import { loadPkcs12 } from '../src/pki/index.ts';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import { verifyPdf, type SignatureReport } from '../src/verify/verify.ts';
import { pdfsig as popplerPdfsig, pkcs12File, testIdentity } from '../test/support/fixtures.ts';
import { writeGeneratedPdf } from './generate.ts';
import { signWithSignpdf } from './signpdf.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pades-bench-'));
const mb = 1024 * 1024;

// A signing identity for every contender: an RSA 2048 key, its certificate, and a PKCS#12 of both.
const { p12 } = pkcs12File(dir, 'bench', testIdentity('rsa', 'Bench'));
const { privateKey, certificate } = loadPkcs12(readFileSync(p12), 'bench');
const signer = keySigner(privateKey, certificate);

async function median(runs: number, action: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  return middle(times);
}

function middle(times: number[]): number {
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}

/** The floor: read the file, SHA-256 it, write a copy, and one private-key signature. */
async function floor(input: string, output: string) {
  const hash = createHash('sha256');
  const source = createReadStream(input, { highWaterMark: mb });
  source.on('data', (chunk) => hash.update(chunk as Buffer));
  await pipeline(source, createWriteStream(output));
  sign('sha256', hash.digest(), privateKey);
}

/** The common JavaScript approach, in this process. */
const signpdf = (input: string, output: string) => signWithSignpdf(input, output, p12, 'bench');

/**
 * A TypeScript script in a fresh Node process, with its peak resident memory: the VmHWM it
 * reports at exit (bench/peak-rss.ts), a high-water mark over its whole life. A child that
 * fails ends the bench.
 */
async function inNewProcess(args: string[]): Promise<{ ms: number; peakMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', './bench/peak-rss.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let reported = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdio[3]?.on('data', (chunk: Buffer) => (reported += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}: ${stderr}`);
  return { ms, peakMb: Number(reported.trim() || 0) / 1024 };
}

/** A fresh `pades sign` process. */
const coldSign = (input: string, output: string) =>
  inNewProcess([
    'bin/pades.ts',
    'sign',
    '--in',
    input,
    '--out',
    output,
    '--p12',
    p12,
    '--password',
    'bench',
  ]);

/** @signpdf in a fresh process. */
const coldSignpdf = (input: string, output: string) =>
  inNewProcess(['bench/signpdf-child.ts', input, output, p12, 'bench']);

/** Our verifier's reports on a file; a file it cannot read gives none (and a problem). */
async function verifyFile(path: string): Promise<{ reports: SignatureReport[]; error?: string }> {
  try {
    const source = await fileSource(path);
    try {
      return { reports: await verifyPdf(source) };
    } finally {
      await source.close();
    }
  } catch (error) {
    return { reports: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** Intact, the signature verifies, and later updates only added what PAdES allows. */
const sound = (report: SignatureReport) => report.valid && report.changesAfter.other.length === 0;

/**
 * Valid (the signed bytes hash to the CMS digest and the signature over them verifies) and
 * covering the whole file. @signpdf's outputs are held to it (adbe.pkcs7.detached, they reach
 * no PAdES level).
 */
const intact = (report: SignatureReport) => report.valid && report.coversWholeDocument;

/** One signature in a few words: what of it holds. */
const integrity = (report: SignatureReport | undefined) =>
  !report
    ? 'not found'
    : !report.digestMatches
      ? 'digest mismatch'
      : !report.signatureValid
        ? 'signature invalid'
        : sound(report)
          ? 'valid'
          : intact(report)
            ? 'intact'
            : 'not sound';

/** Poppler's verdict on each signature in a file, in field order: 'Signature is Valid.' or why not. */
const pdfsig = (path: string): string[] => popplerPdfsig(path).verdicts;

const pdfsigValid = 'Signature is Valid.';
/** What makes the bench end non-zero: outputs that do not verify. */
const failures: string[] = [];

/** Checks with our verifier that `path` holds `expected` signatures, all sound (or as `check` asks). */
async function expectValid(label: string, path: string, expected = 1, check = sound) {
  const { reports, error } = await verifyFile(path);
  const bad = reports.filter((report) => !check(report));
  if (error || reports.length !== expected || bad.length)
    failures.push(
      `${label}: ${error ?? `${reports.length} signature(s), ${expected} expected`}${bad
        .map((report) => `; ${report.fieldName}: ${report.problems.join(', ') || 'invalid'}`)
        .join('')}`,
    );
  return reports;
}

/** The generated input of a size (and form), written once per run (in this run's own directory). */
async function inputOf(size: number, streams: boolean): Promise<string> {
  const input = join(dir, `in-${size}-${streams}.pdf`);
  if (!existsSync(input)) await writeGeneratedPdf(input, size, streams);
  return input;
}

const files: Array<[string, number, boolean]> = [
  ['100 KB', 100 * 1024, false],
  ['10 MB', 10 * mb, false],
  ['50 MB', 50 * mb, false],
  ['50 MB, xref and object streams', 50 * mb, true],
  ['200 MB', 200 * mb, false],
];
// `npm run bench -- '50 MB' '200 MB'` measures only the rows named; no argument measures all.
// The checks after the table (signatures in a row, @signpdf's memory and second signature) always run.
const only = process.argv.slice(2);
const unknown = only.filter((wanted) => !files.some(([label]) => label === wanted));
if (unknown.length) throw new Error(`no bench row ${unknown.join(', ')}`);

try {
  // The cold runs' memory is compared with a cold 100 KB sign, whichever rows are measured.
  const idleInput = await inputOf(100 * 1024, false);
  const rows: string[] = [];
  for (const [label, size, streams] of files) {
    if (only.length && !only.includes(label)) continue;
    const input = await inputOf(size, streams);
    const runs = size > 60 * mb ? 3 : 5;
    const floorMs = await median(runs, () => floor(input, join(dir, 'floor.pdf')));
    const warmMs = await median(runs, () =>
      signPdf({ input, output: join(dir, 'ours.pdf'), signer }),
    );
    const cold = await coldSign(input, join(dir, 'cold.pdf'));
    const idle = await coldSign(idleInput, join(dir, 'idle.pdf'));
    const heavy = size <= 60 * mb;
    const theirsMs = heavy
      ? await median(Math.min(runs, 3), () => signpdf(input, join(dir, 'theirs.pdf')))
      : NaN;
    // The timed runs' last outputs must verify (the floor's copy holds no PDF signature).
    await expectValid(`${label}: ours, warm`, join(dir, 'ours.pdf'));
    await expectValid(`${label}: ours, cold`, join(dir, 'cold.pdf'));
    if (heavy) await expectValid(`${label}: @signpdf`, join(dir, 'theirs.pdf'), 1, intact);
    console.error(`measured ${label}`);
    rows.push(
      `| ${label} | ${(statSync(input).size / mb).toFixed(1)} | ${floorMs.toFixed(0)} | ${warmMs.toFixed(0)} | ${(warmMs / floorMs).toFixed(2)} | ${cold.ms.toFixed(0)} | ${heavy ? theirsMs.toFixed(0) : '—'} | ${heavy ? (theirsMs / warmMs).toFixed(1) : '—'} | ${(cold.peakMb - idle.peakMb).toFixed(0)} |`,
    );
  }

  // N signatures in a row on the 10 MB file, each in a new field of its own, each added
  // (incrementally) to the previous output; all N must be valid in our verifier and in pdfsig.
  const count = 10;
  const tenMb = await inputOf(10 * mb, false);
  const chainMs: number[] = [];
  let chained = tenMb;
  let chainFirstAlone = 'not checked';
  for (let index = 1; index <= count; index += 1) {
    const output = join(dir, `chain-${index % 2}.pdf`);
    const started = performance.now();
    await signPdf({ input: chained, output, signer, fieldName: `Signature${index}` });
    chainMs.push(performance.now() - started);
    chained = output;
    if (index === 1) chainFirstAlone = pdfsig(output)[0] ?? 'not found';
  }
  const chainReports = await expectValid(`${count} signatures in a row`, chained, count);
  const chainOursValid = chainReports.filter(sound).length;
  const chainPdfsig = pdfsig(chained);
  const chainPdfsigValid = chainPdfsig.filter((verdict) => verdict === pdfsigValid).length;
  if (chainPdfsigValid !== count)
    failures.push(
      `${count} signatures in a row: pdfsig finds ${chainPdfsigValid} valid of ${chainPdfsig.length} (${chainPdfsig.join(' | ')})`,
    );
  console.error(`measured ${count} signatures in a row`);

  // Peak memory of a fresh process signing 50 MB (and 100 KB, its idle), @signpdf and ours.
  const fiftyMb = await inputOf(50 * mb, false);
  const theirsPeak = (await coldSignpdf(fiftyMb, join(dir, 'theirs-cold.pdf'))).peakMb;
  const theirsIdle = (await coldSignpdf(idleInput, join(dir, 'theirs-idle.pdf'))).peakMb;
  await expectValid('50 MB: @signpdf, new process', join(dir, 'theirs-cold.pdf'), 1, intact);
  const oursPeak = (await coldSign(fiftyMb, join(dir, 'cold.pdf'))).peakMb;
  const oursIdle = (await coldSign(idleInput, join(dir, 'idle.pdf'))).peakMb;
  console.error('measured peak memory');

  // @signpdf twice on the 10 MB file (pdf-lib's placeholder each time): what of the first?
  await signpdf(tenMb, join(dir, 'theirs-once.pdf'));
  await signpdf(join(dir, 'theirs-once.pdf'), join(dir, 'theirs-twice.pdf'));
  const theirsOnce = pdfsig(join(dir, 'theirs-once.pdf'));
  const theirsTwice = pdfsig(join(dir, 'theirs-twice.pdf'));
  const theirsTwiceOurs = (await verifyFile(join(dir, 'theirs-twice.pdf'))).reports;

  console.log(
    '| file | MiB | floor ms | ours warm ms | ours / floor | ours cold ms (new process) | @signpdf ms | @signpdf / ours | cold peak RSS above a 100 KB sign (MiB) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log('');
  console.log('| | @signpdf (pdf-lib placeholder) | ours |');
  console.log('| --- | --- | --- |');
  console.log(
    `| peak RSS signing 50 MB in a new process (MiB) | ${theirsPeak.toFixed(0)} | ${oursPeak.toFixed(0)} |`,
  );
  console.log(
    `| the same, above a 100 KB sign in a new process (MiB) | ${(theirsPeak - theirsIdle).toFixed(0)} | ${(oursPeak - oursIdle).toFixed(0)} |`,
  );
  console.log(
    `| 10 MB signed twice (ours: ${count} times), pdfsig on the 1st signature: alone / at the end | ${theirsOnce[0] ?? 'not found'} / ${theirsTwice[0] ?? 'not found'} | ${chainFirstAlone} / ${chainPdfsig[0] ?? 'not found'} |`,
  );
  console.log(
    `| the same at the end, our verifier: 1st / 2nd signature | ${integrity(theirsTwiceOurs[0])} / ${integrity(theirsTwiceOurs[1])} | ${integrity(chainReports[0])} / ${integrity(chainReports[1])} |`,
  );
  console.log(
    `| ${count} signatures in a row on 10 MB, valid in our verifier / pdfsig | — | ${chainOursValid} / ${chainPdfsigValid} of ${count} |`,
  );
  console.log(
    `| ms per signature in that row: first / median / last | — | ${(chainMs[0] ?? NaN).toFixed(0)} / ${middle(chainMs).toFixed(0)} / ${(chainMs[count - 1] ?? NaN).toFixed(0)} |`,
  );
  if (failures.length) {
    console.error(`\nFAILED: ${failures.length} output(s) do not verify:`);
    for (const failure of failures) console.error(`- ${failure}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
