import { z } from 'zod';
import { FileInfo, IsoDateTime } from './entities.ts';
import { SignatureLevel, SignatureProcess } from './enums.ts';
import { plainText } from './plain-text.ts';
import { limits, validationKeys as v } from './validation.ts';

/**
 * The signer's side (an addition to SPEC §7): a signer reaches their own task only through
 * the personal link `/sign/{token}`, and every call below carries that token.
 */
export const signingPaths = {
  page: (token: string) => `/sign/${encodeURIComponent(token)}`,
  task: (token: string) => `/api/sign/${encodeURIComponent(token)}`,
  sendCode: (token: string) => `/api/sign/${encodeURIComponent(token)}/code`,
  verifyCode: (token: string) => `/api/sign/${encodeURIComponent(token)}/code/verify`,
  identify: (token: string) => `/api/sign/${encodeURIComponent(token)}/identify`,
  document: (token: string) => `/api/sign/${encodeURIComponent(token)}/document`,
  attachment: (token: string, attachmentId: string) =>
    `/api/sign/${encodeURIComponent(token)}/attachment/${encodeURIComponent(attachmentId)}`,
  sign: (token: string) => `/api/sign/${encodeURIComponent(token)}/sign`,
  reject: (token: string) => `/api/sign/${encodeURIComponent(token)}/reject`,
  flowEvents: (signFlowId: string) =>
    `/api/esign/SignFlows/${encodeURIComponent(signFlowId)}/events`,
  devMail: '/api/dev/mail',
  /**
   * A signer's link to the signed document of a finished flow (mailed to them, and on their
   * signing page): the file itself while it works, the web app's page saying so after.
   */
  signedCopy: (token: string) => `/signed/${encodeURIComponent(token)}`,
} as const;

/** Fastify route templates of the paths above. */
export const signingRoutes = {
  page: '/sign/:token',
  task: '/api/sign/:token',
  sendCode: '/api/sign/:token/code',
  verifyCode: '/api/sign/:token/code/verify',
  identify: '/api/sign/:token/identify',
  identifyCallback: '/api/sign/identify/callback',
  qualifiedCallback: '/api/sign/qualified/callback',
  document: '/api/sign/:token/document',
  attachment: '/api/sign/:token/attachment/:attachmentId',
  sign: '/api/sign/:token/sign',
  reject: '/api/sign/:token/reject',
  flowEvents: '/api/esign/SignFlows/:signFlowId/events',
  devMail: '/api/dev/mail',
  signedCopy: '/signed/:token',
} as const;

/**
 * Where the signer's task stands, from the signer's point of view:
 * - Open: it is their turn and they have not signed or rejected;
 * - NotYourTurn: a Sequential flow waits for an earlier signer;
 * - Signed / Rejected: this signer already did so;
 * - FlowFinished / FlowRejected / FlowCancelled / FlowFailed: the flow ended otherwise;
 * - FlowExpired: its deadline passed before everyone signed.
 */
export const SignerTaskState = z.enum([
  'Open',
  'NotYourTurn',
  'Signed',
  'Rejected',
  'FlowFinished',
  'FlowRejected',
  'FlowCancelled',
  'FlowExpired',
  'FlowFailed',
]);
export type SignerTaskState = z.infer<typeof SignerTaskState>;

/**
 * The signed document for a signer of a flow everyone signed:
 * - Preparing: the portal is finishing it (seconds); the page asks again;
 * - Ready: `Url` downloads it, without identification, until `ExpiresAt`;
 * - Expired: the link's time (SIGNED_COPY_DAYS) is over; `ExpiresAt` says when it ended.
 */
export const SignedCopy = z.object({
  State: z.enum(['Preparing', 'Ready', 'Expired']),
  Url: z.string().nullable(),
  ExpiresAt: IsoDateTime.nullable(),
});
export type SignedCopy = z.infer<typeof SignedCopy>;

/** What the signing page shows; the document and attachments only once the signer is identified. */
export const SignerTask = z.object({
  FlowName: z.string(),
  SenderName: z.string(),
  SenderOrganisation: z.string(),
  Note: z.string().nullable(),
  SignatureLevel,
  SignatureProcess,
  /** The language the sender chose for the signers (fi, en or sv). */
  Language: z.string(),
  SignerName: z.string(),
  /** The signer's address with its middle hidden, e.g. a***@example.com. */
  SignerEmailHint: z.string(),
  State: SignerTaskState,
  /** True once the signer proved who they are at the level the flow asks. */
  Authenticated: z.boolean(),
  /**
   * True when too many e-mail codes were asked for or entered wrong: no code is sent or
   * accepted until the sender unlocks the link.
   */
  LinkLocked: z.boolean(),
  /** Seconds until another e-mail code can be asked for (0: now). */
  NextCodeInSeconds: z.number().int().nonnegative(),
  /** The signer's own signing or rejection time. */
  CompletedAt: IsoDateTime.nullable(),
  /** The other signers, in order, with their progress (names only). */
  Signers: z.array(
    z.object({
      Name: z.string(),
      Status: z.enum(['Unsigned', 'Signed', 'Rejected']),
      IsYou: z.boolean(),
    }),
  ),
  /** Present once Authenticated. */
  Document: FileInfo.extend({ Size: z.number().int() }).nullable(),
  Attachments: z.array(FileInfo.extend({ Size: z.number().int() })),
  /** For a signer who signed, once every signer has: the signed document; otherwise null. */
  SignedCopy: SignedCopy.nullable(),
});
export type SignerTask = z.infer<typeof SignerTask>;

export const codeLength = 6;
export const codeValidityMinutes = 10;
export const codeMaxAttempts = 5;
/**
 * Over a flow's life a signer may be sent this many codes and enter this many wrong; one
 * more of either locks their link until the sender unlocks it. With six digits, 20 guesses
 * succeed about once in 50,000 links.
 */
export const codeMaxSent = 10;
export const codeMaxFailures = 20;

/** The wait before the next code, growing with each one sent: 30 s, 1, 2, 4 and 8 min, then 15 min. */
export function codeResendWaitSeconds(codesSent: number): number {
  if (codesSent <= 0) return 0;
  return Math.min(30 * 2 ** (codesSent - 1), 15 * 60);
}

/** The answer to asking for a code: where it went, how long it is valid, when the next can go. */
export const CodeSent = z.object({
  SentTo: z.string(),
  ValidForSeconds: z.number().int(),
  NextCodeInSeconds: z.number().int().nonnegative(),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const VerifyCodeRequest = z.object({
  Code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${codeLength}}$`), 'signing.codeFormat'),
});
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>;

export const SignRequest = z.object({
  /** The signer ticked that they have read the document. */
  HaveRead: z.literal(true, { error: 'signing.mustRead' }),
});
export type SignRequest = z.infer<typeof SignRequest>;

/** Signing answers the task, or (Qualified) where to send the browser to authorise the signature. */
export const SignResponse = z.object({
  Task: SignerTask.nullable(),
  RedirectUrl: z.string().nullable(),
});
export type SignResponse = z.infer<typeof SignResponse>;

export const RejectRequest = z.object({
  Comment: z
    .string()
    .trim()
    .min(1, 'signing.commentRequired')
    .max(limits.commentMaxLength, v.maxLength)
    .check(plainText({ multiline: true })),
});
export type RejectRequest = z.infer<typeof RejectRequest>;

/** Error keys of the signer's side; the web app translates them. */
export const signingErrorKeys = {
  linkInvalid: 'signing.errors.linkInvalid',
  notYourTurn: 'signing.errors.notYourTurn',
  alreadyDone: 'signing.errors.alreadyDone',
  flowEnded: 'signing.errors.flowEnded',
  codeWrong: 'signing.errors.codeWrong',
  codeExpired: 'signing.errors.codeExpired',
  codeTriesUsed: 'signing.errors.codeTriesUsed',
  codeWait: 'signing.errors.codeWait',
  linkLocked: 'signing.errors.linkLocked',
  remindedRecently: 'signing.errors.remindedRecently',
  notAuthenticated: 'signing.errors.notAuthenticated',
  identityMismatch: 'signing.errors.identityMismatch',
  identificationFailed: 'signing.errors.identificationFailed',
  wrongLevel: 'signing.errors.wrongLevel',
  signingFailed: 'signing.errors.signingFailed',
  noQualifiedCertificate: 'signing.errors.noQualifiedCertificate',
} as const;
export type SigningErrorKey = (typeof signingErrorKeys)[keyof typeof signingErrorKeys];

export const signingErrorMessages: Record<SigningErrorKey, string> = {
  'signing.errors.linkInvalid': 'This signing link is not valid.',
  'signing.errors.notYourTurn':
    'It is not your turn to sign yet. You will get an e-mail when it is.',
  'signing.errors.alreadyDone': 'You have already signed or rejected this document.',
  'signing.errors.flowEnded': 'This signing request has ended.',
  'signing.errors.codeWrong': 'The code is wrong.',
  'signing.errors.codeExpired': 'The code has expired. Ask for a new code.',
  'signing.errors.codeTriesUsed': 'The code was entered wrong too many times. Ask for a new code.',
  'signing.errors.codeWait': 'A new code can be asked for a little later.',
  'signing.errors.remindedRecently':
    'This signer was reminded less than an hour ago. A new reminder can be sent later.',
  'signing.errors.linkLocked':
    'This signing link is locked because the code was asked for or entered wrong too many times. The sender has been told and can unlock it.',
  'signing.errors.notAuthenticated': 'Identify yourself first.',
  'signing.errors.identityMismatch':
    'The identity you proved does not match the signer this link was sent to.',
  'signing.errors.identificationFailed': 'Identification failed. Try again.',
  'signing.errors.wrongLevel': 'This signing request asks for another way of signing.',
  'signing.errors.signingFailed': 'Signing failed. Try again in a moment.',
  'signing.errors.noQualifiedCertificate':
    'The trust service has no qualified certificate in your name. Contact the sender.',
};

/** One step on a flow's audit trail, as the sender's timeline shows it. */
export const FlowEvent = z.object({
  Id: z.string(),
  Time: IsoDateTime,
  Operation: z.string(),
  /** Who did it: a signer's or user's name and address, or 'system'. */
  Actor: z.string().nullable(),
  Ip: z.string().nullable(),
  UserAgent: z.string().nullable(),
  Details: z.record(z.string(), z.unknown()),
});
export type FlowEvent = z.infer<typeof FlowEvent>;

export const FlowEventsResponse = z.object({
  Events: z.array(FlowEvent),
  /** False when a recorded event was changed or removed after the fact. */
  ChainIntact: z.boolean(),
});
export type FlowEventsResponse = z.infer<typeof FlowEventsResponse>;

/** A message in the dev mailbox (demo profile only). */
export const DevMailMessage = z.object({
  Id: z.string(),
  To: z.string(),
  Subject: z.string(),
  Text: z.string(),
  Html: z.string(),
  SentAt: IsoDateTime,
  /** Links found in the message, for following them in a click. */
  Links: z.array(z.string()),
  /** The files the message carried (names and sizes; the dev mailbox keeps no bytes). */
  Attachments: z.array(z.object({ FileName: z.string(), Size: z.number().int() })),
});
export type DevMailMessage = z.infer<typeof DevMailMessage>;
