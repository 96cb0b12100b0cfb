import { X509Certificate } from 'node:crypto';
import type { PkiCredential } from './credential.ts';
import { fromPem, toPem } from './credential.ts';
import { PkiError } from './errors.ts';
import { exportEncryptedPrivateKey, importEncryptedPrivateKey, keysMatch } from './keys.ts';
import type { IssuedKeyPair, PortalCertificates } from './portal-pki-profiles.ts';

const roles = ['root', 'issuing', 'seal', 'timeStamping'] as const;
export type PortalRole = (typeof roles)[number];
type Role = PortalRole;

/** The four credentials of the portal PKI, each with its chain up to and including the root. */
export type PortalCredentials = Record<Role, PkiCredential>;

export interface StoredCredential {
  certificate: string;
  privateKey: string;
}

/** Serialises the PKI as JSON: certificates as PEM, private keys as encrypted PKCS#8 PEM. */
export function serialisePortalPki(certificates: PortalCertificates, passphrase: string): string {
  const stored = Object.fromEntries(
    roles.map((role) => [role, storeCredential(certificates[role], passphrase)]),
  );
  return `${JSON.stringify({ format: 'esign-portal-pki', version: 1, ...stored }, null, 2)}\n`;
}

/** Reads a stored PKI, decrypting every key and checking that each key belongs to its certificate. */
export function openPortalPki(content: string, passphrase: string): PortalCredentials {
  const stored = parseStored(content);
  const open = (role: Role, issuer?: PkiCredential) =>
    openStoredCredential(stored[role], role, passphrase, issuer);
  const root = open('root');
  const issuing = open('issuing', root);
  return {
    root,
    issuing,
    seal: open('seal', issuing),
    timeStamping: open('timeStamping', issuing),
  };
}

/** Decrypts a stored credential's key and checks it belongs to the certificate; `issuer` gives the chain. */
export function openStoredCredential(
  stored: StoredCredential,
  role: string,
  passphrase: string,
  issuer?: PkiCredential,
): PkiCredential {
  const certificate = readCertificate(stored.certificate, role);
  const privateKey = importEncryptedPrivateKey(stored.privateKey, passphrase);
  if (!keysMatch(privateKey, new X509Certificate(certificate).publicKey)) {
    throw new PkiError('corrupt-store', `The stored ${role} key does not match its certificate`);
  }
  return {
    certificate,
    certificatePem: toPem(certificate, 'CERTIFICATE'),
    privateKey,
    chain: issuer ? [issuer.certificate, ...issuer.chain] : [],
  };
}

/** A certificate as PEM and its key encrypted by the passphrase, as the store keeps them. */
export function storeCredential(issued: IssuedKeyPair, passphrase: string): StoredCredential {
  return {
    certificate: toPem(Buffer.from(issued.certificate.rawData), 'CERTIFICATE'),
    privateKey: exportEncryptedPrivateKey(issued.privateKey, passphrase),
  };
}

function readCertificate(pem: string, role: string): Buffer {
  try {
    const der = fromPem(pem, 'CERTIFICATE');
    new X509Certificate(der);
    return der;
  } catch (error) {
    throw new PkiError('corrupt-store', `The stored ${role} certificate is unreadable`, {
      cause: error,
    });
  }
}

function parseStored(content: string): Record<Role, StoredCredential> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new PkiError('corrupt-store', 'The stored PKI is not valid JSON', { cause: error });
  }
  if (!isRecord(parsed) || parsed.format !== 'esign-portal-pki' || parsed.version !== 1) {
    throw new PkiError('corrupt-store', 'The stored PKI has an unknown format');
  }
  const record = parsed;
  const entry = (role: Role): StoredCredential => storedEntry(record, role);
  return {
    root: entry('root'),
    issuing: entry('issuing'),
    seal: entry('seal'),
    timeStamping: entry('timeStamping'),
  };
}

/** The stored credential `role` of a parsed store entry; throws when it is missing or malformed. */
export function storedEntry(parsed: Record<string, unknown>, role: string): StoredCredential {
  const value = parsed[role];
  if (!isRecord(value) || typeof value.certificate !== 'string') {
    throw new PkiError('corrupt-store', `The stored PKI lacks the ${role} certificate`);
  }
  if (typeof value.privateKey !== 'string') {
    throw new PkiError('corrupt-store', `The stored PKI lacks the ${role} private key`);
  }
  return { certificate: value.certificate, privateKey: value.privateKey };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
