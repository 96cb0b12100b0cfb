import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { addDocumentTimestamp, signAtLevel } from './levels.ts';
import { fileSource } from './pdf/source.ts';
import { loadPkcs12 } from './pki/index.ts';
import { keySigner } from './signers/signer.ts';
import { requestTimestamp } from './timestamp/index.ts';
import { verifyPdf, type SignatureReport } from './verify/verify.ts';

const usage = `Usage:
  pades sign --in IN.pdf --out OUT.pdf --p12 FILE.p12 --password PW [--level B-B|B-T|B-LT|B-LTA] [--tsa URL] [--field NAME] [--reason TEXT] [--location TEXT]
  pades timestamp --in IN.pdf --out OUT.pdf --tsa URL
  pades verify IN.pdf [--json] [--trust CA.pem ...]`;

const levels = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;

function describe(report: SignatureReport, index: number): string {
  const lines = [
    `#${index + 1} ${report.kind === 'document-timestamp' ? 'document time stamp' : 'signature'}${report.fieldName ? ` "${report.fieldName}"` : ''}: ${report.valid ? 'VALID' : 'INVALID'}`,
    `   level ${report.level}; ${report.coversWholeDocument ? 'covers the whole document' : `${report.bytesAddedAfter} bytes were added after it`}`,
  ];
  if (report.signerSubject) lines.push(`   signer ${report.signerSubject}`);
  if (report.claimedTime) lines.push(`   claimed time ${report.claimedTime}`);
  if (report.timestampTime) lines.push(`   time-stamped ${report.timestampTime}`);
  if (report.chainTrusted !== null)
    lines.push(
      `   chain ${report.chainTrusted ? 'reaches a trust anchor' : 'does NOT reach a trust anchor'}`,
    );
  for (const problem of report.problems) lines.push(`   problem: ${problem}`);
  return lines.join('\n');
}

/** The `pades` command; answers the exit code (1 when a signature is invalid or the input is refused). */
export async function runCli(
  argv: string[],
  print: (line: string) => void = console.log,
): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      in: { type: 'string' },
      out: { type: 'string' },
      p12: { type: 'string' },
      password: { type: 'string', default: '' },
      level: { type: 'string', default: 'B-B' },
      tsa: { type: 'string' },
      field: { type: 'string' },
      reason: { type: 'string' },
      location: { type: 'string' },
      json: { type: 'boolean', default: false },
      trust: { type: 'string', multiple: true, default: [] },
    },
  });
  const timestamp = values.tsa
    ? (digest: Buffer) => requestTimestamp(values.tsa ?? '', digest)
    : undefined;
  if (command === 'sign') {
    const level = levels.find((item) => item === values.level);
    if (!values.in || !values.out || !values.p12 || !level) throw new Error(usage);
    if (level !== 'B-B' && !timestamp) throw new Error(`--level ${level} needs --tsa URL`);
    const credential = await loadPkcs12(readFileSync(values.p12), values.password);
    await signAtLevel({
      input: values.in,
      output: values.out,
      level,
      signer: keySigner(credential.privateKey, credential.certificate, credential.chain),
      ...(timestamp ? { timestamp } : {}),
      ...(values.field ? { fieldName: values.field } : {}),
      ...(values.reason ? { reason: values.reason } : {}),
      ...(values.location ? { location: values.location } : {}),
    });
    print(`signed ${values.out} at ${level}`);
    return 0;
  }
  if (command === 'timestamp') {
    if (!values.in || !values.out || !timestamp) throw new Error(usage);
    await addDocumentTimestamp(values.in, values.out, timestamp);
    print(`time-stamped ${values.out}`);
    return 0;
  }
  if (command === 'verify') {
    const [path] = positionals;
    if (!path) throw new Error(usage);
    const source = await fileSource(path);
    try {
      const reports = await verifyPdf(
        source,
        values.trust.length ? { trustAnchors: values.trust.map((file) => readFileSync(file)) } : {},
      );
      print(
        values.json
          ? JSON.stringify(reports, null, 2)
          : reports.length
            ? reports.map(describe).join('\n')
            : 'no signatures',
      );
      const trusted = reports.every((report) => report.chainTrusted !== false);
      return reports.length > 0 && reports.every((report) => report.valid) && trusted ? 0 : 1;
    } finally {
      await source.close();
    }
  }
  throw new Error(usage);
}
