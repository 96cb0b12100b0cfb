import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf } from '../../../lib/api-error.ts';
import {
  accountFieldMessageKey,
  accountFormMessageKey,
  fieldMessageParams,
} from '../utils/account-messages.ts';

interface FormParts<F extends FieldValues> {
  formState: { errors: FieldErrors<F> };
  setError: UseFormSetError<F>;
}

/**
 * The messages of an account form: each field's (from the form's own check or the server's
 * answer, which goes back to its field, the first one focused) and the form's, for a failed
 * call that no field explains.
 */
export function useAccountFormMessages<F extends FieldValues>(
  form: FormParts<F>,
  call: { isError: boolean; error: unknown },
  fieldNames: ReadonlyArray<Path<F>>,
) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;

  const errorOf = (name: Path<F>) => {
    const key = errors[name]?.message;
    return key === undefined
      ? undefined
      : t(accountFieldMessageKey(key), fieldMessageParams(name, key));
  };

  const showFieldIssues = (error: unknown) => {
    const issues = fieldIssuesOf(error).filter((issue) =>
      fieldNames.includes(issue.path as Path<F>),
    );
    issues.forEach((issue, index) =>
      form.setError(issue.path as Path<F>, { message: issue.key }, { shouldFocus: index === 0 }),
    );
  };

  const formError =
    call.isError && fieldIssuesOf(call.error).length === 0
      ? t(accountFormMessageKey(call.error))
      : undefined;

  return { errorOf, showFieldIssues, formError };
}
