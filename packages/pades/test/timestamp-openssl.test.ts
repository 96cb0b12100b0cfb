import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createTimestampRequest,
  createTimestampResponder,
  placeholderTimestampPolicy,
} from '../src/timestamp/index.ts';
import { createTestTimestampAuthority, type TestKeyType } from './support/timestamp-keys.ts';

/** Runs openssl and answers its output with stderr folded in; a failing run is returned, not thrown. */
function openssl(args: string[], cwd: string): { ok: boolean; output: string } {
  try {
    const output = execFileSync('openssl', args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
    return { ok: true, output };
  } catch (error) {
    const failed = error as { stdout?: Buffer; stderr?: Buffer };
    return {
      ok: false,
      output: `${failed.stdout?.toString() ?? ''}${failed.stderr?.toString() ?? ''}`,
    };
  }
}

describe.each<TestKeyType>(['ec', 'rsa'])(
  'the responder with a %s key, checked by openssl',
  (keyType) => {
    const authority = createTestTimestampAuthority({ keyType });
    const responder = createTimestampResponder({
      certificate: authority.certificate,
      privateKey: authority.privateKey,
    });
    const directory = authority.directory;
    const data = randomBytes(4096);
    writeFileSync(join(directory, 'data.bin'), data);
    const verifyArgs = (reply: string) => [
      'ts',
      '-verify',
      '-in',
      reply,
      '-CAfile',
      authority.rootPemPath,
      '-untrusted',
      authority.tsaPemPath,
    ];

    it('answers our request with a reply that openssl ts -verify accepts for the data', async () => {
      const request = createTimestampRequest(createHash('sha256').update(data).digest());
      writeFileSync(join(directory, 'ours.tsr'), await responder.respond(request.der));

      const verified = openssl([...verifyArgs('ours.tsr'), '-data', 'data.bin'], directory);
      expect(verified.output).toContain('Verification: OK');
      expect(verified.ok).toBe(true);
    });

    it('shows our policy and nonce in openssl ts -reply -text', async () => {
      const request = createTimestampRequest(createHash('sha256').update(data).digest());
      writeFileSync(join(directory, 'shown.tsr'), await responder.respond(request.der));

      const shown = openssl(['ts', '-reply', '-in', 'shown.tsr', '-text'], directory);
      expect(shown.ok).toBe(true);
      expect(shown.output).toContain('Status: Granted.');
      expect(shown.output).toContain(`Policy OID: ${placeholderTimestampPolicy}`);
      expect(shown.output).toMatch(new RegExp(`Nonce: 0x0*${request.nonce.toString(16)}\\b`, 'i'));
      expect(shown.output).toContain('Accuracy: 0x01 seconds');
      expect(shown.output).toContain('Hash Algorithm: sha256');
    });

    it.each(['sha256', 'sha512'])(
      'answers an openssl-made %s query so that openssl verifies it',
      async (hash) => {
        const query = `openssl-${hash}.tsq`;
        expect(
          openssl(
            ['ts', '-query', '-data', 'data.bin', `-${hash}`, '-cert', '-out', query],
            directory,
          ).ok,
        ).toBe(true);
        writeFileSync(
          join(directory, `${query}.tsr`),
          await responder.respond(readFileSync(join(directory, query))),
        );

        const againstData = openssl(
          [...verifyArgs(`${query}.tsr`), '-data', 'data.bin'],
          directory,
        );
        expect(againstData.output).toContain('Verification: OK');
        const againstQuery = openssl(
          [...verifyArgs(`${query}.tsr`), '-queryfile', query],
          directory,
        );
        expect(againstQuery.output).toContain('Verification: OK');
      },
    );

    it('makes openssl refuse the reply for other data (the check is real)', async () => {
      const request = createTimestampRequest(createHash('sha256').update(data).digest());
      writeFileSync(join(directory, 'other.tsr'), await responder.respond(request.der));
      writeFileSync(join(directory, 'other.bin'), Buffer.concat([data, Buffer.from('!')]));

      const verified = openssl([...verifyArgs('other.tsr'), '-data', 'other.bin'], directory);
      expect(verified.ok).toBe(false);
      expect(verified.output).toContain('message imprint mismatch');
    });
  },
);
