import type { KeyObject } from 'node:crypto';

/** The hash algorithms a message imprint may use here. */
export type TimestampHashAlgorithm = 'SHA-256' | 'SHA-384' | 'SHA-512';

/** A message-imprint hash we support, by its name, OID and node's name. */
export interface ImprintHash {
  name: TimestampHashAlgorithm;
  oid: string;
  /** node's name for the hash. */
  nodeName: string;
  length: number;
}

const imprintHashes: readonly ImprintHash[] = [
  { name: 'SHA-256', oid: '2.16.840.1.101.3.4.2.1', nodeName: 'sha256', length: 32 },
  { name: 'SHA-384', oid: '2.16.840.1.101.3.4.2.2', nodeName: 'sha384', length: 48 },
  { name: 'SHA-512', oid: '2.16.840.1.101.3.4.2.3', nodeName: 'sha512', length: 64 },
];

/** The imprint hash of a supported name; throws on any other name (from an untyped caller). */
export function imprintHashByName(name: TimestampHashAlgorithm): ImprintHash {
  const hash = imprintHashes.find((candidate) => candidate.name === name);
  if (!hash) throw new TypeError(`unsupported hash algorithm ${String(name)}`);
  return hash;
}

/** The imprint hash with this object identifier, or undefined when we do not support it. */
export function imprintHashByOid(oid: string): ImprintHash | undefined {
  return imprintHashes.find((candidate) => candidate.oid === oid);
}

// Digests a third-party token may use inside its CMS (SHA-1 still appears in older TSAs).
const digestNamesByOid: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** node's name of a CMS digest algorithm, or undefined when unknown. */
export function digestNameByOid(oid: string): string | undefined {
  return digestNamesByOid[oid];
}

// Signature algorithm → the hash it implies; 'digest' means "the SignerInfo's digest
// algorithm" (rsaEncryption, id-ecPublicKey), null means the key hashes itself (Ed25519).
const signatureHashesByOid: Record<string, string | null> = {
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.1': 'digest',
  '1.2.840.10045.2.1': 'digest',
  '1.3.101.112': null,
};

/** The hash node's `crypto.verify` needs for a CMS signature algorithm; throws when unsupported. */
export function verificationHash(signatureOid: string, digestName: string): string | null {
  const hash = signatureHashesByOid[signatureOid];
  if (hash === undefined) throw new Error(`unsupported signature algorithm ${signatureOid}`);
  return hash === 'digest' ? digestName : hash;
}

/** The signature algorithm a TSA key signs with: ECDSA or RSA PKCS#1 v1.5, always over SHA-256. */
export function signatureAlgorithmFor(privateKey: KeyObject): {
  oid: string;
  nullParameters: boolean;
} {
  if (privateKey.asymmetricKeyType === 'ec')
    return { oid: '1.2.840.10045.4.3.2', nullParameters: false };
  if (privateKey.asymmetricKeyType === 'rsa')
    return { oid: '1.2.840.113549.1.1.11', nullParameters: true };
  throw new TypeError(
    `a TSA key must be ECDSA or RSA, not ${privateKey.asymmetricKeyType ?? 'unknown'}`,
  );
}
