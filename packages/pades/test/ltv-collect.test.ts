import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectValidationData, type CollectOptions } from '../src/ltv/collect.ts';
import { ValidationDataError } from '../src/ltv/errors.ts';
import { parseRevocationData } from '../src/verify/revocation-data.ts';
import { checkRevocation } from '../src/verify/revocation.ts';
import { startCscTestService } from './support/csc-service.ts';
import { startExternalTsa, type ExternalTsa } from './support/external-tsa.ts';
import { serialOf } from './support/ocsp-responder.ts';

let tsa: ExternalTsa;
beforeAll(async () => {
  tsa = await startExternalTsa();
});
afterAll(async () => {
  await tsa.close();
});

/** Collects for the external TSA's certificate as used at `at` (now), carrying nothing else. */
const collectForTsa = (options: CollectOptions = {}, at = new Date()) =>
  collectValidationData(
    [{ certificate: new X509Certificate(tsa.certificate), at, pool: [] }],
    options,
  );

const subjects = (items: Buffer[]) =>
  items.map((der) => new X509Certificate(der).subject.split('\n').at(-1));

async function rejection(promise: Promise<unknown>): Promise<ValidationDataError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ValidationDataError);
  return error as ValidationDataError;
}

describe('collecting validation data for a certificate', () => {
  it("finds the chain through the CA issuers URLs and asks the TSA's OCSP responder, not its CRL", async () => {
    const before = tsa.files.requests.length;
    const data = await collectForTsa();
    expect(subjects(data.certificates)).toEqual([
      'CN=Extern TSA',
      'CN=Extern TSA CA',
      'CN=Extern Rot CA',
    ]);
    expect(tsa.files.requests.slice(before)).toEqual(['/ca.crt', '/root.crt', '/root.crl']);
    expect(tsa.ocsp.asked.at(-1)).toBe(serialOf(tsa.certificate));
    expect(data.ocsps).toHaveLength(1);
    expect(data.crls).toHaveLength(1);
    // What it collected gives the TSA and its CA a status in our verifier.
    const [leaf, ca, root] = data.certificates.map((der) => new X509Certificate(der));
    const report = checkRevocation(
      [
        { certificate: leaf as X509Certificate, issuer: ca ?? null },
        { certificate: ca as X509Certificate, issuer: root ?? null },
      ],
      parseRevocationData({ crls: data.crls, ocsps: data.ocsps }),
      new Date(),
    );
    expect(report.certificates.map((item) => [item.status, item.source])).toEqual([
      ['good', 'OCSP'],
      ['good', 'CRL'],
    ]);
  });

  it('falls back to the CRL when the OCSP responder cannot answer', async () => {
    tsa.ocsp.failWith = 3; // tryLater
    try {
      const data = await collectForTsa();
      expect(data.ocsps).toEqual([]);
      expect(data.crls).toHaveLength(2);
    } finally {
      tsa.ocsp.failWith = null;
    }
  });

  it('refuses a certificate revoked before it was used, naming the responder that says so', async () => {
    const serial = serialOf(tsa.certificate);
    tsa.ocsp.statuses.set(serial, { revokedAt: new Date(Date.now() - 60_000) });
    try {
      const error = await rejection(collectForTsa());
      expect(error.code).toBe('revoked');
      expect(error.message).toMatch(
        /CN=Extern TSA was revoked at .*, says the OCSP responder http:\/\/127\.0\.0\.1:\d+\/ocsp/,
      );
    } finally {
      tsa.ocsp.statuses.set(serial, 'good');
    }
  });

  it('fetches nothing the policy does not allow, and says so', async () => {
    const before = tsa.files.requests.length;
    const error = await rejection(collectForTsa({ allowUrl: (url) => url.pathname !== '/ca.crt' }));
    expect(error.code).toBe('no-issuer');
    expect(error.message).toContain('the issuer of');
    expect(tsa.files.requests.slice(before)).toEqual([]);
  });

  it('waits for the CA when its CRL is older than the use and the next is due later', async () => {
    tsa.ocsp.failWith = 3;
    try {
      // Its CRLs were made when the TSA started; the use comes two seconds later.
      const error = await rejection(
        collectForTsa({ issuedAfterUse: true }, new Date(Date.now() + 2000)),
      );
      expect(error.code).toBe('not-yet-fresh');
      expect(error.message).toMatch(/the CRL for .*CN=Extern TSA was issued at .* before its use/);
      expect(error.retryAt?.getTime()).toBeGreaterThan(Date.now() + 5 * 3_600_000);
    } finally {
      tsa.ocsp.failWith = null;
    }
  });

  it("asks a trust service's OCSP responder for its signer, issued after the signature", async () => {
    const service = await startCscTestService({ users: [{ userID: 'maija@example.fi' }] });
    try {
      const [signer, ...chain] = service.credential.certificates.map(
        (der) => new X509Certificate(der),
      );
      if (!signer) throw new Error('no certificate');
      const data = await collectValidationData(
        [{ certificate: signer, at: new Date(), pool: chain }],
        { issuedAfterUse: true },
      );
      expect(data.ocsps).toHaveLength(1);
      // Its issuing CA's status comes from the root's CRL, current then.
      expect(data.crls).toHaveLength(1);
      expect(subjects(data.certificates)).toEqual([
        'CN=Maija Meikäläinen',
        'CN=Testi-QTSP Qualified Issuing CA',
        'CN=Testi-QTSP Qualified Root CA',
      ]);
    } finally {
      await service.close();
    }
  });
});
