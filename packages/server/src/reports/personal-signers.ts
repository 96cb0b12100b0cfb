import type { PersonalDataQuery } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database, SignerRow } from '../db/schema.ts';
import { subjectNamesIdentifier } from '../signing/qualified/credential-owner.ts';
import { certificateSubjectOf, signedIdentityOf } from './personal-identity.ts';
import {
  findSignersByEmail,
  findSignersByGivenCode,
  findSignersByIdentityFragment,
} from './personal-data.repository.ts';

/** Signers whose signature's certificate names the identifier in its subject serialNumber. */
async function findSignersByCertificate(db: Kysely<Database>, identifier: string) {
  const candidates = await findSignersByIdentityFragment(db, '"certificates":["');
  return candidates.filter((row) => {
    const subject = certificateSubjectOf(signedIdentityOf(row));
    return subject !== null && subjectNamesIdentifier(subject, identifier);
  });
}

/**
 * The signer rows an identifier names: by address (any case); by the personal identity
 * code the sender gave for the signer, the code the signer proved at an identity provider, or the code or SATU in the subject of
 * their signature's certificate. The JSON pre-filter is checked against the parsed identity.
 */
export async function findSignersOf(
  db: Kysely<Database>,
  query: PersonalDataQuery,
): Promise<SignerRow[]> {
  const value = query.Identifier;
  if (query.IdentifierType === 'Email') return findSignersByEmail(db, value);
  const byCertificate = await findSignersByCertificate(db, value);
  if (query.IdentifierType === 'Satu') return byCertificate;
  const byProvider = (
    await findSignersByIdentityFragment(db, `"personalIdentityCode":${JSON.stringify(value)}`)
  ).filter((row) => signedIdentityOf(row)?.personalIdentityCode === value);
  const bySender = await findSignersByGivenCode(db, value.toUpperCase());
  const seen = new Set<string>();
  return [...bySender, ...byProvider, ...byCertificate].filter((row) => {
    if (seen.has(row.id)) return false;
    seen.add(row.id);
    return true;
  });
}
