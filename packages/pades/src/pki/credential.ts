import type { KeyObject } from 'node:crypto';
import { PkiError } from './errors.ts';

/** A private key with its certificate and the certificates above it, nearest issuer first (DER). */
export interface KeyCredential {
  privateKey: KeyObject;
  certificate: Buffer;
  chain: Buffer[];
}

/** A credential issued by the portal PKI; its certificate also as PEM for files and HTTP. */
export interface PkiCredential extends KeyCredential {
  certificatePem: string;
}

/** Wraps DER bytes as PEM with 64-character lines, as RFC 7468 prescribes. */
export function toPem(der: Buffer, label: 'CERTIFICATE' | 'X509 CRL'): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Reads the first PEM block with the label as DER; throws when there is none. */
export function fromPem(pem: string, label: 'CERTIFICATE' | 'X509 CRL'): Buffer {
  const match = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(pem);
  if (!match?.[1]) throw new PkiError('invalid-input', `No ${label} PEM block found`);
  return Buffer.from(match[1].replace(/\s+/g, ''), 'base64');
}
