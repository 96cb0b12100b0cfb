import { execFileSync, spawn } from 'node:child_process';
import { createHash, createPrivateKey, sign } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { signPdf } from '../src/sign.ts';
import { keySigner } from '../src/signers/signer.ts';
import { writeGeneratedPdf } from './generate.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pades-bench-'));
const mb = 1024 * 1024;

// A signing identity for every contender: an RSA 2048 key, its certificate, and a PKCS#12 of both.
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Bench',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ],
  { stdio: 'ignore' },
);
execFileSync('openssl', [
  'pkcs12',
  '-export',
  '-inkey',
  join(dir, 'key.pem'),
  '-in',
  join(dir, 'cert.pem'),
  '-out',
  join(dir, 'id.p12'),
  '-passout',
  'pass:bench',
]);
const privateKey = createPrivateKey(readFileSync(join(dir, 'key.pem')));
const certificate = execFileSync('openssl', [
  'x509',
  '-in',
  join(dir, 'cert.pem'),
  '-outform',
  'DER',
]);
const signer = keySigner(privateKey, certificate);

async function median(runs: number, action: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await action();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}

/** The floor: read the file, SHA-256 it, write a copy, and one private-key signature. */
async function floor(input: string, output: string) {
  const hash = createHash('sha256');
  const source = createReadStream(input, { highWaterMark: mb });
  source.on('data', (chunk) => hash.update(chunk as Buffer));
  await pipeline(source, createWriteStream(output));
  sign('sha256', hash.digest(), privateKey);
}

/** The common JavaScript approach: @signpdf with pdf-lib's placeholder and the P12 signer. */
async function signpdf(input: string, output: string) {
  const { SignPdf } = await import('@signpdf/signpdf');
  const { pdflibAddPlaceholder } = await import('@signpdf/placeholder-pdf-lib');
  const { P12Signer } = await import('@signpdf/signer-p12');
  const { PDFDocument } = await import('pdf-lib');
  const document = await PDFDocument.load(readFileSync(input));
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: 'bench',
    contactInfo: '',
    name: 'Bench',
    location: '',
  });
  const withPlaceholder = Buffer.from(await document.save({ useObjectStreams: false }));
  const signed = await new SignPdf().sign(
    withPlaceholder,
    new P12Signer(readFileSync(join(dir, 'id.p12')), { passphrase: 'bench' }),
  );
  writeFileSync(output, signed);
}

/** A fresh `pades sign` process, with its peak resident memory (from /usr/bin/time-like polling). */
async function coldSign(input: string, output: string): Promise<{ ms: number; peakMb: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bin/pades.ts',
      'sign',
      '--in',
      input,
      '--out',
      output,
      '--p12',
      join(dir, 'id.p12'),
      '--password',
      'bench',
    ],
    { cwd: packageDir, stdio: 'ignore' },
  );
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(
        peak,
        Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
          1024,
      );
    } catch {
      // the process has ended
    }
  }, 10);
  await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  return { ms: performance.now() - started, peakMb: peak };
}

const files: Array<[string, number, boolean]> = [
  ['100 KB', 100 * 1024, false],
  ['10 MB', 10 * mb, false],
  ['50 MB', 50 * mb, false],
  ['50 MB, xref and object streams', 50 * mb, true],
  ['200 MB', 200 * mb, false],
];
// `npm run bench -- '50 MB' '200 MB'` measures only the rows named; no argument measures all.
const only = process.argv.slice(2);
const unknown = only.filter((wanted) => !files.some(([label]) => label === wanted));
if (unknown.length) throw new Error(`no bench row ${unknown.join(', ')}`);
// The cold runs' memory is compared with a cold 100 KB sign, whichever rows are measured.
const idleInput = join(dir, `in-${100 * 1024}-false.pdf`);
await writeGeneratedPdf(idleInput, 100 * 1024, false);
const rows: string[] = [];
for (const [label, size, streams] of files) {
  if (only.length && !only.includes(label)) continue;
  const input = join(dir, `in-${size}-${streams}.pdf`);
  await writeGeneratedPdf(input, size, streams);
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
  console.error(`measured ${label}`);
  rows.push(
    `| ${label} | ${(statSync(input).size / mb).toFixed(1)} | ${floorMs.toFixed(0)} | ${warmMs.toFixed(0)} | ${(warmMs / floorMs).toFixed(2)} | ${cold.ms.toFixed(0)} | ${heavy ? theirsMs.toFixed(0) : '—'} | ${heavy ? (theirsMs / warmMs).toFixed(1) : '—'} | ${(cold.peakMb - idle.peakMb).toFixed(0)} |`,
  );
}
console.log(
  '| file | MiB | floor ms | ours warm ms | ours / floor | ours cold ms (new process) | @signpdf ms | @signpdf / ours | cold peak RSS above a 100 KB sign (MiB) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
rmSync(dir, { recursive: true, force: true });
