import { signingErrorKeys } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { readReturnError, withoutReturnError } from './return-error.ts';

describe('the error a return from identification reports', () => {
  it('is read from a full key or from its short name', () => {
    expect(readReturnError(new URLSearchParams('error=signing.errors.identityMismatch'))).toBe(
      signingErrorKeys.identityMismatch,
    );
    expect(readReturnError(new URLSearchParams('error=identityMismatch'))).toBe(
      signingErrorKeys.identityMismatch,
    );
  });

  it('reads an unknown value as a failed identification, never as raw text', () => {
    expect(readReturnError(new URLSearchParams('error=<script>'))).toBe(
      signingErrorKeys.identificationFailed,
    );
    expect(readReturnError(new URLSearchParams('error=toString'))).toBe(
      signingErrorKeys.identificationFailed,
    );
  });

  it('is absent when the address has no error', () => {
    expect(readReturnError(new URLSearchParams('lang=fi'))).toBeNull();
  });

  it('is removed from the address while other parameters stay', () => {
    const rest = withoutReturnError(new URLSearchParams('error=codeWrong&lang=sv'));
    expect(rest.toString()).toBe('lang=sv');
  });
});
