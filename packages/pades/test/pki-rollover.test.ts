import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createDirectoryPkiStore,
  issueOneTimeCertificate,
  loadPortalPkiGenerations,
  portalPkiGenerationEntry,
  rollOverPortalPki,
  rolloverDue,
  type PkiCredential,
  type PkiStore,
} from '../src/pki/index.ts';

const dayMs = 86_400_000;
const options = {
  passphrase: 'rollover passphrase',
  organisation: 'Testiyhtiö Oy',
  country: 'FI',
  crlUrl: 'http://127.0.0.1:8080/pki/issuing.crl',
  rootCrlUrl: 'http://127.0.0.1:8080/pki/root.crl',
  crlUrlOf: (generation: number) => `http://127.0.0.1:8080/pki/issuing-${generation}.crl`,
};
const timing = (now: Date) => ({ now, archiveRenewBeforeDays: 90 });
const after = (ms: number) => new Date(Date.now() + ms);
const years = (n: number) => n * 365 * dayMs;
const cert = (credential: PkiCredential) => new X509Certificate(credential.certificate);
const endOf = (credential: PkiCredential) => new Date(cert(credential).validTo).getTime();

function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function freshStore(): PkiStore {
  return createDirectoryPkiStore(mkdtempSync(join(tmpdir(), 'pki-rollover-')));
}

/** openssl's verdict on `leaf` against the root, with the issuing CA as intermediate, at `at`. */
function opensslVerify(root: PkiCredential, issuing: PkiCredential, leaf: PkiCredential, at: Date) {
  const dir = mkdtempSync(join(tmpdir(), 'pki-rollover-chain-'));
  writeFileSync(join(dir, 'root.pem'), root.certificatePem);
  writeFileSync(join(dir, 'issuing.pem'), issuing.certificatePem);
  writeFileSync(join(dir, 'leaf.pem'), leaf.certificatePem);
  return execFileSync(
    'openssl',
    [
      'verify',
      '-attime',
      String(Math.floor(at.getTime() / 1000)),
      '-CAfile',
      join(dir, 'root.pem'),
      '-untrusted',
      join(dir, 'issuing.pem'),
      join(dir, 'leaf.pem'),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

describe('rolling the portal PKI over', () => {
  it('renews nothing while every credential has time left', async () => {
    const store = freshStore();
    const first = nth(await loadPortalPkiGenerations(store, options), 0);
    expect(rolloverDue(first.pki, timing(after(years(1))))).toEqual({
      issuing: false,
      seal: false,
      timeStamping: false,
    });
    expect(await rollOverPortalPki(store, options, timing(after(years(1))))).toHaveLength(1);
    expect(await store.read(portalPkiGenerationEntry(2))).toBeNull();
  });

  it('decides from what is left: seal under 90 days, TSA under a year (or the archive lead and 30 days), issuing CA under 6 years', async () => {
    const first = nth(await loadPortalPkiGenerations(freshStore(), options), 0);
    const pki = first.pki;
    const sealEnd = endOf(pki.seal);
    const tsaEnd = endOf(pki.timeStamping);
    const issuingEnd = endOf(pki.issuing);
    const at = (ms: number) => timing(new Date(ms));
    expect(rolloverDue(pki, at(sealEnd - 91 * dayMs)).seal).toBe(false);
    expect(rolloverDue(pki, at(sealEnd - 89 * dayMs)).seal).toBe(true);
    expect(rolloverDue(pki, at(tsaEnd - 366 * dayMs)).timeStamping).toBe(false);
    expect(rolloverDue(pki, at(tsaEnd - 364 * dayMs)).timeStamping).toBe(true);
    // A longer archive lead asks for more of the TSA certificate's life.
    expect(
      rolloverDue(pki, { now: new Date(tsaEnd - 400 * dayMs), archiveRenewBeforeDays: 380 })
        .timeStamping,
    ).toBe(true);
    expect(rolloverDue(pki, at(issuingEnd - years(6) - 2 * dayMs))).toMatchObject({
      issuing: false,
    });
    expect(rolloverDue(pki, at(issuingEnd - years(6) + 2 * dayMs))).toEqual({
      issuing: true,
      seal: true,
      timeStamping: true,
    });
  });

  it('renews an expiring seal alone with a new key, keeping the generation before it', async () => {
    const store = freshStore();
    const first = nth(await loadPortalPkiGenerations(store, options), 0);
    const now = new Date(endOf(first.pki.seal) - 30 * dayMs);
    const generations = await rollOverPortalPki(store, options, timing(now));
    expect(generations.map((g) => [g.generation, g.issuingGeneration, g.renewed])).toEqual([
      [1, 1, ['root', 'issuing', 'seal', 'timeStamping']],
      [2, 1, ['seal']],
    ]);
    const second = nth(generations, 1).pki;
    expect(second.seal.certificate.equals(first.pki.seal.certificate)).toBe(false);
    expect(cert(second.seal).publicKey.equals(cert(first.pki.seal).publicKey)).toBe(false);
    expect(endOf(second.seal)).toBeGreaterThan(now.getTime() + years(3) - 2 * dayMs);
    expect(second.issuing.certificate.equals(first.pki.issuing.certificate)).toBe(true);
    expect(second.timeStamping.certificate.equals(first.pki.timeStamping.certificate)).toBe(true);
    expect(second.crlUrl).toBe(options.crlUrl);
    expect(opensslVerify(second.root, second.issuing, second.seal, now)).toMatch(/OK/);
    // The old seal, as an old signature needs it, is still there to be read.
    const reread = await loadPortalPkiGenerations(store, options);
    expect(nth(reread, 0).pki.seal.certificate.equals(first.pki.seal.certificate)).toBe(true);
    expect(nth(reread, 1).pki.seal.certificate.equals(second.seal.certificate)).toBe(true);
    // Done once: the next day nothing is due.
    expect(
      await rollOverPortalPki(store, options, timing(new Date(now.getTime() + dayMs))),
    ).toHaveLength(2);
  });

  it('renews the issuing CA with six years left, and the seal and TSA under it, with a CRL URL of its own', async () => {
    const store = freshStore();
    const first = nth(await loadPortalPkiGenerations(store, options), 0);
    const now = new Date(endOf(first.pki.issuing) - years(6) + 10 * dayMs);
    const generations = await rollOverPortalPki(store, options, timing(now));
    const current = nth(generations, generations.length - 1);
    expect([current.generation, current.issuingGeneration, current.renewed]).toEqual([
      2,
      2,
      ['issuing', 'seal', 'timeStamping'],
    ]);
    const { pki } = current;
    expect(cert(pki.issuing).subject).toContain('Issuing CA 2');
    expect(cert(pki.issuing).checkIssued(cert(first.pki.root))).toBe(true);
    expect(pki.root.certificate.equals(first.pki.root.certificate)).toBe(true);
    expect(endOf(pki.issuing)).toBeGreaterThan(now.getTime() + years(9));
    // A TSA certificate of five years, within its CA's life; both leaves under the new CA.
    expect(endOf(pki.timeStamping)).toBeGreaterThan(now.getTime() + years(5) - 2 * dayMs);
    expect(endOf(pki.timeStamping)).toBeLessThanOrEqual(endOf(pki.issuing));
    for (const leaf of [pki.seal, pki.timeStamping]) {
      expect(cert(leaf).checkIssued(cert(pki.issuing))).toBe(true);
      expect(leaf.chain.map((c) => cert({ certificate: c } as PkiCredential).subject)).toEqual([
        cert(pki.issuing).subject,
        cert(pki.root).subject,
      ]);
      expect(opensslVerify(pki.root, pki.issuing, leaf, now)).toMatch(/OK/);
    }
    expect(pki.crlUrl).toBe(options.crlUrlOf(2));
    // One-time certificates come from the new CA, pointing to its CRL, for as long as asked.
    const oneTime = await issueOneTimeCertificate(pki, { commonName: 'Maija Meikäläinen' });
    expect(cert(oneTime).checkIssued(cert(pki.issuing))).toBe(true);
    expect(opensslVerify(pki.root, pki.issuing, oneTime, new Date())).toMatch(/OK/);
    const text = execFileSync('openssl', ['x509', '-noout', '-ext', 'crlDistributionPoints'], {
      input: oneTime.certificatePem,
      encoding: 'utf8',
    });
    expect(text).toContain(options.crlUrlOf(2));
  });

  it('cuts a renewal short at its CA and does not renew what cannot outlive the old one', async () => {
    const store = freshStore();
    const first = nth(await loadPortalPkiGenerations(store, options), 0);
    const rootEnd = endOf(first.pki.root);
    // Five years before the root ends: a new issuing CA lives only until the root does.
    const now = new Date(rootEnd - years(5));
    const generations = await rollOverPortalPki(store, options, timing(now));
    const { pki } = nth(generations, 1);
    expect(endOf(pki.issuing)).toBe(rootEnd);
    expect(endOf(pki.timeStamping)).toBeLessThanOrEqual(endOf(pki.issuing));
    // The next day the issuing CA has under six years left, but no renewal could outlive it.
    const nextDay = new Date(now.getTime() + dayMs);
    expect(rolloverDue(pki, timing(nextDay))).toEqual({
      issuing: false,
      seal: false,
      timeStamping: false,
    });
    expect(await rollOverPortalPki(store, options, timing(nextDay))).toHaveLength(2);
  });

  it('ends with one generation when two nodes roll over at once', async () => {
    const store = freshStore();
    const first = nth(await loadPortalPkiGenerations(store, options), 0);
    const now = new Date(endOf(first.pki.seal) - 10 * dayMs);
    const racing = await Promise.all([
      rollOverPortalPki(store, options, timing(now)),
      rollOverPortalPki(store, options, timing(now)),
    ]);
    const [a, b] = [nth(racing, 0), nth(racing, 1)];
    expect(a).toHaveLength(2);
    expect(b).toHaveLength(2);
    expect(nth(a, 1).renewed).toEqual(['seal']);
    expect(nth(a, 1).pki.seal.certificate.equals(nth(b, 1).pki.seal.certificate)).toBe(true);
    expect(await store.read(portalPkiGenerationEntry(3))).toBeNull();
  });

  it('refuses a generation whose key does not open with the passphrase', async () => {
    const store = freshStore();
    const first = nth(await loadPortalPkiGenerations(store, options), 0);
    await rollOverPortalPki(store, options, timing(new Date(endOf(first.pki.seal) - dayMs)));
    await expect(
      loadPortalPkiGenerations(store, { ...options, passphrase: 'wrong passphrase' }),
    ).rejects.toThrow();
  });
});
