import { describe, expect, it } from 'vitest';
import type { UserListItem } from '@esign/contract';
import { matchUsers, maxUserMatches } from '../../../components/user-picker/user-filter.ts';
import { isMemberOf } from './member-filter.ts';

const filterCandidates = (users: UserListItem[], query: string, memberIds: string[]) =>
  matchUsers(users, query, isMemberOf(memberIds));

const users = [
  { Id: 'u1', DisplayName: 'Ulla User', Email: 'user@example.com' },
  { Id: 'u2', DisplayName: 'Ville Virtanen', Email: 'user2@example.com' },
  { Id: 'u3', DisplayName: 'Äijä Åström', Email: 'aija@example.fi' },
];

describe('the users a group member picker offers', () => {
  it('matches every typed word in the name or the e-mail, ignoring case', () => {
    expect(filterCandidates(users, 'ULLA', []).map((user) => user.Id)).toEqual(['u1']);
    expect(filterCandidates(users, 'user example', []).map((user) => user.Id)).toEqual([
      'u1',
      'u2',
    ]);
    expect(filterCandidates(users, 'ville user2@', []).map((user) => user.Id)).toEqual(['u2']);
  });

  it('ignores accents, so aija finds Äijä', () => {
    expect(filterCandidates(users, 'aija astrom', []).map((user) => user.Id)).toEqual(['u3']);
  });

  it('leaves out those already in the group', () => {
    expect(filterCandidates(users, '', ['u1', 'u3']).map((user) => user.Id)).toEqual(['u2']);
  });

  it('offers at most the first matches, so the list stays short', () => {
    const many = Array.from({ length: 50 }, (_, index) => ({
      Id: `id${index}`,
      DisplayName: `Käyttäjä ${index}`,
      Email: `k${index}@example.com`,
    }));
    expect(filterCandidates(many, 'käyttäjä', [])).toHaveLength(maxUserMatches);
  });
});
