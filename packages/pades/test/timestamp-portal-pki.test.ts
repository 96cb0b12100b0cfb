import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDirectoryPkiStore, loadOrCreatePortalPki } from '../src/pki/index.ts';
import {
  createTimestampRequest,
  createTimestampResponder,
  requestLocalTimestamp,
  verifyTimestampToken,
} from '../src/timestamp/index.ts';

describe('the time-stamp responder backed by the portal PKI', () => {
  it("issues tokens that openssl verifies up to the portal's root", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'pades-tsa-pki-'));
    const pki = await loadOrCreatePortalPki(createDirectoryPkiStore(join(directory, 'pki')), {
      passphrase: 'timestamp test passphrase',
      organisation: 'Testiyhtiö Oy',
      country: 'FI',
    });
    const responder = createTimestampResponder(pki.timeStamping);
    const data = randomBytes(1000);
    const digest = createHash('sha256').update(data).digest();
    writeFileSync(join(directory, 'data.bin'), data);
    writeFileSync(join(directory, 'root.pem'), pki.root.certificatePem);
    writeFileSync(
      join(directory, 'untrusted.pem'),
      pki.issuing.certificatePem + pki.timeStamping.certificatePem,
    );
    writeFileSync(
      join(directory, 'reply.tsr'),
      await responder.respond(createTimestampRequest(digest).der),
    );

    const verified = execFileSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-in',
        'reply.tsr',
        '-data',
        'data.bin',
        '-CAfile',
        'root.pem',
        '-untrusted',
        'untrusted.pem',
      ],
      { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] },
    ).toString();
    expect(verified).toContain('Verification: OK');

    const token = await requestLocalTimestamp(responder, digest);
    const report = await verifyTimestampToken(token, { digest });
    expect(report).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      signerIsTimestampAuthority: true,
    });
    expect(report.signerCertificate).toEqual(pki.timeStamping.certificate);
  });
});
