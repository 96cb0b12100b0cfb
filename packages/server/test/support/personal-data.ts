import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDirectoryPkiStore,
  issueOneTimeCertificate,
  loadOrCreatePortalPki,
} from '@esign/pades';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.ts';

export type CsvRow = Record<string, string>;

/** RFC 4180 reading of a personal-data answer (BOM first, CRLF line ends): one object per row. */
export function parseCsv(text: string): CsvRow[] {
  expect(text.startsWith('\uFEFF') && text.endsWith('\r\n')).toBe(true);
  const cells = [...text.slice(1).matchAll(/(?:"((?:[^"]|"")*)"|([^,\r\n]*))(,|\r\n)/g)];
  const lines: string[][] = [[]];
  for (const [, quoted, plain, end] of cells) {
    lines.at(-1)?.push(quoted === undefined ? (plain ?? '') : quoted.replaceAll('""', '"'));
    if (end === '\r\n') lines.push([]);
  }
  const [header = [], ...body] = lines.filter((line) => line.length > 0);
  return body.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ''])));
}

/** A certificate (base64 DER) whose subject serialNumber is the given value, as a citizen certificate's SATU. */
export async function citizenCertificate(serialNumber: string): Promise<string> {
  const pki = await loadOrCreatePortalPki(
    createDirectoryPkiStore(join(mkdtempSync(join(tmpdir(), 'esign-pki-')), 'pki')),
    { passphrase: 'personal data test passphrase', organisation: 'Testi', country: 'FI' },
  );
  const issued = await issueOneTimeCertificate(pki, { commonName: 'Citizen', serialNumber });
  return issued.certificate.toString('base64');
}

/** Stores on a signer row what an identity provider and a certificate would have given. */
export async function proveIdentity(
  db: Kysely<Database>,
  email: string,
  personalIdentityCode: string,
  certificates: string[],
): Promise<void> {
  const row = await db
    .selectFrom('sign_flow_signers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.verified_identity ?? '{}') as object;
  const identity = { method: 'oidc', email, name: null, ...stored };
  await db
    .updateTable('sign_flow_signers')
    .set({ verified_identity: JSON.stringify({ ...identity, personalIdentityCode, certificates }) })
    .where('id', '=', row.id)
    .execute();
}
