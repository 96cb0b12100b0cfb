import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addCollectedValidationData,
  addDocumentTimestamp,
  signAtLevel,
  type TimestampSource,
} from './levels.ts';
import { collectValidationData } from './ltv/collect.ts';
import { fileSource } from './pdf/source.ts';
import { loadPkcs12, type KeyCredential } from './pki/index.ts';
import { keySigner } from './signers/signer.ts';
import { requestTimestamp } from './timestamp/index.ts';
import { verifyPdf } from './verify/verify.ts';
import { describeReport, reportFails } from './cli-report.ts';
import { isCommand, usageOf } from './cli-usage.ts';

const levels = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
const needsTsa = 'needs a time-stamp authority: give --tsa URL or set TSA_URL';

/** The signer's chain with revocation data for now; throws naming the CRL or responder if it is revoked. */
function signerValidationData(credential: KeyCredential) {
  const pool = credential.chain.map((der) => new X509Certificate(der));
  const certificate = new X509Certificate(credential.certificate);
  return collectValidationData([{ certificate, at: new Date(), pool }]);
}

/** A document time stamp, after the validation data of what the file already holds (B-LTA). */
async function timestampWithValidationData(
  input: string,
  output: string,
  timestamp: TimestampSource,
) {
  const dir = await mkdtemp(join(tmpdir(), 'pades-'));
  try {
    const withDss = join(dir, 'dss.pdf');
    await addCollectedValidationData(input, withDss);
    await addDocumentTimestamp(withDss, output, timestamp);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The `pades` command; answers the exit code (0 with the usage for --help; 1 when verify
 * finds a signature invalid, untrusted, revoked or changed after as PAdES does not allow);
 * throws, with a message for the operator, when it cannot do what was asked.
 */
export async function runCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    print(usageOf(isCommand(rest[0]) ? rest[0] : undefined));
    return 0;
  }
  if (!isCommand(command)) throw new Error(usageOf());
  const usage = usageOf(command);
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
      at: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    print(usage);
    return 0;
  }
  const tsaUrl = values.tsa || env.TSA_URL;
  const timestamp = tsaUrl ? (digest: Buffer) => requestTimestamp(tsaUrl, digest) : undefined;
  if (command === 'sign') {
    const level = levels.find((item) => item === values.level);
    if (!values.in || !values.out || !values.p12 || !level) throw new Error(usage);
    if (level !== 'B-B' && !timestamp) throw new Error(`--level ${level} ${needsTsa}`);
    const credential = await loadPkcs12(readFileSync(values.p12), values.password);
    const longTerm = level === 'B-LT' || level === 'B-LTA';
    // The signer's revocation data is fetched before anything is signed: a revoked
    // certificate is refused here. The TSA's comes after signing, with its token.
    const validationData = longTerm ? await signerValidationData(credential) : undefined;
    await signAtLevel({
      input: values.in,
      output: values.out,
      level,
      signer: keySigner(credential.privateKey, credential.certificate, credential.chain),
      ...(timestamp ? { timestamp } : {}),
      ...(validationData ? { validationData, collect: {} } : {}),
      ...(values.field ? { fieldName: values.field } : {}),
      ...(values.reason ? { reason: values.reason } : {}),
      ...(values.location ? { location: values.location } : {}),
    });
    print(`signed ${values.out} at ${level}`);
    return 0;
  }
  if (command === 'timestamp') {
    if (!values.in || !values.out) throw new Error(usage);
    if (!timestamp) throw new Error(`pades timestamp ${needsTsa}`);
    await timestampWithValidationData(values.in, values.out, timestamp);
    print(`time-stamped ${values.out}`);
    return 0;
  }
  if (command === 'verify') {
    const [path] = positionals;
    if (!path) throw new Error(usage);
    const at = values.at === undefined ? undefined : new Date(values.at);
    if (at && Number.isNaN(at.getTime()))
      throw new Error(`--at ${values.at} is not a time\n${usage}`);
    const source = await fileSource(path);
    try {
      const reports = await verifyPdf(source, {
        ...(values.trust.length
          ? { trustAnchors: values.trust.map((file) => readFileSync(file)) }
          : {}),
        ...(at ? { validationTime: at } : {}),
      });
      print(
        values.json
          ? JSON.stringify(reports, null, 2)
          : reports.length
            ? reports.map(describeReport).join('\n')
            : 'no signatures',
      );
      return reports.length > 0 && !reports.some(reportFails) ? 0 : 1;
    } finally {
      await source.close();
    }
  }
  throw new Error(usageOf());
}
