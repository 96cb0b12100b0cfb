import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { apiTokenFieldMessageKey, apiTokenFormMessageKey } from './api-token-messages.ts';

describe('the messages of the API token form', () => {
  it('keeps the keys it has texts for and calls anything else an invalid value', () => {
    expect(apiTokenFieldMessageKey('apiTokens.errors.expiryTooLong')).toBe(
      'apiTokens.errors.expiryTooLong',
    );
    expect(apiTokenFieldMessageKey('something.else')).toBe('validation.invalidValue');
  });

  it('says what the server refused, or that something unexpected happened', () => {
    const body = { status: 403, key: 'apiTokens.errors.scopeNotAllowed', message: 'x' };
    const refused = new ApiError(403, 'errors.forbidden', JSON.stringify(body), new Headers());
    expect(apiTokenFormMessageKey(refused)).toBe('apiTokens.errors.scopeNotAllowed');
    expect(apiTokenFormMessageKey(new Error('network'))).toBe('errors.unexpected');
  });
});
