/** Validation limits of SPEC §5 and §9; SPEC leaves the bounds open, these are ours. */
export const limits = {
  maxAttachments: 50,
  signFlowNameMaxLength: 200,
  noteMaxLength: 2000,
  fileNameMaxLength: 200,
  commentMaxLength: 1000,
  signerNameMaxLength: 200,
  emailMaxLength: 254,
  frontpageInfoMaxLength: 5000,
  groupNameMaxLength: 100,
  maxSigners: 100,
  /** Copy recipients, and viewers, each at most this many per flow. */
  maxRecipients: 20,
  /** DDMMYYCZZZQ: eleven characters. */
  personalIdentityCodeLength: 11,
} as const;

/** Message keys for SPEC §5, each with its translation in every catalogue. */
export const validationKeys = {
  maxLength: 'validation.maxLength',
  fileAlreadyAdded: 'validation.fileAlreadyAdded',
  invalidFileFormat: 'validation.invalidFileFormat',
  fileNameTooLong: 'validation.fileNameTooLong',
  noFileToSign: 'validation.noFileToSign',
  signerRequired: 'validation.signerRequired',
  signatureProcessRequired: 'validation.signatureProcessRequired',
  tooManyAttachments: 'validation.tooManyAttachments',
  invalidSignerEmail: 'validation.invalidSignerEmail',
  signerEmailRequired: 'validation.signerEmailRequired',
  nameRequired: 'validation.nameRequired',
  signatureLevelRequired: 'validation.signatureLevelRequired',
  signatureLevelNotAllowed: 'validation.signatureLevelNotAllowed',
  required: 'validation.required',
  invalidValue: 'validation.invalidValue',
  encryptedPdf: 'validation.encryptedPdf',
  fileTooLarge: 'validation.fileTooLarge',
  notEditable: 'validation.notEditable',
  changedMeanwhile: 'validation.changedMeanwhile',
  unknownGroup: 'validation.unknownGroup',
  invalidPersonalIdentityCode: 'validation.invalidPersonalIdentityCode',
  invalidEmail: 'validation.invalidEmail',
  invalidSatu: 'validation.invalidSatu',
  tooManySigners: 'validation.tooManySigners',
  /** A copy recipient or viewer without an e-mail address. */
  recipientEmailRequired: 'validation.recipientEmailRequired',
  invalidRecipientEmail: 'validation.invalidRecipientEmail',
  /** More than limits.maxRecipients copy recipients (or viewers); param n. */
  tooManyRecipients: 'validation.tooManyRecipients',
  /** A file to sign with scripts, actions that run by themselves, embedded files or XFA. */
  pdfActiveContent: 'validation.pdfActiveContent',
  controlCharacter: 'validation.controlCharacter',
  /** Not a calendar date (YYYY-MM-DD). */
  invalidDate: 'validation.invalidDate',
  /** A deadline before today (in the portal's time zone). */
  expiryDatePast: 'validation.expiryDatePast',
  /** A deadline further ahead than SIGNING_DEADLINE_MAX_DAYS (param n: the days). */
  expiryDateTooLate: 'validation.expiryDateTooLate',
  /** An extension that is not later than the flow's deadline now. */
  expiryDateNotLater: 'validation.expiryDateNotLater',
} as const;
export type ValidationKey = (typeof validationKeys)[keyof typeof validationKeys];

/** Pseudo-locale that shows the message keys. */
export const keysPseudoLanguage = 'xx';
/** The names the language switcher shows (SPEC §2). */
export const languageNames: Record<string, string> = {
  en: 'English',
  fi: 'Suomi',
  sv: 'Svenska',
  xx: 'UI',
};

/** SPEC §9 timing constants of the shared UI. */
export const uiTiming = {
  toastAutoHideMs: 5000,
  toastMinimumMs: 1000,
  popoverDelayMs: 50,
} as const;
