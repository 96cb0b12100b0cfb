import { describe, expect, it } from 'vitest';
import { readCertificateStatements } from '../src/pki/index.ts';
import { createQualifiedTestCredential } from './support/csc-test-credential.ts';
import { testIdentity } from './support/fixtures.ts';

describe('what a certificate says of itself', () => {
  it('reads the QcCompliance statement of a qualified certificate', async () => {
    const { credential } = await createQualifiedTestCredential();
    const [leaf] = credential.certificates;
    expect(readCertificateStatements(leaf ?? Buffer.alloc(0)).qcCompliance).toBe(true);
  });

  it('finds neither policies nor statements in a plain self-signed certificate', () => {
    const { certificate } = testIdentity('ec', 'Pekka Perus');
    expect(readCertificateStatements(certificate)).toEqual({ policies: [], qcCompliance: false });
  });

  it('says nothing of bytes that are no certificate', () => {
    expect(readCertificateStatements(Buffer.from('not a certificate'))).toEqual({
      policies: [],
      qcCompliance: false,
    });
  });
});
