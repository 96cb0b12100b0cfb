import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { personalFieldIssuesOf } from './personal-issues.ts';

const refusal = (status: number, issues: unknown[]) =>
  new ApiError(
    status,
    'errors.unexpected',
    JSON.stringify({ status, key: 'errors.checkInput', message: 'Check', issues }),
    new Headers(),
  );

describe('personalFieldIssuesOf', () => {
  it("takes the server's message for the identifier from a 400", () => {
    const issue = { path: 'Identifier', key: 'validation.invalidPersonalIdentityCode' };
    expect(personalFieldIssuesOf(refusal(400, [issue]))).toEqual([issue]);
  });

  it('ignores other fields, keys that are not validation messages and other statuses', () => {
    expect(personalFieldIssuesOf(refusal(400, [{ path: 'Other', key: 'validation.x' }]))).toEqual(
      [],
    );
    expect(personalFieldIssuesOf(refusal(400, [{ path: 'Identifier', key: 'x' }]))).toEqual([]);
    expect(
      personalFieldIssuesOf(refusal(500, [{ path: 'Identifier', key: 'validation.x' }])),
    ).toEqual([]);
    expect(personalFieldIssuesOf(new Error('network'))).toEqual([]);
  });
});
