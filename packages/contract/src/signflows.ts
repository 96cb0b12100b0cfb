import { z } from 'zod';
import { IsoDate, IsoDateTime, SignFlowDetail } from './entities.ts';
import type { FieldIssue } from './errors.ts';
import { SignatureLevel, SignatureProcess } from './enums.ts';
import { Language } from './languages.ts';
import { identityCode, optionalText, personEmail, personName } from './person-fields.ts';
import { OptionalRecordId, plainText } from './plain-text.ts';
import { limits, validationKeys as v } from './validation.ts';

/** One signer as the sender writes it. */
export const SignerInput = z.object({
  Guid: OptionalRecordId.nullish(),
  Name: personName(),
  Email: personEmail(v.signerEmailRequired, v.invalidSignerEmail),
  Organisation: optionalText(limits.signerNameMaxLength),
  /** The role the signer fills ("Employee"), when the flow was made from a template; shown as the row's label. */
  Role: optionalText(limits.signerNameMaxLength),
  /**
   * The signer's Finnish personal identity code, when the sender knows it: an Advanced or
   * Qualified signer must then prove exactly this code (a provider such as Suomi.fi gives
   * no e-mail address); without it, the proved e-mail address must be the signer's.
   */
  PersonalIdentityCode: identityCode(),
});
export type SignerInput = z.input<typeof SignerInput>;

/**
 * A copy recipient or a viewer as the sender writes it: a name (optional) and an e-mail
 * address, checked like a signer's.
 */
export const RecipientInput = z.object({
  Name: personName(),
  Email: personEmail(v.recipientEmailRequired, v.invalidRecipientEmail),
});
export type RecipientInput = z.input<typeof RecipientInput>;

const recipientList = z
  .array(RecipientInput)
  .max(limits.maxRecipients, v.tooManyRecipients)
  .default([]);

/** POST SignFlows: creates a draft, or updates the draft named by Guid. */
export const SignFlowSaveRequest = z.object({
  Guid: OptionalRecordId.nullish(),
  Name: z
    .string({ error: v.nameRequired })
    .trim()
    .min(1, v.nameRequired)
    .max(limits.signFlowNameMaxLength, v.maxLength)
    .check(plainText()),
  Note: optionalText(limits.noteMaxLength, { multiline: true }),
  SignatureProcess: SignatureProcess.nullish(),
  MinimumSignatureLevel: SignatureLevel.nullish(),
  /** The user group (role) id, or null for the sender's own flow. */
  Role: OptionalRecordId.nullish(),
  InspectorEmail: z
    .string()
    .trim()
    .max(limits.emailMaxLength, v.maxLength)
    .check(plainText())
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email(v.invalidEmail).nullable()),
  ReminderIntervalInDays: z.number().int().min(1).max(365).nullish(),
  Signers: z.array(SignerInput).max(limits.maxSigners, v.tooManySigners).default([]),
  /** Told when the flow is sent; get the finished document and its evidence report; never sign. */
  CopyRecipients: recipientList,
  /** May read the document through a link of their own while the flow is out; never sign. */
  Viewers: recipientList,
  /** The language of the signers' messages (fi, en, sv). */
  Language: Language.nullish(),
  /**
   * The date the signers must sign by (YYYY-MM-DD), from today to SIGNING_DEADLINE_MAX_DAYS
   * ahead in the portal's time zone; left out, today + SIGNING_DEADLINE_DAYS.
   */
  ExpiryDate: IsoDate.nullish(),
  /** When creating: copy the file to sign and the attachments of this flow (copy as new). */
  CopyFromGuid: OptionalRecordId.nullish(),
});
export type SignFlowSaveRequest = z.input<typeof SignFlowSaveRequest>;

/** What sending demands beyond a valid draft (SPEC §5); the same check runs in the browser and on the server. */
export function findSendProblems(flow: {
  hasSignFile: boolean;
  signerCount: number;
  SignatureProcess: string | null | undefined;
  MinimumSignatureLevel: string | null | undefined;
}): FieldIssue[] {
  const problems: FieldIssue[] = [];
  if (!flow.hasSignFile) problems.push({ path: 'SignFileInfo', key: v.noFileToSign });
  if (flow.signerCount < 1) problems.push({ path: 'Signers', key: v.signerRequired });
  if (!flow.SignatureProcess)
    problems.push({ path: 'SignatureProcess', key: v.signatureProcessRequired });
  if (!flow.MinimumSignatureLevel) {
    problems.push({ path: 'MinimumSignatureLevel', key: v.signatureLevelRequired });
  }
  return problems;
}

export const CancelRequest = z.object({
  Comment: z
    .string()
    .trim()
    .max(limits.commentMaxLength, v.maxLength)
    .check(plainText({ multiline: true }))
    .default(''),
});

/** POST SignFlows/{signFlowId}/expirydate: a later deadline for a flow out for signing. */
export const ExpiryDateRequest = z.object({
  ExpiryDate: z.string({ error: v.required }).pipe(IsoDate),
});
export type ExpiryDateRequest = z.infer<typeof ExpiryDateRequest>;

/** GET SignFlows/{guid}: SPEC's detail plus the language of the signers' messages. */
export const SignFlowDetailResponse = SignFlowDetail.extend({
  Language: z.string().nullable(),
  /** Why processing failed (Status Error), for the sender; null otherwise. */
  FailureReason: z.string().nullable(),
  /** Set at sending: the signers must sign by then, or the flow expires (ends Cancelled). */
  SigningDeadline: IsoDateTime.nullable(),
  /**
   * Beyond SPEC, for the flow page: who cancelled a Cancelled flow (their name, else the
   * address the audit trail has); null when it expired or was never cancelled.
   */
  CancelledBy: z.string().nullable(),
  /** Beyond SPEC: a Cancelled flow that ended at its deadline; the time it expired. */
  ExpiredTimeUtc: IsoDateTime.nullable(),
});
export type SignFlowDetailResponse = z.infer<typeof SignFlowDetailResponse>;
