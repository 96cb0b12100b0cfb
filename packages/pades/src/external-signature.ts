import { createHash, verify, X509Certificate } from 'node:crypto';
import { createCadesSignature } from './cms/cades.ts';
import { fileSource, hashRanges } from './pdf/source.ts';
import {
  appearanceFor,
  appendSignature,
  writeSignatureContents,
  type PadesLevel,
  type SignaturePlaceholder,
  type SignPdfOptions,
} from './sign.ts';
import type { SignatureAlgorithm, Signer } from './signers/signer.ts';
import type { TimestampSource } from './levels.ts';
import { parseExternalSignatureState, type ExternalSignatureState } from './external-state.ts';

export { parseExternalSignatureState, type ExternalSignatureState } from './external-state.ts';

export interface PrepareExternalSignatureOptions extends Omit<
  SignPdfOptions,
  'signer' | 'timestamp' | 'level'
> {
  /** The signer's certificate (DER), e.g. the first of CSC credentials/info's chain. */
  certificate: Buffer;
  /** Its issuing certificates (DER), put in the CMS. */
  chain: Buffer[];
  /** B-T takes the signature time stamp when the signature is completed. */
  level: PadesLevel;
}

export interface PreparedExternalSignature {
  /** Everything completeExternalSignature needs besides the file; plain JSON. */
  state: ExternalSignatureState;
  /** SHA-256 of the DER signed attributes: the hash the remote key signs (CSC `hashes`). */
  dataToBeSignedHash: Buffer;
}

/** Thrown when a signature cannot be completed: wrong value, changed file, missing time stamp. */
export class ExternalSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExternalSignatureError';
  }
}

function algorithmOf(certificate: Buffer): SignatureAlgorithm {
  const type = new X509Certificate(certificate).publicKey.asymmetricKeyType;
  if (type === 'rsa') return 'rsa-sha256';
  if (type === 'ec') return 'ecdsa-sha256';
  throw new ExternalSignatureError(`unsupported key type ${type ?? '?'} in the certificate`);
}

/**
 * A signer for cades.ts whose value was made elsewhere: it answers `signatureValue` only
 * for exactly the signed attributes that were prepared (cades.ts builds them the same way
 * from the same digest and certificate, as they hold no time).
 */
function replaySigner(state: ExternalSignatureState, signatureValue: Buffer): Signer {
  const [certificate, ...chain] = state.certificates.map((item) => Buffer.from(item, 'base64'));
  if (!certificate) throw new ExternalSignatureError('the state names no certificate');
  const prepared = Buffer.from(state.signedAttributes, 'base64');
  return {
    certificate,
    chain,
    algorithm: state.algorithm,
    sign: async (data) => {
      if (!data.equals(prepared))
        throw new ExternalSignatureError('the signed attributes differ from those prepared');
      return signatureValue;
    },
  };
}

/**
 * Phase one of a signature whose key is elsewhere (a QTSP): writes `output` as the signed
 * file will be, with the field filled and /Contents zeroed, and answers the hash to sign and
 * a JSON state. No key is needed and nothing stays in memory between the two phases.
 */
export async function prepareExternalSignature(
  options: PrepareExternalSignatureOptions,
): Promise<PreparedExternalSignature> {
  const { certificate, chain, level, ...rest } = options;
  const algorithm = algorithmOf(certificate);
  let contentDigest: Buffer = Buffer.alloc(0);
  let signedAttributes: Buffer = Buffer.alloc(0);
  // cades.ts builds the signed attributes and hands them to its signer: keep them, and drop
  // the CMS it then builds around an empty value.
  const capture: Signer = {
    certificate,
    chain,
    algorithm,
    sign: async (data) => {
      signedAttributes = Buffer.from(data);
      return Buffer.alloc(0);
    },
  };
  const placeholder = await appendSignature({
    ...rest,
    appearance: appearanceFor(options, certificate),
    kind: 'signature',
    makeContents: async (digest) => {
      contentDigest = digest;
      await createCadesSignature({ contentDigest: digest, signer: capture });
      return Buffer.alloc(0); // leaves /Contents zeroed for completeExternalSignature
    },
  });
  const state: ExternalSignatureState = {
    version: 1,
    level,
    algorithm,
    byteRange: placeholder.byteRange,
    contentsBytes: placeholder.contentsBytes,
    contentDigest: contentDigest.toString('base64'),
    signedAttributes: signedAttributes.toString('base64'),
    certificates: [certificate, ...chain].map((item) => item.toString('base64')),
  };
  return { state, dataToBeSignedHash: dataToBeSignedHash(state) };
}

/** SHA-256 of the prepared signed attributes: what the remote key signs (DTBS/R). */
export function dataToBeSignedHash(state: ExternalSignatureState): Buffer {
  return createHash('sha256').update(Buffer.from(state.signedAttributes, 'base64')).digest();
}

/** SHA-256 of the file outside /Contents; refuses a file of another size or already filled. */
async function digestOfPrepared(file: string, placeholder: SignaturePlaceholder): Promise<Buffer> {
  const [, contentsStart, contentsEnd, tail] = placeholder.byteRange;
  const source = await fileSource(file);
  try {
    if (source.size !== contentsEnd + tail)
      throw new ExternalSignatureError('the file is not the one prepared (its size differs)');
    const contents = await source.read(contentsStart, contentsEnd - contentsStart);
    if (!/^<0+>$/.test(contents.toString('latin1')))
      throw new ExternalSignatureError('the prepared signature is filled already');
    return await hashRanges(source, placeholder.byteRange, 'sha256');
  } finally {
    await source.close();
  }
}

export interface CompleteExternalSignatureOptions {
  /** The signature time-stamp source; required when the state's level is B-T. */
  timestamp?: TimestampSource;
}

/**
 * Phase two: checks that `signatureValue` verifies with the signer's certificate over the
 * prepared signed attributes and that `file` is still the prepared file, then builds the
 * CAdES CMS (time-stamped for B-T) and writes it into /Contents in place.
 */
export async function completeExternalSignature(
  file: string,
  state: ExternalSignatureState,
  signatureValue: Buffer,
  options: CompleteExternalSignatureOptions = {},
): Promise<void> {
  const checked = parseExternalSignatureState(state);
  if (checked.level !== 'B-B' && !options.timestamp)
    throw new ExternalSignatureError(`${checked.level} needs a time-stamp source`);
  const signer = replaySigner(checked, signatureValue);
  const signedAttributes = Buffer.from(checked.signedAttributes, 'base64');
  const key = new X509Certificate(signer.certificate).publicKey;
  const verifies = verify(
    'sha256',
    signedAttributes,
    checked.algorithm === 'ecdsa-sha256' ? { key, dsaEncoding: 'der' } : key,
    signatureValue,
  );
  if (!verifies)
    throw new ExternalSignatureError('the signature value does not verify with the certificate');
  const digest = await digestOfPrepared(file, checked);
  if (!digest.equals(Buffer.from(checked.contentDigest, 'base64')))
    throw new ExternalSignatureError('the file changed since the signature was prepared');
  const contents = await createCadesSignature({
    contentDigest: digest,
    signer,
    ...(checked.level !== 'B-B' && options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  await writeSignatureContents(file, checked, contents);
}
