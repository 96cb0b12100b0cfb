import { z } from 'zod';
import { ReportRow } from './entities.ts';
import type { ReportOperation } from './enums.ts';
import { validationKeys as v } from './validation.ts';

/** The two reports of SPEC §7 and the audit operations each counts, in SPEC §3's order. */
export const reportOperations = {
  signings: ['Sign', 'RejectSignature'],
  authentications: ['User Login Success', 'User Logout Success'],
} as const satisfies Record<string, readonly ReportOperation[]>;
export type ReportKind = keyof typeof reportOperations;

/** The longest range one report covers; it bounds the work of one request. */
export const reportMaxYears = 10;
/** The earliest and latest dates a report accepts (calendar dates, not instants). */
export const reportDateBounds = { min: '1970-01-01', max: '9998-12-31' } as const;

const ReportDate = z.iso
  .date({ error: (issue) => (issue.input === undefined ? v.required : v.invalidValue) })
  .refine((date) => date >= reportDateBounds.min && date <= reportDateBounds.max, v.invalidValue);

/** Whole days from `end` back to `start`, inclusive, fit in the longest range. */
function isWithinMaxRange(start: string, end: string): boolean {
  const [year = '', ...rest] = start.split('-');
  const limitYear = Number(year) + reportMaxYears;
  return limitYear > 9999 || end < [limitYear, ...rest].join('-');
}

/**
 * `?start&end` of both reports: ISO calendar dates (YYYY-MM-DD), both included, read as
 * whole days in the organisation's time zone; start <= end, at most ten years.
 */
export const ReportQuery = z
  .object({ start: ReportDate, end: ReportDate })
  .refine((query) => query.start <= query.end, { path: ['end'], message: v.invalidValue })
  .refine((query) => isWithinMaxRange(query.start, query.end), {
    path: ['end'],
    message: v.invalidValue,
  });
export type ReportQuery = z.infer<typeof ReportQuery>;

/** A report's answer: one row per month and operation that has events, oldest month first. */
export const ReportRows = z.array(ReportRow);
export type ReportRows = z.infer<typeof ReportRows>;
