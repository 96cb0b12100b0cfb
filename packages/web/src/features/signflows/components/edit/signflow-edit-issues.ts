import {
  SignFlowSaveRequest,
  validationKeys,
  type FieldIssue,
  type SignFlowSaveRequest as SaveRequest,
} from '@esign/contract';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../../lib/http.ts';

/** The message key and its parameters, e.g. validation.maxLength with { n: 200 }. */
export type IssueMessage = Pick<FieldIssue, 'key' | 'params'>;

/** zod's issues as the wire's field issues: dotted path, SPEC §5 key, { n } for maximum lengths. */
export function issuesFromZod(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => {
    const maximum = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
    return {
      path: issue.path.map(String).join('.'),
      key: issue.message.startsWith('validation.') ? issue.message : validationKeys.invalidValue,
      ...(maximum !== undefined ? { params: { n: maximum } } : {}),
    };
  });
}

/** Checks a save request with the contract's schema, as the server will. */
export function findSaveProblems(request: SaveRequest): FieldIssue[] {
  const result = SignFlowSaveRequest.safeParse(request);
  return result.success ? [] : issuesFromZod(result.error.issues);
}

/** A field issue as react-hook-form keeps it: the key as message, the parameters as `types`. */
export function toFieldError(issue: FieldIssue): FieldError {
  const params = Object.fromEntries(
    Object.entries(issue.params ?? {}).map(([name, value]) => [name, String(value)]),
  );
  return { type: issue.key, message: issue.key, types: params };
}

export function issueMessageOf(error: FieldError | undefined): IssueMessage | undefined {
  if (error?.message === undefined || error.message === '') return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(error.types ?? {})) {
    if (typeof value === 'string') params[name] = value;
  }
  return { key: error.message, params };
}

export function translateIssue(t: TFunction, issue: IssueMessage): string {
  // The key comes from the contract's validation or error keys, all of which the catalogues hold.
  return t(issue.key as 'validation.invalidValue', issue.params ?? {});
}

/** The field issues of a refused call (400 or 409), or [] when it carried none. */
export function issuesOfError(error: unknown): FieldIssue[] {
  return error instanceof ApiError ? (error.body?.issues ?? []) : [];
}

/** Whether a failed call was the server refusing the input (rather than failing). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 409);
}
