import { X509Certificate } from 'node:crypto';
import type { PkiCredential } from './credential.ts';
import { fromPem, toPem } from './credential.ts';
import { PkiError } from './errors.ts';
import { exportEncryptedPrivateKey, importEncryptedPrivateKey, keysMatch } from './keys.ts';
import type { IssuedKeyPair, PortalCertificates } from './portal-pki-profiles.ts';

const roles = ['root', 'issuing', 'seal', 'timeStamping'] as const;
type Role = (typeof roles)[number];

/** The four credentials of the portal PKI, each with its chain up to and including the root. */
export type PortalCredentials = Record<Role, PkiCredential>;

interface StoredCredential {
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
  const open = (role: Role, issuer?: PkiCredential): PkiCredential => {
    const { certificate: pem, privateKey: encryptedKey } = stored[role];
    const certificate = readCertificate(pem, role);
    const privateKey = importEncryptedPrivateKey(encryptedKey, passphrase);
    if (!keysMatch(privateKey, new X509Certificate(certificate).publicKey)) {
      throw new PkiError('corrupt-store', `The stored ${role} key does not match its certificate`);
    }
    return {
      certificate,
      certificatePem: toPem(certificate, 'CERTIFICATE'),
      privateKey,
      chain: issuer ? [issuer.certificate, ...issuer.chain] : [],
    };
  };
  const root = open('root');
  const issuing = open('issuing', root);
  return {
    root,
    issuing,
    seal: open('seal', issuing),
    timeStamping: open('timeStamping', issuing),
  };
}

function storeCredential(issued: IssuedKeyPair, passphrase: string): StoredCredential {
  return {
    certificate: toPem(Buffer.from(issued.certificate.rawData), 'CERTIFICATE'),
    privateKey: exportEncryptedPrivateKey(issued.privateKey, passphrase),
  };
}

function readCertificate(pem: string, role: Role): Buffer {
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
  const entry = (role: Role): StoredCredential => {
    const value = parsed[role];
    if (!isRecord(value) || typeof value.certificate !== 'string') {
      throw new PkiError('corrupt-store', `The stored PKI lacks the ${role} certificate`);
    }
    if (typeof value.privateKey !== 'string') {
      throw new PkiError('corrupt-store', `The stored PKI lacks the ${role} private key`);
    }
    return { certificate: value.certificate, privateKey: value.privateKey };
  };
  return {
    root: entry('root'),
    issuing: entry('issuing'),
    seal: entry('seal'),
    timeStamping: entry('timeStamping'),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
