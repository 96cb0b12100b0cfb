import { limits, validationKeys } from '@esign/contract';
import type { FieldError, FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/http.ts';
import {
  findSaveProblems,
  issueMessageOf,
  issuesOfError,
  toFieldError,
} from './signflow-edit-issues.ts';
import { signFlowFormResolver } from './signflow-edit-resolver.ts';
import { newFormValues, toSaveRequest, type SignFlowFormValues } from './signflow-edit-values.ts';

const options: ResolverOptions<SignFlowFormValues> = {
  fields: {},
  shouldUseNativeValidation: false,
};

async function errorsOf(values: SignFlowFormValues): Promise<FieldErrors<SignFlowFormValues>> {
  return (await signFlowFormResolver(values, undefined, options)).errors;
}

const filled = (): SignFlowFormValues => ({
  ...newFormValues('fi', '2026-12-28'),
  Name: 'Contract',
  Signers: [
    {
      Guid: '',
      Name: 'Maija',
      Email: 'maija@example.com',
      Organisation: '',
      PersonalIdentityCode: '',
    },
  ],
});

describe('the form’s validation with the contract’s schema', () => {
  it('accepts a draft with a name and valid signers', async () => {
    expect(await errorsOf(filled())).toEqual({});
  });

  it('says the name is mandatory', async () => {
    const errors = await errorsOf({ ...filled(), Name: '   ' });
    expect(issueMessageOf(errors.Name)).toEqual({ key: validationKeys.nameRequired, params: {} });
  });

  it('gives the maximum length from the schema with the message', async () => {
    const errors = await errorsOf({
      ...filled(),
      Name: 'x'.repeat(limits.signFlowNameMaxLength + 1),
    });
    expect(issueMessageOf(errors.Name)).toEqual({
      key: validationKeys.maxLength,
      params: { n: String(limits.signFlowNameMaxLength) },
    });
    const note = await errorsOf({ ...filled(), Note: 'x'.repeat(limits.noteMaxLength + 1) });
    expect(issueMessageOf(note.Note)?.params).toEqual({ n: String(limits.noteMaxLength) });
  });

  it('puts a signer’s e-mail problems under that signer’s row', async () => {
    const values = filled();
    const missing = await errorsOf({
      ...values,
      Signers: [
        ...values.Signers,
        { Guid: '', Name: 'B', Email: '', Organisation: '', PersonalIdentityCode: '' },
      ],
    });
    expect(issueMessageOf(missing.Signers?.[1]?.Email)?.key).toBe(
      validationKeys.signerEmailRequired,
    );
    expect(missing.Signers?.[0]).toBeUndefined();
    const invalid = await errorsOf({
      ...values,
      Signers: [
        {
          Guid: '',
          Name: 'B',
          Email: 'not-an-address',
          Organisation: '',
          PersonalIdentityCode: '',
        },
      ],
    });
    expect(issueMessageOf(invalid.Signers?.[0]?.Email)?.key).toBe(
      validationKeys.invalidSignerEmail,
    );
  });

  it('refuses a deadline that is no date, with the date message under the field', async () => {
    const errors = await errorsOf({ ...filled(), ExpiryDate: '31.2.2027' });
    expect(issueMessageOf(errors.ExpiryDate)).toEqual({
      key: validationKeys.invalidDate,
      params: {},
    });
  });

  it('refuses an inspector e-mail that is not an address', async () => {
    const errors = await errorsOf({ ...filled(), InspectorEmail: 'nobody' });
    expect(issueMessageOf(errors.InspectorEmail)?.key).toBe(validationKeys.invalidEmail);
  });

  it('reports the same problems the server would, with their paths', () => {
    const problems = findSaveProblems(
      toSaveRequest(
        {
          ...filled(),
          Name: '',
          Signers: [{ Guid: '', Name: '', Email: 'x', Organisation: '', PersonalIdentityCode: '' }],
        },
        {},
      ),
    );
    expect(problems).toEqual([
      { path: 'Name', key: validationKeys.nameRequired },
      { path: 'Signers.0.Email', key: validationKeys.invalidSignerEmail },
    ]);
  });
});

describe('field issues kept by the form', () => {
  it('keep their key and parameters', () => {
    const error: FieldError = toFieldError({
      path: 'file',
      key: validationKeys.fileAlreadyAdded,
      params: { name: 'a.pdf' },
    });
    expect(issueMessageOf(error)).toEqual({
      key: validationKeys.fileAlreadyAdded,
      params: { name: 'a.pdf' },
    });
  });

  it('are read from a refused call’s body', () => {
    const body = JSON.stringify({
      status: 400,
      key: 'errors.checkInput',
      message: 'Check your input',
      issues: [{ path: 'file', key: validationKeys.tooManyAttachments, params: { max: 50 } }],
    });
    const error = new ApiError(400, 'errors.unexpected', body, new Headers());
    expect(issuesOfError(error)).toEqual([
      { path: 'file', key: validationKeys.tooManyAttachments, params: { max: 50 } },
    ]);
    expect(issuesOfError(new Error('network'))).toEqual([]);
  });
});
