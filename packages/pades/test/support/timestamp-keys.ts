import { execFileSync } from 'node:child_process';
import { createPrivateKey, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestKeyType = 'ec' | 'rsa';

/** A throw-away root CA and a TSA certificate under it, as files for openssl and as values for us. */
export interface TestTimestampAuthority {
  directory: string;
  rootPemPath: string;
  tsaPemPath: string;
  rootCertificate: Buffer;
  certificate: Buffer;
  privateKey: KeyObject;
}

export interface TestAuthorityOptions {
  keyType?: TestKeyType;
  /** The TSA certificate's extendedKeyUsage line (openssl syntax). */
  extendedKeyUsage?: string;
}

const keyOptions = (keyType: TestKeyType) =>
  keyType === 'ec'
    ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']
    : ['-newkey', 'rsa:2048'];

const openssl = (directory: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] });

/** Makes a root (CA, keyCertSign) and a TSA certificate (critical EKU timeStamping by default) with openssl. */
export function createTestTimestampAuthority(
  options: TestAuthorityOptions = {},
): TestTimestampAuthority {
  const { keyType = 'ec', extendedKeyUsage = 'critical,timeStamping' } = options;
  const directory = mkdtempSync(join(tmpdir(), 'pades-tsa-'));
  openssl(directory, [
    'req',
    '-x509',
    ...keyOptions(keyType),
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-subj',
    '/CN=Timestamp Test Root',
    '-days',
    '30',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(directory, [
    'req',
    '-new',
    ...keyOptions(keyType),
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.csr',
    '-subj',
    '/CN=Timestamp Test TSA',
  ]);
  writeFileSync(
    join(directory, 'tsa.ext'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      `extendedKeyUsage=${extendedKeyUsage}`,
      'subjectKeyIdentifier=hash',
      'authorityKeyIdentifier=keyid',
    ].join('\n'),
  );
  openssl(directory, [
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-days',
    '30',
    '-set_serial',
    `0x${randomBytes(8).toString('hex')}`,
    '-extfile',
    'tsa.ext',
    '-out',
    'tsa.pem',
  ]);
  const read = (name: string) => readFileSync(join(directory, name));
  return {
    directory,
    rootPemPath: join(directory, 'root.pem'),
    tsaPemPath: join(directory, 'tsa.pem'),
    rootCertificate: new X509Certificate(read('root.pem')).raw,
    certificate: new X509Certificate(read('tsa.pem')).raw,
    privateKey: createPrivateKey(read('tsa.key')),
  };
}
