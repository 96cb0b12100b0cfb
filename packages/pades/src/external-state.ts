import type { PadesLevel } from './sign.ts';
import type { SignatureAlgorithm } from './signers/signer.ts';

/**
 * What lies between preparing a signature and completing it, as plain JSON: where the
 * placeholder is, what was signed and by whom. It holds no secret; it may be stored anywhere
 * the prepared file can be found again.
 */
export interface ExternalSignatureState {
  version: 1;
  level: PadesLevel;
  algorithm: SignatureAlgorithm;
  /** The prepared file's /ByteRange: /Contents runs from [1] ('<') to [2] (after '>'). */
  byteRange: [number, number, number, number];
  /** Bytes reserved for the CMS (the hex placeholder holds twice as many digits). */
  contentsBytes: number;
  /** SHA-256 of the prepared file's byte ranges, base64. */
  contentDigest: string;
  /** DER of the CMS signed attributes, base64; its SHA-256 is what the remote key signs. */
  signedAttributes: string;
  /** The signer's certificate, then its chain; DER, base64. */
  certificates: string[];
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isBase64 = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

/** [0, start, end, tail] with /Contents (2 × contentsBytes hex digits and '<>') between. */
function isByteRange(range: unknown, contentsBytes: unknown): boolean {
  if (!Array.isArray(range) || range.length !== 4 || !range.every(isCount)) return false;
  const [first, start = 0, end = 0] = range;
  return first === 0 && isCount(contentsBytes) && end - start === contentsBytes * 2 + 2;
}

/** Answers `value` as a state when it has the shape prepareExternalSignature writes; else throws. */
export function parseExternalSignatureState(value: unknown): ExternalSignatureState {
  const state = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const problems = [
    state.version === 1 ? '' : 'version',
    state.level === 'B-B' || state.level === 'B-T' ? '' : 'level',
    state.algorithm === 'rsa-sha256' || state.algorithm === 'ecdsa-sha256' ? '' : 'algorithm',
    isByteRange(state.byteRange, state.contentsBytes) ? '' : 'byteRange or contentsBytes',
    isBase64(state.contentDigest) ? '' : 'contentDigest',
    isBase64(state.signedAttributes) ? '' : 'signedAttributes',
    Array.isArray(state.certificates) &&
    state.certificates.length > 0 &&
    state.certificates.every(isBase64)
      ? ''
      : 'certificates',
  ].filter(Boolean);
  if (problems.length) throw new TypeError(`not a signature state: ${problems.join(', ')}`);
  return state as unknown as ExternalSignatureState;
}
