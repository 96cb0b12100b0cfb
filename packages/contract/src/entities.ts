import { z } from 'zod';
import { validationKeys } from './validation.ts';
import {
  RoleType,
  SignatureLevel,
  SignatureProcess,
  SignerStatus,
  SignFlowDetailsStatus,
  SignFlowStatus,
} from './enums.ts';

/** ISO-8601 UTC date-time as sent on the wire. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** A calendar date, YYYY-MM-DD (a flow's deadline: it passes at the end of the date in TIME_ZONE). */
export const IsoDate = z.iso.date(validationKeys.invalidDate);

export const Session = z.object({
  IsAdmin: z.boolean(),
  DisplayName: z.string(),
  OrganizationName: z.string(),
  BIC: z.string(),
  IsAuthenticated: z.boolean(),
  /** Beyond SPEC: the signed-in user's id (null without a session), for what the browser keeps per user. */
  UserId: z.string().nullable(),
});
export type Session = z.infer<typeof Session>;

/** The answer to logging out: where the browser goes next (the provider's logout, or /logout). */
export const LogoutResult = z.object({ Location: z.string() });
export type LogoutResult = z.infer<typeof LogoutResult>;

/** The UI / common config of SPEC §3. */
export const CommonConfig = z.object({
  Languages: z.array(z.string()),
  PublicUrl: z.string(),
  IsFrontpageInfoEditable: z.boolean(),
  GroupManagementEnabled: z.boolean(),
  PersonalSignedFileEnabled: z.boolean(),
  ShowHakaGroupId: z.boolean(),
  /** The largest upload accepted, in MiB (an addition to SPEC §3, so the browser can refuse early). */
  MaxUploadMb: z.number().positive(),
  /**
   * The built-in login is the portal's login (an addition to SPEC §3): its accounts change
   * their passwords and administrators manage them in the app. Absent (older servers): no.
   */
  BuiltInLogin: z.boolean().default(false),
  /** Beyond SPEC §3: the organisation's time zone (TIME_ZONE), in which dates are shown. */
  TimeZone: z.string(),
  /** Beyond SPEC §3: the longest life of a new API token, in days (API_TOKEN_MAX_DAYS). */
  ApiTokenMaxDays: z.number().int().positive().default(365),
  /** Beyond SPEC §3: a new flow's deadline is this many days ahead (SIGNING_DEADLINE_DAYS). */
  SigningDeadlineDays: z.number().int().positive().default(30),
  /** Beyond SPEC §3: a deadline is at most this many days ahead (SIGNING_DEADLINE_MAX_DAYS). */
  SigningDeadlineMaxDays: z.number().int().positive().default(365),
});
export type CommonConfig = z.infer<typeof CommonConfig>;

export const FileInfo = z.object({
  Guid: z.string(),
  FileName: z.string(),
});
export type FileInfo = z.infer<typeof FileInfo>;

export const Signer = z.object({
  Guid: z.string(),
  Name: z.string(),
  Email: z.string(),
  Role: z.string().nullable(),
  Organisation: z.string().nullable(),
  /** Beyond SPEC, for the sender: the identity code the signer must prove, if one was given. */
  PersonalIdentityCode: z.string().nullable(),
  Status: SignerStatus,
  RejectionComment: z.string().nullable(),
  CompletionTimeUtc: IsoDateTime.nullable(),
  /**
   * Beyond SPEC, for the sender: the signer's link is locked after too many e-mail codes
   * asked for or entered wrong, until the sender unlocks it.
   */
  LinkLocked: z.boolean(),
  /** Beyond SPEC, for the sender: the level the signature was made at, once signed. */
  SignatureLevel: z.string().nullable(),
  /** Beyond SPEC, for the sender: when the signer was first mailed their link (null: not yet). */
  InvitedTimeUtc: IsoDateTime.nullable(),
  /** Beyond SPEC, for the sender: the last reminder, automatic or asked for by the sender. */
  RemindedTimeUtc: IsoDateTime.nullable(),
});
export type Signer = z.infer<typeof Signer>;

/** A copy recipient or a viewer of a flow (Beyond SPEC). */
export const Recipient = z.object({
  Guid: z.string(),
  Name: z.string(),
  Email: z.string(),
  /** When they were mailed that the flow was sent (null: not yet, or a draft). */
  NotifiedTimeUtc: IsoDateTime.nullable(),
  /** A viewer: when they first opened the document; always null for a copy recipient. */
  OpenedTimeUtc: IsoDateTime.nullable(),
});
export type Recipient = z.infer<typeof Recipient>;

export const SignFlowSummary = z.object({
  Guid: z.string(),
  Name: z.string(),
  Status: SignFlowStatus,
  CreationDate: IsoDateTime,
});
export type SignFlowSummary = z.infer<typeof SignFlowSummary>;

export const SignFlow = SignFlowSummary.extend({
  SentToSignersDate: IsoDateTime.nullable(),
  Signers: z.array(Signer),
  Note: z.string().nullable(),
  SignFlowDetailsStatus: SignFlowDetailsStatus.nullable(),
  CompletionTimeUtc: IsoDateTime.nullable(),
  LastStatusQueryTimeUtc: IsoDateTime.nullable(),
  SignatureProcess: SignatureProcess.nullable(),
  InspectorEmail: z.string().nullable(),
  MinimumSignatureLevel: SignatureLevel.nullable(),
  Role: z.string().nullable(),
  ReminderIntervalInDays: z.number().int().nonnegative().nullable(),
  CancellationComment: z.string().nullable(),
  /**
   * Beyond SPEC: the date the signers must sign by; the flow expires (ends Cancelled) at the
   * end of it in the portal's time zone. Null only for flows from before deadlines were chosen.
   */
  ExpiryDate: IsoDate.nullable(),
  /** Beyond SPEC: told when the flow is sent, and sent the finished document; never sign. */
  CopyRecipients: z.array(Recipient),
  /** Beyond SPEC: may read the document while the flow is out; never sign. */
  Viewers: z.array(Recipient),
});
export type SignFlow = z.infer<typeof SignFlow>;

export const SignFlowDetail = SignFlow.extend({
  SignFileInfo: FileInfo.nullable(),
  AttachmentInfo: z.array(FileInfo),
  SignedFile: FileInfo.nullable(),
  PersonalSignedFile: FileInfo.nullable(),
  /** The evidence report of a finished flow (also embedded in the signed file). */
  EvidenceReport: FileInfo.nullable(),
});
export type SignFlowDetail = z.infer<typeof SignFlowDetail>;

/** A user group (role). */
export const UserGroup = z.object({
  Id: z.string(),
  Name: z.string(),
  NormalizedName: z.string(),
  ConcurrencyStamp: z.string(),
  RoleType: RoleType,
  HakaGroupId: z.string().nullable(),
});
export type UserGroup = z.infer<typeof UserGroup>;

export const GroupListItem = z.object({
  Id: z.string(),
  Name: z.string(),
  Type: RoleType,
});
export type GroupListItem = z.infer<typeof GroupListItem>;

export const GroupUser = z.object({
  UserId: z.string(),
  Email: z.string(),
  DisplayName: z.string(),
  Title: z.string().nullable(),
  Organisation: z.string().nullable(),
});
export type GroupUser = z.infer<typeof GroupUser>;

export const GroupUsers = z.object({
  GroupUsers: z.array(GroupUser),
  HakaGroupId: z.string().nullable(),
});
export type GroupUsers = z.infer<typeof GroupUsers>;

export const GroupUpdatePayload = z.object({
  GroupId: z.string(),
  Users: z.array(z.string()),
  HakaGroupId: z.string().nullable(),
});
export type GroupUpdatePayload = z.infer<typeof GroupUpdatePayload>;

export const UserListItem = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const ReportRow = z.object({
  Operation: z.string(),
  Count: z.number().int().nonnegative(),
  Month: z.string(),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const CancelPayload = z.object({
  Comment: z.string(),
});
export type CancelPayload = z.infer<typeof CancelPayload>;
