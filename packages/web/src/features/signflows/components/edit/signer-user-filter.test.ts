import { describe, expect, it } from 'vitest';
import type { UserListItem } from '@esign/contract';
import { matchUsers, maxUserMatches } from '../../../../components/user-picker/user-filter.ts';
import { isSignerAmong } from './signer-user-filter.ts';

const filterUsers = (users: UserListItem[], query: string, signerEmails: string[]) =>
  matchUsers(users, query, isSignerAmong(signerEmails));

const users = [
  { Id: '1', DisplayName: 'Maija Meikäläinen', Email: 'maija@example.com' },
  { Id: '2', DisplayName: 'Matti Virtanen', Email: 'matti.virtanen@example.org' },
  { Id: '3', DisplayName: 'Anna Svensson', Email: 'anna@example.se' },
];

describe('filtering existing users for the signer picker', () => {
  it('matches the name or the e-mail, ignoring case', () => {
    expect(filterUsers(users, 'MA', []).map((user) => user.Id)).toEqual(['1', '2']);
    expect(filterUsers(users, 'example.se', []).map((user) => user.Id)).toEqual(['3']);
  });

  it('needs every word typed, in any order', () => {
    expect(filterUsers(users, 'virtanen matti', []).map((user) => user.Id)).toEqual(['2']);
  });

  it('ignores accents, so meikalainen finds Meikäläinen', () => {
    expect(filterUsers(users, 'meikalainen', []).map((user) => user.Id)).toEqual(['1']);
  });

  it('leaves out users who already sign', () => {
    expect(filterUsers(users, 'ma', [' MAIJA@example.com']).map((user) => user.Id)).toEqual(['2']);
  });

  it('lists everyone for an empty query, up to the limit', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      Id: String(index),
      DisplayName: `User ${index}`,
      Email: `user${index}@example.com`,
    }));
    expect(filterUsers(many, '', [])).toHaveLength(maxUserMatches);
  });
});
