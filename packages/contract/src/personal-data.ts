import { z } from 'zod';
import { isValidPersonalIdentityCode } from './personal-identity-code.ts';
import { plainText } from './plain-text.ts';
import { limits, validationKeys as v } from './validation.ts';

/**
 * The identifier kinds of SPEC §3 as the wire names them: Finnish social security number
 * (personal identity code), e-mail address, Finnish electronic id (SATU).
 */
export const PersonalIdentifierType = z.enum(['Ssn', 'Email', 'Satu']);
export type PersonalIdentifierType = z.infer<typeof PersonalIdentifierType>;

/** Where a personal-data query looks: the signing service (flows) or the portal (accounts). */
export const PersonalDataTarget = z.enum(['service', 'portal']);
export type PersonalDataTarget = z.infer<typeof PersonalDataTarget>;

// The same check table as the personal identity code's (STANDARDS.md, SATU).
const satuCheckCharacters = '0123456789ABCDEFHJKLMNPRSTUVWXY';
const satuPattern = /^(\d{8})([0-9A-FHJ-NPR-Y])$/;

/** True for a SATU (FINUID): eight digits and the check character TABLE[digits % 31]. */
export function isValidSatu(value: string): boolean {
  const match = satuPattern.exec(value);
  if (!match) return false;
  const [, digits = '', check = ''] = match;
  return satuCheckCharacters[Number(digits) % 31] === check;
}

// Trimmed only: case is kept, so an identity code with a lower-case century sign is refused.
const identifierText = z
  .string()
  .trim()
  .min(1, v.required)
  .max(limits.emailMaxLength, v.maxLength)
  .check(plainText());

/** The body of both personal-data queries; each identifier is checked by its own rule. */
export const PersonalDataQuery = z.discriminatedUnion('IdentifierType', [
  z.object({
    IdentifierType: z.literal('Ssn'),
    Identifier: identifierText.pipe(
      z.string().refine(isValidPersonalIdentityCode, v.invalidPersonalIdentityCode),
    ),
  }),
  z.object({
    IdentifierType: z.literal('Email'),
    Identifier: identifierText.pipe(z.email(v.invalidEmail)),
  }),
  z.object({
    IdentifierType: z.literal('Satu'),
    Identifier: identifierText.pipe(z.string().refine(isValidSatu, v.invalidSatu)),
  }),
]);
export type PersonalDataQuery = z.infer<typeof PersonalDataQuery>;

/** The columns of the personal-data CSV; the first names the kind of record on each row. */
export const personalDataColumns = [
  'Section',
  'Id',
  'FlowId',
  'Name',
  'Email',
  'Organisation',
  'Title',
  'Role',
  'Status',
  'Actor',
  'Created',
  'Time',
  'Ended',
  'Comment',
  'Ip',
  'UserAgent',
  'Detail',
] as const;
export type PersonalDataColumn = (typeof personalDataColumns)[number];

/** What the Section column says: the query itself, then one kind of record per row. */
export type PersonalDataSection =
  'query' | 'user' | 'group' | 'session' | 'flow' | 'signature' | 'recipient' | 'file' | 'event';
