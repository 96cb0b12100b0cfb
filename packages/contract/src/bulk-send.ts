import { z } from 'zod';
import { IsoDateTime } from './entities.ts';
import type { Language } from './languages.ts';
import { RecordId } from './plain-text.ts';

/**
 * Bulk send (issue 18): a CSV of one row per flow, checked against a template's roles, then
 * sent as a batch of flows by jobs.
 */
export const bulkPaths = {
  templateBulk: (templateId: string) =>
    `/api/esign/Templates/${encodeURIComponent(templateId)}/bulk`,
  batch: (batchId: string) => `/api/esign/Batches/${encodeURIComponent(batchId)}`,
  batchSend: (batchId: string) => `/api/esign/Batches/${encodeURIComponent(batchId)}/send`,
  batchCancel: (batchId: string) => `/api/esign/Batches/${encodeURIComponent(batchId)}/cancel`,
} as const;
export const bulkRoutes = {
  templateBulk: '/api/esign/Templates/:templateId/bulk',
  batch: '/api/esign/Batches/:id',
  batchSend: '/api/esign/Batches/:id/send',
  batchCancel: '/api/esign/Batches/:id/cancel',
} as const;

export const bulkLimits = {
  /** BULK_SEND_MAX_ROWS unless configured. */
  defaultMaxRows: 1000,
  /** A CSV of 1000 rows of a few roles is some 200 kB; this leaves room and no more. */
  maxCsvBytes: 2 * 1024 * 1024,
} as const;

/** What a column holds: a role's person's name, e-mail or identity code, or the flow's own. */
export type BulkPersonField = 'name' | 'email' | 'identityCode';
export type BulkFlowField = 'flowName' | 'note';

/** The words of the CSV headers in each language; any of them is accepted when reading. */
export const bulkColumnWords: Record<
  Language,
  Record<BulkPersonField, string> & Record<BulkFlowField, string>
> = {
  fi: {
    name: 'nimi',
    email: 'sähköpostiosoite',
    identityCode: 'henkilötunnus',
    flowName: 'Allekirjoituspyynnön nimi',
    note: 'Viesti',
  },
  en: {
    name: 'name',
    email: 'e-mail address',
    identityCode: 'personal identity code',
    flowName: 'Signing request name',
    note: 'Note',
  },
  sv: {
    name: 'namn',
    email: 'e-postadress',
    identityCode: 'personbeteckning',
    flowName: 'Signeringsbegärans namn',
    note: 'Meddelande',
  },
};

/** A role's column header: "Työntekijä: nimi", "Employee: e-mail address". */
export const bulkPersonHeader = (role: string, field: BulkPersonField, language: Language) =>
  `${role}: ${bulkColumnWords[language][field]}`;

/** The headers of a template's CSV in one language: each role's three, then name and note. */
export function bulkCsvHeaders(roles: readonly string[], language: Language): string[] {
  const fields: BulkPersonField[] = ['name', 'email', 'identityCode'];
  return [
    ...roles.flatMap((role) => fields.map((field) => bulkPersonHeader(role, field, language))),
    bulkColumnWords[language].flowName,
    bulkColumnWords[language].note,
  ];
}

/** Message keys of bulk send, translated under bulk.errors in every catalogue. */
export const bulkErrorKeys = {
  /** The file has a header but no rows. */
  noRows: 'bulk.errors.noRows',
  /** More rows than BULK_SEND_MAX_ROWS (params: max). */
  tooManyRows: 'bulk.errors.tooManyRows',
  /** A role's name or e-mail column is missing (params: column). */
  missingColumn: 'bulk.errors.missingColumn',
  /** A header the template does not know (params: column). */
  unknownColumn: 'bulk.errors.unknownColumn',
  /** The same header twice (params: column). */
  duplicateColumn: 'bulk.errors.duplicateColumn',
  /** Not UTF-8 text, or not CSV that can be read (params: line when known). */
  unreadable: 'bulk.errors.unreadable',
  /** A row with more or fewer fields than the header. */
  wrongFieldCount: 'bulk.errors.wrongFieldCount',
  /** Send asked for a batch whose file had problems. */
  hasProblems: 'bulk.errors.hasProblems',
  /** Send asked for a batch already sent or cancelled. */
  notWaiting: 'bulk.errors.notWaiting',
  /** Cancel asked for a batch that is not sending (all sent, or cancelled already). */
  notSending: 'bulk.errors.notSending',
} as const;
export type BulkErrorKey = (typeof bulkErrorKeys)[keyof typeof bulkErrorKeys];

export const bulkErrorMessages: Record<BulkErrorKey, string> = {
  'bulk.errors.noRows': 'The file has no rows.',
  'bulk.errors.tooManyRows': 'A batch can have at most {max} rows.',
  'bulk.errors.missingColumn': 'The column "{column}" is missing.',
  'bulk.errors.unknownColumn': 'The template has no column "{column}".',
  'bulk.errors.duplicateColumn': 'The column "{column}" is there twice.',
  'bulk.errors.unreadable': 'The file is not a UTF-8 CSV file that can be read.',
  'bulk.errors.wrongFieldCount': 'The row has a different number of fields than the header.',
  'bulk.errors.hasProblems': 'The file had problems: fix them and upload it again.',
  'bulk.errors.notWaiting': 'The batch has already been sent or cancelled.',
  'bulk.errors.notSending': 'The batch is not being sent any more.',
};

/** English texts the API sends beside the keys (the web app shows its own translation). */
export const bulkMessages: Record<string, string> = {
  ...bulkErrorMessages,
  'validation.maxLength': 'maximum length {n} characters',
  'validation.invalidSignerEmail': 'invalid signer email',
  'validation.signerEmailRequired': 'signer email is mandatory',
  'validation.required': 'this field is mandatory',
  'validation.invalidPersonalIdentityCode': 'invalid personal identity code',
  'validation.controlCharacter': 'the text has a control character',
  'validation.invalidValue': 'invalid value',
};

/** The English text of a key with its parameters filled in. */
export function bulkMessageOf(key: string, params: Record<string, string | number> = {}) {
  const text = bulkMessages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** GET Templates/{id}/bulk: what the bulk page needs of a template (its CSV's columns). */
export const BulkTemplateInfo = z.object({
  TemplateId: z.string(),
  Name: z.string(),
  /** The roles a CSV fills (those without a fixed person), in order. */
  Roles: z.array(z.string()),
  /** BULK_SEND_MAX_ROWS: the most rows a file may have. */
  MaxRows: z.number().int().min(1),
});
export type BulkTemplateInfo = z.infer<typeof BulkTemplateInfo>;

/** One problem of the file, by row and column. */
export const BulkProblem = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1; 0 for the file as a whole. */
  Row: z.number().int().nonnegative(),
  /** The column's header as the file has it; null for the whole row or file. */
  Column: z.string().nullable(),
  Key: z.string(),
  Params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  Message: z.string(),
});
export type BulkProblem = z.infer<typeof BulkProblem>;

/** POST Templates/{id}/bulk: the batch made of the file, and its problems (none: ready to send). */
export const BulkCheckResult = z.object({
  BatchId: z.string(),
  Rows: z.number().int().nonnegative(),
  Problems: z.array(BulkProblem),
});
export type BulkCheckResult = z.infer<typeof BulkCheckResult>;

/** checked: waits for send; invalid: had problems; sending; done; cancelled. */
export const BulkBatchStatus = z.enum(['checked', 'invalid', 'sending', 'done', 'cancelled']);
export type BulkBatchStatus = z.infer<typeof BulkBatchStatus>;

export const BulkFailedRow = z.object({
  /** The row as a spreadsheet numbers it (the header is row 1). */
  Row: z.number().int().min(2),
  /** Why its flow was not sent: a message key (bulk.failures.*) or the service's message. */
  Reason: z.string(),
});
export type BulkFailedRow = z.infer<typeof BulkFailedRow>;

/** GET Batches/{id}: the batch's progress. */
export const BulkBatch = z.object({
  Id: z.string(),
  TemplateId: z.string(),
  Status: BulkBatchStatus,
  Total: z.number().int().nonnegative(),
  Queued: z.number().int().nonnegative(),
  Sent: z.number().int().nonnegative(),
  Failed: z.array(BulkFailedRow),
  Cancelled: z.number().int().nonnegative(),
  CreatedAt: IsoDateTime,
});
export type BulkBatch = z.infer<typeof BulkBatch>;

export const BatchIdParams = z.object({ id: RecordId });

/** Failure reasons a row can get, translated under bulk.failures. */
export const bulkFailureKeys = {
  /** The node stopped while this row's flow was being made; it was not made again. */
  interrupted: 'bulk.failures.interrupted',
  /** The template was removed or is no longer the owner's to use. */
  templateGone: 'bulk.failures.templateGone',
  /** Making or sending the flow failed. */
  sendFailed: 'bulk.failures.sendFailed',
} as const;
