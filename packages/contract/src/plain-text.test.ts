import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateUserGroupQuery, GroupIdQuery, GroupUpdateRequest } from './groups.ts';
import { PersonalDataQuery } from './personal-data.ts';
import { isPlainText } from './plain-text.ts';
import { FrontpageInfoText } from './settings.ts';
import { SignFlowListQuery } from './signflow-list.ts';
import { CancelRequest, SignFlowSaveRequest } from './signflows.ts';
import { RejectRequest } from './signing.ts';
import { validationKeys } from './validation.ts';

const signer = { Name: 'Anna', Email: 'anna@example.com', Organisation: 'Oy Ab', Guid: 's-1' };
const flow = { Name: 'Sopimus', Note: 'Huomio', Role: 'g-1', Guid: 'f-1', Signers: [signer] };
const group = { GroupId: 'g-1', Users: ['u-1'], HakaGroupId: 'urn:x', ConcurrencyStamp: 'c-1' };

/** Every text field of every request, each with a valid request around it. */
const fields: Array<[string, z.ZodType, (text: string) => unknown, string]> = [
  ['flow name', SignFlowSaveRequest, (text) => ({ ...flow, Name: text }), 'Name'],
  ['note', SignFlowSaveRequest, (text) => ({ ...flow, Note: text }), 'Note'],
  ['flow Guid', SignFlowSaveRequest, (text) => ({ ...flow, Guid: text }), 'Guid'],
  ['group of a flow', SignFlowSaveRequest, (text) => ({ ...flow, Role: text }), 'Role'],
  ['copied flow', SignFlowSaveRequest, (text) => ({ ...flow, CopyFromGuid: text }), 'CopyFromGuid'],
  [
    'inspector e-mail',
    SignFlowSaveRequest,
    (text) => ({ ...flow, InspectorEmail: `a${text}@example.com` }),
    'InspectorEmail',
  ],
  [
    'signer name',
    SignFlowSaveRequest,
    (text) => ({ ...flow, Signers: [{ ...signer, Name: text }] }),
    'Signers.0.Name',
  ],
  [
    'signer organisation',
    SignFlowSaveRequest,
    (text) => ({ ...flow, Signers: [{ ...signer, Organisation: text }] }),
    'Signers.0.Organisation',
  ],
  [
    'signer e-mail',
    SignFlowSaveRequest,
    (text) => ({ ...flow, Signers: [{ ...signer, Email: `a${text}@example.com` }] }),
    'Signers.0.Email',
  ],
  [
    'signer Guid',
    SignFlowSaveRequest,
    (text) => ({ ...flow, Signers: [{ ...signer, Guid: text }] }),
    'Signers.0.Guid',
  ],
  ['cancel comment', CancelRequest, (text) => ({ Comment: text }), 'Comment'],
  ['reject comment', RejectRequest, (text) => ({ Comment: text }), 'Comment'],
  ['group name', CreateUserGroupQuery, (text) => ({ name: text }), 'name'],
  ['group id', GroupIdQuery, (text) => ({ groupId: text }), 'groupId'],
  [
    'group identifier',
    GroupUpdateRequest,
    (text) => ({ ...group, HakaGroupId: text }),
    'HakaGroupId',
  ],
  ['group member', GroupUpdateRequest, (text) => ({ ...group, Users: [text] }), 'Users.0'],
  [
    'group stamp',
    GroupUpdateRequest,
    (text) => ({ ...group, ConcurrencyStamp: text }),
    'ConcurrencyStamp',
  ],
  ['front-page text', FrontpageInfoText, (text) => text, ''],
  ['list search', SignFlowListQuery, (text) => ({ q: text }), 'q'],
  [
    'personal-data e-mail',
    PersonalDataQuery,
    (text) => ({ IdentifierType: 'Email', Identifier: `a${text}@example.com` }),
    'Identifier',
  ],
];

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), key: issue.message }));
};

describe('text in a request', () => {
  it.each(fields)('refuses a NUL character in the %s', (_name, schema, build, path) => {
    expect(issuesOf(schema, build('x'))).toEqual([]);
    expect(issuesOf(schema, build('x\u0000y'))).toContainEqual({
      path,
      key: validationKeys.controlCharacter,
    });
  });

  it('refuses every control character but tab and newline, and CR only where a textarea sends it', () => {
    const refused = [
      '\u0000',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
    ];
    for (const character of refused) {
      expect(isPlainText(`a${character}b`)).toBe(false);
      expect(isPlainText(`a${character}b`, { multiline: true })).toBe(false);
    }
    expect(isPlainText('a\tb\nc')).toBe(true);
    expect(isPlainText('a\r\nb')).toBe(false);
    expect(isPlainText('a\r\nb', { multiline: true })).toBe(true);
    // Letters of every script, emoji, and the no-break space are text, not control characters.
    expect(isPlainText('Åsa Öberg – 日本 😀\u00a0')).toBe(true);
  });

  it('keeps the line ends of a note, a comment and the front-page text as a textarea sends them', () => {
    expect(issuesOf(SignFlowSaveRequest, { ...flow, Note: 'rivi 1\r\nrivi 2' })).toEqual([]);
    expect(issuesOf(RejectRequest, { Comment: 'en\r\nallekirjoita' })).toEqual([]);
    expect(issuesOf(FrontpageInfoText, '# Otsikko\r\n\r\nTeksti')).toEqual([]);
    expect(issuesOf(SignFlowSaveRequest, { ...flow, Name: 'nimi\r' })).toEqual([]);
    expect(issuesOf(SignFlowSaveRequest, { ...flow, Name: 'ni\rmi' })).toContainEqual({
      path: 'Name',
      key: validationKeys.controlCharacter,
    });
  });
});
