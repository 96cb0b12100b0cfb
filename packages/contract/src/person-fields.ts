import { z } from 'zod';
import { isValidPersonalIdentityCode } from './personal-identity-code.ts';
import { plainText } from './plain-text.ts';
import { limits, validationKeys as v, type ValidationKey } from './validation.ts';

// The fields a sender writes about people (signers, copy recipients, viewers, a template's
// roles) and the free texts beside them, checked one way wherever they are written.

/** A text that may be left out: empty or blank is null. */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .max(max, v.maxLength)
    .check(plainText(options))
    .nullish()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value,
    );

/** An e-mail address that may be left out; one that is there must be an address. */
export const optionalEmail = (invalid: ValidationKey) =>
  z
    .string()
    .trim()
    .max(limits.emailMaxLength, v.maxLength)
    .check(plainText())
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email(invalid).nullable());

/** A person's name; empty when not given. */
export const personName = () =>
  z.string().trim().max(limits.signerNameMaxLength, v.maxLength).check(plainText()).default('');

/** A person's e-mail address, which must be there: the keys say whose it is (signer, recipient). */
export const personEmail = (required: ValidationKey, invalid: ValidationKey) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(limits.emailMaxLength, v.maxLength)
    .check(plainText())
    .pipe(z.email(invalid));

/** A Finnish personal identity code that may be left out, in capitals, checked with its mark. */
export const identityCode = () =>
  z
    .string()
    .trim()
    .max(limits.personalIdentityCodeLength, v.invalidPersonalIdentityCode)
    .check(plainText())
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null))
    .pipe(z.string().refine(isValidPersonalIdentityCode, v.invalidPersonalIdentityCode).nullable());
