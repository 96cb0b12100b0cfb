import {
  bulkColumnWords,
  bulkErrorKeys,
  bulkMessageOf,
  bulkPersonHeader,
  languages,
  limits,
  plainText,
  SignerInput,
  validationKeys,
  type BulkPersonField,
  type BulkProblem,
} from '@esign/contract';
import { z } from 'zod';
import type { ParsedCsv } from './bulk-csv.ts';

/** One person of a row, for one of the template's open roles, in the template's order. */
export interface BulkPerson {
  Role: string;
  Name: string;
  Email: string;
  PersonalIdentityCode: string | null;
}

/** One checked row: the flow it becomes. */
export interface BulkRow {
  row: number;
  people: BulkPerson[];
  flowName: string | null;
  note: string | null;
}

type Column =
  | { kind: 'person'; role: number; field: BulkPersonField }
  | { kind: 'flowName' }
  | { kind: 'note' };

const normalise = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('fi');

const personFields: BulkPersonField[] = ['name', 'email', 'identityCode'];

/** What a header names, in any of the catalogue languages; null for a header of nothing. */
function columnOf(header: string, roles: readonly string[]): Column | null {
  const wanted = normalise(header);
  for (const language of languages) {
    const words = bulkColumnWords[language];
    if (wanted === normalise(words.flowName)) return { kind: 'flowName' };
    if (wanted === normalise(words.note)) return { kind: 'note' };
  }
  for (const [role, roleName] of roles.entries())
    for (const language of languages)
      for (const field of personFields)
        if (wanted === normalise(bulkPersonHeader(roleName, field, language)))
          return { kind: 'person', role, field };
  return null;
}

const problem = (
  row: number,
  column: string | null,
  key: string,
  params?: Record<string, string | number>,
): BulkProblem => ({
  Row: row,
  Column: column,
  Key: key,
  ...(params ? { Params: params } : {}),
  Message: bulkMessageOf(key, params),
});

const Name = z
  .string()
  .trim()
  .min(1, validationKeys.required)
  .max(limits.signerNameMaxLength, validationKeys.maxLength)
  .check(plainText());
const FlowName = z
  .string()
  .trim()
  .max(limits.signFlowNameMaxLength, validationKeys.maxLength)
  .check(plainText());
const Note = z
  .string()
  .max(limits.noteMaxLength, validationKeys.maxLength)
  .check(plainText({ multiline: true }));

/** The key and params of a field's first issue, as the API's validation answers give them. */
function issueOf(error: z.ZodError): { key: string; params?: Record<string, number> } {
  const [first] = error.issues;
  if (!first) return { key: validationKeys.invalidValue };
  const key = first.message.startsWith('validation.') ? first.message : validationKeys.invalidValue;
  if (first.code === 'too_big') return { key, params: { n: Number(first.maximum) } };
  return { key };
}

/**
 * Maps the headers to the template's open roles (and the flow's name and note) and checks
 * every row with the sign-flow rules; answers the rows and the problems, each by row and
 * column. Rows are only good to send when there are no problems at all.
 */
export function checkRows(
  csv: ParsedCsv,
  roles: readonly string[],
  maxRows: number,
): { rows: BulkRow[]; problems: BulkProblem[] } {
  const problems: BulkProblem[] = [];
  const columns = csv.headers.map((header) => columnOf(header, roles));
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    const header = csv.headers[index] ?? '';
    if (!column) {
      if (header !== '')
        problems.push(problem(1, header, bulkErrorKeys.unknownColumn, { column: header }));
      return;
    }
    const id = column.kind === 'person' ? `${column.role}:${column.field}` : column.kind;
    if (seen.has(id))
      problems.push(problem(1, header, bulkErrorKeys.duplicateColumn, { column: header }));
    seen.add(id);
  });
  roles.forEach((role, index) => {
    for (const field of ['name', 'email'] as const)
      if (!seen.has(`${index}:${field}`)) {
        const column = bulkPersonHeader(role, field, 'fi');
        problems.push(problem(1, null, bulkErrorKeys.missingColumn, { column }));
      }
  });
  if (csv.rows.length === 0) problems.push(problem(0, null, bulkErrorKeys.noRows));
  if (csv.rows.length > maxRows)
    problems.push(problem(0, null, bulkErrorKeys.tooManyRows, { max: maxRows }));
  if (problems.length > 0) return { rows: [], problems };

  const rows = csv.rows.map(({ row, fields }) => {
    if (fields.length !== csv.headers.length)
      problems.push(problem(row, null, bulkErrorKeys.wrongFieldCount));
    const people = roles.map((role) => ({
      Role: role,
      Name: '',
      Email: '',
      PersonalIdentityCode: null as string | null,
    }));
    let flowName: string | null = null;
    let note: string | null = null;
    const read = <T>(schema: z.ZodType<T>, value: string, header: string): T | undefined => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      const { key, params } = issueOf(result.error);
      problems.push(problem(row, header, key, params));
      return undefined;
    };
    columns.forEach((column, index) => {
      const value = fields[index] ?? '';
      const header = csv.headers[index] ?? '';
      if (!column) return;
      if (column.kind === 'flowName') flowName = read(FlowName, value, header) || null;
      else if (column.kind === 'note')
        note = value.trim() === '' ? null : (read(Note, value, header) ?? null);
      else {
        const person = people[column.role];
        if (!person) return;
        if (column.field === 'name') person.Name = read(Name, value, header) ?? '';
        if (column.field === 'email')
          person.Email = read(SignerInput.shape.Email, value, header) ?? '';
        if (column.field === 'identityCode')
          person.PersonalIdentityCode =
            read(SignerInput.shape.PersonalIdentityCode, value, header) ?? null;
      }
    });
    return { row, people, flowName, note };
  });
  return { rows: problems.length > 0 ? [] : rows, problems };
}
