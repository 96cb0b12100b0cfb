import { verifyErrorKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import fi from '../../../locales/fi.json';
import sv from '../../../locales/sv.json';
import { ApiError } from '../../../lib/http.ts';
import { verifyMessageOf } from './verify-message.ts';

const answer = (status: number, body: object) =>
  new ApiError(status, 'errors.unexpected', JSON.stringify(body), new Headers());

describe('the verification page’s message for a failed call', () => {
  it('names the file’s problem with its parameters', () => {
    const tooLarge = answer(413, {
      status: 413,
      key: 'errors.checkInput',
      message: '',
      issues: [{ path: 'file', key: 'validation.fileTooLarge', params: { max: 100 } }],
    });
    expect(verifyMessageOf(tooLarge)).toEqual({
      key: 'validation.fileTooLarge',
      params: { max: 100 },
    });
  });

  it('takes the server’s own key for an unreadable PDF and too many files', () => {
    const unreadable = answer(400, { status: 400, key: verifyErrorKeys.unreadable, message: '' });
    expect(verifyMessageOf(unreadable)).toEqual({ key: 'verify.errors.unreadable' });
    const limited = answer(429, { status: 429, key: 'errors.tooManyRequests', message: '' });
    expect(verifyMessageOf(limited)).toEqual({ key: 'errors.tooManyRequests' });
  });

  it('falls back to the unexpected error for anything else', () => {
    expect(verifyMessageOf(new Error('network'))).toEqual({ key: 'errors.unexpected' });
  });

  it.each([
    ['fi', fi],
    ['en', en],
    ['sv', sv],
  ])('has every verification error translated in %s', (_language, catalogue) => {
    for (const key of Object.values(verifyErrorKeys)) {
      const [, , name = ''] = key.split('.');
      expect(catalogue.verify.errors[name as keyof typeof catalogue.verify.errors]).toBeTruthy();
    }
  });
});
