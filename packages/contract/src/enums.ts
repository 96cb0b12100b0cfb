import { z } from 'zod';

/** Sign flow status (SPEC §4). */
export const SignFlowStatus = z.enum([
  'Draft',
  'Sent',
  'Finished',
  'Rejected',
  'Cancelled',
  'Error',
]);
export type SignFlowStatus = z.infer<typeof SignFlowStatus>;

/** Sign flow details status (SPEC §4); Started is shown as Sent. */
export const SignFlowDetailsStatus = z.enum([
  'Started',
  'Cancelled',
  'Finished',
  'RejectedBySigner',
  'Failed',
]);
export type SignFlowDetailsStatus = z.infer<typeof SignFlowDetailsStatus>;

/** The details status follows from the status alone; a draft has none. */
const detailsOfStatus: Record<SignFlowStatus, SignFlowDetailsStatus | null> = {
  Draft: null,
  Sent: 'Started',
  Finished: 'Finished',
  Rejected: 'RejectedBySigner',
  Cancelled: 'Cancelled',
  Error: 'Failed',
};
export function signFlowDetailsStatusOf(status: SignFlowStatus): SignFlowDetailsStatus | null {
  return detailsOfStatus[status];
}

export const SignerStatus = z.enum(['Unsigned', 'Signed', 'Rejected']);
export type SignerStatus = z.infer<typeof SignerStatus>;

/** Sign order; Concurrent is shown as parallel. */
export const SignatureProcess = z.enum(['Concurrent', 'Sequential']);
export type SignatureProcess = z.infer<typeof SignatureProcess>;

export const RoleType = z.enum(['System', 'CreatedByUser', 'Signer']);
export type RoleType = z.infer<typeof RoleType>;

/** eIDAS simple, advanced and qualified signatures (SPEC §9). */
export const SignatureLevel = z.enum(['Low', 'Advanced', 'Qualified']);
export type SignatureLevel = z.infer<typeof SignatureLevel>;

/** Kinds of identifier a personal-data query may use (SPEC §3). */
export const PersonalIdentifierKind = z.enum([
  'FinnishSocialSecurityNumber',
  'Email',
  'FinnishElectronicId',
]);
export type PersonalIdentifierKind = z.infer<typeof PersonalIdentifierKind>;

/** Report operation labels exactly as SPEC §3 spells them. */
export const ReportOperation = z.enum([
  'Sign',
  'RejectSignature',
  'User Login Success',
  'User Logout Success',
]);
export type ReportOperation = z.infer<typeof ReportOperation>;
