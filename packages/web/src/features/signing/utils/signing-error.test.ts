import { errorKeys, signingErrorKeys, validationKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { isLinkInvalid, needsNewCode, showsStaleTask, signingMessageOf } from './signing-error.ts';

function apiError(status: number, body?: object) {
  return new ApiError(
    status,
    errorKeys.unexpected,
    body === undefined ? '' : JSON.stringify(body),
    new Headers(),
  );
}

describe('the message for a failed signing call', () => {
  it('is the server’s signing key, such as a wrong code', () => {
    const error = apiError(400, { status: 400, key: signingErrorKeys.codeWrong, message: 'x' });
    expect(signingMessageOf(error)).toEqual({ key: signingErrorKeys.codeWrong });
  });

  it('prefers a field issue with its parameters over the general key', () => {
    const error = apiError(400, {
      status: 400,
      key: errorKeys.checkInput,
      message: 'x',
      issues: [{ path: 'Comment', key: validationKeys.maxLength, params: { n: 1000 } }],
    });
    expect(signingMessageOf(error)).toEqual({ key: validationKeys.maxLength, params: { n: 1000 } });
  });

  it('falls back to the generic key when the server’s key has no translation', () => {
    const error = apiError(500, { status: 500, key: 'some.unknown', message: 'x' });
    expect(signingMessageOf(error)).toEqual({ key: errorKeys.unexpected });
    expect(signingMessageOf(new Error('boom'))).toEqual({ key: errorKeys.unexpected });
  });
});

describe('an invalid link', () => {
  it('is a 404 or the linkInvalid key, and nothing else', () => {
    expect(isLinkInvalid(apiError(404))).toBe(true);
    expect(
      isLinkInvalid(apiError(410, { status: 410, key: signingErrorKeys.linkInvalid, message: '' })),
    ).toBe(true);
    expect(isLinkInvalid(apiError(500))).toBe(false);
    expect(isLinkInvalid(new Error('offline'))).toBe(false);
  });
});

describe('reactions to an error', () => {
  it('reload the task when it moved on since the page loaded it', () => {
    expect(showsStaleTask({ key: signingErrorKeys.flowEnded })).toBe(true);
    expect(showsStaleTask({ key: signingErrorKeys.codeWrong })).toBe(false);
  });

  it('offer a new code once the code expired or its tries are used', () => {
    expect(needsNewCode({ key: signingErrorKeys.codeTriesUsed })).toBe(true);
    expect(needsNewCode({ key: signingErrorKeys.codeExpired })).toBe(true);
    expect(needsNewCode({ key: signingErrorKeys.codeWrong })).toBe(false);
    expect(needsNewCode(null)).toBe(false);
  });
});
