import { describe, expect, it } from 'vitest';
import { fieldIssuesOf } from '../../../lib/api-error.ts';
import { ApiError } from '../../../lib/http.ts';
import {
  accountFieldMessageKey,
  accountFormMessageKey,
  fieldMessageParams,
} from './account-messages.ts';

const failed = (status: number, body: unknown) =>
  new ApiError(status, 'errors.unexpected', JSON.stringify(body), new Headers());

describe('the account forms’ messages', () => {
  it('keep the keys their catalogues translate and call anything else an invalid value', () => {
    expect(accountFieldMessageKey('accounts.errors.passwordTooShort')).toBe(
      'accounts.errors.passwordTooShort',
    );
    expect(accountFieldMessageKey('validation.invalidEmail')).toBe('validation.invalidEmail');
    expect(accountFieldMessageKey('something.else')).toBe('validation.invalidValue');
  });

  it('take the precise key of a refusal, and the wait of a 429', () => {
    const lastAdministrator = failed(409, {
      status: 409,
      key: 'accounts.errors.lastAdministrator',
      message: 'x',
    });
    expect(accountFormMessageKey(lastAdministrator)).toBe('accounts.errors.lastAdministrator');
    expect(accountFormMessageKey(failed(429, 'not json'))).toBe('errors.tooManyRequests');
    expect(accountFormMessageKey(new Error('network'))).toBe('errors.unexpected');
  });

  it('read the field issues of a 400', () => {
    const refused = failed(400, {
      status: 400,
      key: 'errors.checkInput',
      message: 'x',
      issues: [{ path: 'Email', key: 'accounts.errors.emailTaken' }],
    });
    expect(fieldIssuesOf(refused)).toEqual([{ path: 'Email', key: 'accounts.errors.emailTaken' }]);
  });
});

describe('the {{n}} of a field message', () => {
  it('is the shortest password for a short one, and the field’s own longest length', () => {
    expect(fieldMessageParams('NewPassword', 'accounts.errors.passwordTooShort')).toEqual({
      n: 12,
    });
    expect(fieldMessageParams('Email', 'validation.maxLength')).toEqual({ n: 254 });
    expect(fieldMessageParams('DisplayName', 'validation.maxLength')).toEqual({ n: 200 });
    expect(fieldMessageParams('Password', 'validation.maxLength')).toEqual({ n: 1000 });
  });
});
