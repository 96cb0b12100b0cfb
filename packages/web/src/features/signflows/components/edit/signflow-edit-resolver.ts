import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { findSaveProblems, toFieldError } from './signflow-edit-issues.ts';
import { toSaveRequest, type SignFlowFormValues } from './signflow-edit-values.ts';

/** Validates the form with the contract's SignFlowSaveRequest schema, exactly as the server does. */
export const signFlowFormResolver: Resolver<SignFlowFormValues> = (values, _context, options) => {
  const issues = findSaveProblems(toSaveRequest(values, {}));
  if (issues.length === 0) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  // The first problem of a field is the one shown.
  for (const issue of issues) errors[issue.path] ??= toFieldError(issue);
  return { values: {}, errors: toNestErrors(errors, options) };
};
