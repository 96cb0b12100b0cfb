import { SignatureLevel } from '@esign/contract';
import { z } from 'zod';

/** Links in mail go to the portal: http(s) only, never javascript: or data:. */
const Link = z.url({ protocol: /^https?$/ });

const InvitationParams = z.object({
  organisation: z.string(),
  senderName: z.string(),
  flowName: z.string(),
  note: z.string().nullable(),
  /** ISO date-time; shown as a date in Finnish time. */
  deadline: z.iso.datetime({ offset: true }).nullable(),
  link: Link,
  level: SignatureLevel,
});

/** What each mail template needs; the mail job parses its payload with these. */
export const mailParamSchemas = {
  invitation: InvitationParams,
  reminder: InvitationParams,
  code: z.object({
    flowName: z.string(),
    code: z.string(),
    validMinutes: z.number().int().positive(),
  }),
  /** The sender's copy has a link to the flow; the signers' have none. */
  rejected: z.object({
    flowName: z.string(),
    signerName: z.string(),
    comment: z.string(),
    link: Link.nullable(),
  }),
  /** To the sender: a signer's link locked after too many e-mail codes. */
  linkLocked: z.object({
    flowName: z.string(),
    signerName: z.string(),
    signerEmail: z.string(),
    link: Link,
  }),
  /** To the signer: the sender unlocked their link. */
  linkUnlocked: z.object({ flowName: z.string(), senderName: z.string(), link: Link }),
  cancelled: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    comment: z.string().nullable(),
  }),
  /** verifyLink: the public verification page (absent in messages queued before it existed). */
  finished: z.object({ flowName: z.string(), link: Link, verifyLink: Link.optional() }),
  /** To each signer of a finished flow: their link to the signed document, maybe the file too. */
  signedCopy: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    link: Link,
    /** ISO date-time until which the link works; shown as a date in Finnish time. */
    validUntil: z.iso.datetime({ offset: true }),
    /** The signed document is attached to the message. */
    attached: z.boolean(),
    verifyLink: Link.optional(),
  }),
  inspector: z.object({
    flowName: z.string(),
    organisation: z.string(),
    senderName: z.string(),
    link: Link,
    verifyLink: Link.optional(),
  }),
  failed: z.object({ flowName: z.string(), reason: z.string(), link: Link }),
  /** To a signer who has not signed yet: the sender moved the deadline later. */
  deadlineExtended: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    /** The new last day to sign (YYYY-MM-DD, the portal's calendar date). */
    expiryDate: z.iso.date(),
    link: Link,
  }),
  /** To a viewer whose link still works: the sender moved the deadline, so the link lasts longer. */
  viewerDeadlineExtended: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    /** The new last day to sign (YYYY-MM-DD), the last day the link can work. */
    expiryDate: z.iso.date(),
    link: Link,
  }),
  /** To a signer: the deadline passed before everyone signed. */
  expired: z.object({ flowName: z.string(), senderName: z.string(), organisation: z.string() }),
  /** To the sender: the same, with how far it got. */
  expiredSender: z.object({
    flowName: z.string(),
    signed: z.number().int().nonnegative(),
    total: z.number().int().positive(),
    link: Link,
  }),
  /** To a copy recipient when the flow is sent: they are told, and will get the result. */
  copySent: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    note: z.string().nullable(),
    /** ISO date-time of the signers' deadline. */
    deadline: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** To a viewer when the flow is sent: their link to read the document while it is out. */
  viewerInvitation: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    note: z.string().nullable(),
    deadline: z.iso.datetime({ offset: true }).nullable(),
    link: Link,
  }),
  /** To a copy recipient of a finished flow: links to the signed document and the evidence report. */
  copyFinished: z.object({
    flowName: z.string(),
    senderName: z.string(),
    organisation: z.string(),
    link: Link,
    evidenceLink: Link.nullable(),
    validUntil: z.iso.datetime({ offset: true }),
    /** The signed document (and the evidence report, when it fits too) is attached. */
    attached: z.boolean(),
    verifyLink: Link.optional(),
  }),
  /** To an endpoint's owner: the portal turned it off after three days of failed deliveries. */
  webhookDisabled: z.object({
    url: z.string(),
    failingSince: z.iso.datetime({ offset: true }),
    link: Link,
  }),
} as const;

/** The host of an address a mail names (a webhook's), for a subject line. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 100);
  }
}

export type MailTemplate = keyof typeof mailParamSchemas;
export type MailParams = { [T in MailTemplate]: z.infer<(typeof mailParamSchemas)[T]> };
