import { execFileSync } from 'node:child_process';
import { constants, privateEncrypt, sign, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  completeExternalSignature,
  parseExternalSignatureState,
  prepareExternalSignature,
  type ExternalSignatureState,
} from '../src/external-signature.ts';
import { prepareForSigning } from '../src/pdf/signature-page.ts';
import {
  createQualifiedTestCredential,
  type QualifiedTestCredential,
} from './support/csc-test-credential.ts';
import {
  pdfLibDocument,
  pdfsig,
  qpdfCheck,
  testIdentity,
  verifyFile,
  workDir,
} from './support/fixtures.ts';
import { createTestPki, type TestPki } from './support/test-pki.ts';

/** Signs a SHA-256 hash the way a remote RSA key does (PKCS#1 v1.5 over the DigestInfo). */
const signHashWithRsa = (key: KeyObject, hash: Buffer) =>
  privateEncrypt(
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([Buffer.from('3031300d060960864801650304020105000420', 'hex'), hash]),
  );

let qualified: QualifiedTestCredential;
let pki: TestPki;
beforeAll(async () => {
  [qualified, pki] = await Promise.all([createQualifiedTestCredential(), createTestPki()]);
});

async function prepareRsa(level: 'B-B' | 'B-T' = 'B-T') {
  const dir = workDir();
  writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(2, true));
  const [certificate = Buffer.alloc(0), ...chain] = qualified.credential.certificates;
  const prepared = await prepareExternalSignature({
    input: join(dir, 'in.pdf'),
    output: join(dir, 'prepared.pdf'),
    certificate,
    chain,
    level,
  });
  const signatureValue = signHashWithRsa(
    qualified.credential.privateKey,
    prepared.dataToBeSignedHash,
  );
  return { dir, path: join(dir, 'prepared.pdf'), ...prepared, signatureValue };
}

describe('a signature prepared now and completed later with a remote signature value', () => {
  it('survives a JSON round trip of its state and completes at B-T, accepted by pdfsig, qpdf and our verifier', async () => {
    const { path, state, signatureValue } = await prepareRsa('B-T');
    const stored = JSON.parse(JSON.stringify(state)) as unknown;
    expect(stored).toEqual(state);

    await completeExternalSignature(path, parseExternalSignatureState(stored), signatureValue, {
      timestamp: pki.timestamp,
    });
    expect(pdfsig(path)).toMatchObject({ valid: [true], wholeDocument: [true] });
    expect(qpdfCheck(path)).toBeNull();
    // The signature time stamp counts only when its TSA (the portal's) is trusted too.
    const [report] = await verifyFile(path, [qualified.root, pki.root]);
    expect(report).toMatchObject({ valid: true, level: 'B-T', chainTrusted: true });
    expect(report?.signerSubject).toContain('Maija Meikäläinen');
  });

  it('fills a prepared empty field by name and draws the lines it is given', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    await prepareForSigning({
      input: join(dir, 'in.pdf'),
      output: join(dir, 'with-page.pdf'),
      title: 'Vuokrasopimus',
      signers: [{ name: 'Maija Meikäläinen' }, { name: 'Pekka Puupää' }],
      language: 'fi',
    });
    const [certificate = Buffer.alloc(0), ...chain] = qualified.credential.certificates;
    const path = join(dir, 'prepared.pdf');
    const { state, dataToBeSignedHash } = await prepareExternalSignature({
      input: join(dir, 'with-page.pdf'),
      output: path,
      certificate,
      chain,
      level: 'B-T',
      fieldName: 'Signer2',
      appearance: { lines: ['Maija Meikäläinen', 'PAdES B-T, qualified'] },
    });
    const value = signHashWithRsa(qualified.credential.privateKey, dataToBeSignedHash);
    await completeExternalSignature(path, state, value, { timestamp: pki.timestamp });

    const poppler = pdfsig(path);
    expect(poppler.valid).toEqual([false, true]);
    expect([...poppler.output.matchAll(/Signature Field Name: (\S+)/g)].map((m) => m[1])).toEqual([
      'Signer1',
      'Signer2',
    ]);
    const text = execFileSync('pdftotext', ['-f', '2', '-l', '2', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('PAdES B-T, qualified');
    const reports = await verifyFile(path);
    expect(reports.map((report) => [report.fieldName, report.valid, report.level])).toEqual([
      ['Signer2', true, 'B-T'],
    ]);
  });

  it('completes an ECDSA signature at B-B', async () => {
    const identity = testIdentity('ec', 'Eero Esimerkki');
    const dir = workDir();
    writeFileSync(join(dir, 'in.pdf'), await pdfLibDocument(1));
    const path = join(dir, 'prepared.pdf');
    const { state } = await prepareExternalSignature({
      input: join(dir, 'in.pdf'),
      output: path,
      certificate: identity.certificate,
      chain: [],
      level: 'B-B',
    });
    expect(state.algorithm).toBe('ecdsa-sha256');
    const attributes = Buffer.from(state.signedAttributes, 'base64');
    const value = sign('sha256', attributes, { key: identity.privateKey, dsaEncoding: 'der' });
    await completeExternalSignature(path, state, value);
    expect(pdfsig(path).valid).toEqual([true]);
    const [report] = await verifyFile(path);
    expect(report).toMatchObject({ valid: true, level: 'B-B' });
  });
});

describe('completing a prepared signature refuses', () => {
  it('a signature value the certificate does not verify, and writes nothing', async () => {
    const { path, state, signatureValue } = await prepareRsa();
    const before = readFileSync(path);
    const wrong = Buffer.from(signatureValue);
    wrong[10] = (wrong[10] ?? 0) ^ 1;
    await expect(
      completeExternalSignature(path, state, wrong, { timestamp: pki.timestamp }),
    ).rejects.toThrow('the signature value does not verify with the certificate');
    expect(readFileSync(path).equals(before)).toBe(true);
    await completeExternalSignature(path, state, signatureValue, { timestamp: pki.timestamp });
    expect(pdfsig(path).valid).toEqual([true]);
  });

  it('a file that changed since it was prepared', async () => {
    const { path, state, signatureValue } = await prepareRsa();
    const bytes = readFileSync(path);
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    writeFileSync(path, bytes);
    await expect(
      completeExternalSignature(path, state, signatureValue, { timestamp: pki.timestamp }),
    ).rejects.toThrow('the file changed since the signature was prepared');
    writeFileSync(path, Buffer.concat([readFileSync(path), Buffer.from('\n')]));
    await expect(
      completeExternalSignature(path, state, signatureValue, { timestamp: pki.timestamp }),
    ).rejects.toThrow('its size differs');
  });

  it('a placeholder that is filled already', async () => {
    const { path, state, signatureValue } = await prepareRsa();
    await completeExternalSignature(path, state, signatureValue, { timestamp: pki.timestamp });
    await expect(
      completeExternalSignature(path, state, signatureValue, { timestamp: pki.timestamp }),
    ).rejects.toThrow('filled already');
  });

  it('B-T without a time-stamp source', async () => {
    const { path, state, signatureValue } = await prepareRsa('B-T');
    await expect(completeExternalSignature(path, state, signatureValue)).rejects.toThrow(
      'B-T needs a time-stamp source',
    );
  });

  it('a state that is not one prepareExternalSignature wrote', async () => {
    const { state } = await prepareRsa();
    expect(() => parseExternalSignatureState({})).toThrow(/not a signature state: version/);
    const shifted: ExternalSignatureState = { ...state, byteRange: [0, 10, 20, 30] };
    expect(() => parseExternalSignatureState(shifted)).toThrow(/byteRange/);
    expect(() => parseExternalSignatureState({ ...state, certificates: [] })).toThrow(
      /certificates/,
    );
  });
});
