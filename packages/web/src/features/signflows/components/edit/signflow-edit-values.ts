import {
  languageOf,
  limits,
  type Language,
  type SignatureLevel,
  type SignatureProcess,
  type Signer,
  type SignFlowDetailResponse,
  type SignFlowSaveRequest,
} from '@esign/contract';

/** One signer row as the form holds it; empty strings stand for 'not given'. */
export interface SignerFormValues {
  Guid: string;
  Name: string;
  Email: string;
  Organisation: string;
  PersonalIdentityCode: string;
  /** The template role the signer fills (none for most), shown as the row's label and kept. */
  Role?: string;
}

/** The edit form's values: the save request's fields, with select and text values as strings. */
export interface SignFlowFormValues {
  Name: string;
  Note: string;
  SignatureProcess: string;
  MinimumSignatureLevel: string;
  Role: string;
  InspectorEmail: string;
  ReminderIntervalInDays: string;
  Language: string;
  /** The last day to sign, YYYY-MM-DD (or the text typed, so that the schema can refuse it). */
  ExpiryDate: string;
  Signers: SignerFormValues[];
}

/** Where the form's values are saved to: an existing draft, or a new one (maybe a copy). */
export interface SaveTarget {
  guid?: string;
  copyFromGuid?: string;
}

/** The reminder intervals offered, in days; '' (no reminders) is offered beside them. */
export const reminderIntervalChoices = [1, 2, 3, 5, 7, 14] as const;

export const emptySigner = (): SignerFormValues => ({
  Guid: '',
  Name: '',
  Email: '',
  Organisation: '',
  PersonalIdentityCode: '',
});

/** The language of the signers' messages a new draft starts with: the user's, if the catalogues hold it. */
export function messageLanguageFor(uiLanguage: string): Language {
  return languageOf(uiLanguage);
}

/** A new draft: parallel signing, no signers yet, the deadline the portal offers. */
export function newFormValues(uiLanguage: string, expiryDate: string): SignFlowFormValues {
  return {
    Name: '',
    Note: '',
    SignatureProcess: 'Concurrent',
    MinimumSignatureLevel: '',
    Role: '',
    InspectorEmail: '',
    ReminderIntervalInDays: '',
    Language: messageLanguageFor(uiLanguage),
    ExpiryDate: expiryDate,
    Signers: [],
  };
}

function signerFormValues(signer: Signer, keepGuid: boolean): SignerFormValues {
  return {
    Guid: keepGuid ? signer.Guid : '',
    Name: signer.Name,
    Email: signer.Email,
    Organisation: signer.Organisation ?? '',
    PersonalIdentityCode: signer.PersonalIdentityCode ?? '',
    ...(signer.Role ? { Role: signer.Role } : {}),
  };
}

/**
 * A copy's name, "Copy of …" in the user's language (`named` puts the name in its sentence),
 * cut to the longest name allowed.
 */
export function copyName(name: string, named: (name: string) => string): string {
  const full = named(name);
  const over = full.length - limits.signFlowNameMaxLength;
  return over <= 0 ? full : named(`${name.slice(0, Math.max(0, name.length - over - 1))}…`);
}

/**
 * The form's values for a loaded flow. A copy keeps everything the sender wrote but not the
 * signers' identities and statuses: its signers are new, and its name says it is a copy. A
 * copy, and a draft from before deadlines were chosen, get the deadline the portal offers.
 */
export function formValuesFromDetail(
  detail: SignFlowDetailResponse,
  mode: 'edit' | 'copy',
  uiLanguage: string,
  offeredExpiryDate: string,
  copyNamed: (name: string) => string = (name) => name,
): SignFlowFormValues {
  return {
    Name: mode === 'copy' ? copyName(detail.Name, copyNamed) : detail.Name,
    Note: detail.Note ?? '',
    SignatureProcess: detail.SignatureProcess ?? '',
    MinimumSignatureLevel: detail.MinimumSignatureLevel ?? '',
    Role: detail.Role ?? '',
    InspectorEmail: detail.InspectorEmail ?? '',
    ReminderIntervalInDays:
      detail.ReminderIntervalInDays === null ? '' : String(detail.ReminderIntervalInDays),
    Language: detail.Language ?? messageLanguageFor(uiLanguage),
    ExpiryDate: mode === 'edit' ? (detail.ExpiryDate ?? offeredExpiryDate) : offeredExpiryDate,
    Signers: detail.Signers.map((signer) => signerFormValues(signer, mode === 'edit')),
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);
/** A select's value; the schema, not this cast, decides whether it is one of the allowed ones. */
const choiceOrNull = <Choice extends string>(value: string) =>
  value === '' ? null : (value as Choice);

/** The POST SignFlows body for the form's values; the contract's schema judges it. */
export function toSaveRequest(values: SignFlowFormValues, target: SaveTarget): SignFlowSaveRequest {
  const reminder = values.ReminderIntervalInDays.trim();
  return {
    ...(target.guid !== undefined ? { Guid: target.guid } : {}),
    ...(target.guid === undefined && target.copyFromGuid !== undefined
      ? { CopyFromGuid: target.copyFromGuid }
      : {}),
    Name: values.Name,
    Note: textOrNull(values.Note),
    SignatureProcess: choiceOrNull<SignatureProcess>(values.SignatureProcess),
    MinimumSignatureLevel: choiceOrNull<SignatureLevel>(values.MinimumSignatureLevel),
    Role: textOrNull(values.Role),
    InspectorEmail: textOrNull(values.InspectorEmail),
    ReminderIntervalInDays: reminder === '' ? null : Number(reminder),
    Language: choiceOrNull<Language>(values.Language),
    ExpiryDate: textOrNull(values.ExpiryDate.trim()),
    Signers: values.Signers.map((signer) => ({
      ...(signer.Guid !== '' ? { Guid: signer.Guid } : {}),
      Name: signer.Name,
      Email: signer.Email,
      Organisation: textOrNull(signer.Organisation),
      PersonalIdentityCode: textOrNull(signer.PersonalIdentityCode),
      ...(signer.Role ? { Role: signer.Role } : {}),
    })),
  };
}

/** After a save the server has given new signers their ids; the form keeps them for the next save. */
export function withSavedSignerGuids(
  values: SignFlowFormValues,
  saved: readonly Pick<Signer, 'Guid'>[],
): SignFlowFormValues {
  if (saved.length !== values.Signers.length) return values;
  return {
    ...values,
    Signers: values.Signers.map((signer, index) => ({
      ...signer,
      Guid: saved[index]?.Guid ?? signer.Guid,
    })),
  };
}
