import type { GroupUsersWithStamp } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  draftOf,
  hasUnsavedChanges,
  memberChanges,
  removeMember,
  updateRequestOf,
} from './group-draft.ts';

const ulla = {
  UserId: 'u1',
  Email: 'user@example.com',
  DisplayName: 'Ulla User',
  Title: 'Planning officer',
  Organisation: 'Demo',
};
const saved: GroupUsersWithStamp = {
  GroupUsers: [ulla],
  HakaGroupId: 'urn:hr',
  ConcurrencyStamp: 'stamp-1',
};
const aino = { Id: 'u2', Email: 'admin@example.com', DisplayName: 'Aino Admin' };

describe('the group editor’s draft', () => {
  it('starts as the saved group, with an empty identifier when there is none', () => {
    expect(draftOf(saved)).toEqual({ members: [ulla], identifier: 'urn:hr' });
    expect(draftOf({ ...saved, HakaGroupId: null }).identifier).toBe('');
    expect(hasUnsavedChanges(saved, draftOf(saved))).toBe(false);
  });

  it('adds a user once, sorted by name, and reports the addition', () => {
    const once = addMember(draftOf(saved), aino);
    const twice = addMember(once, aino);
    expect(twice.members.map((member) => member.DisplayName)).toEqual(['Aino Admin', 'Ulla User']);
    expect(memberChanges(saved, twice)).toEqual({ added: ['u2'], removed: [] });
    expect(hasUnsavedChanges(saved, twice)).toBe(true);
  });

  it('reports a removal, and nothing once the same user is added back', () => {
    const removed = removeMember(draftOf(saved), 'u1');
    expect(memberChanges(saved, removed)).toEqual({ added: [], removed: ['u1'] });
    const restored = addMember(removed, {
      Id: 'u1',
      Email: ulla.Email,
      DisplayName: ulla.DisplayName,
    });
    expect(hasUnsavedChanges(saved, restored)).toBe(false);
  });

  it('counts an identifier change but not surrounding spaces', () => {
    expect(hasUnsavedChanges(saved, { ...draftOf(saved), identifier: ' urn:hr ' })).toBe(false);
    expect(hasUnsavedChanges(saved, { ...draftOf(saved), identifier: 'urn:finance' })).toBe(true);
  });

  it('builds the update with the stamp last read, and no identifier for an empty one', () => {
    const draft = { ...addMember(draftOf(saved), aino), identifier: '  ' };
    expect(updateRequestOf('g1', saved, draft)).toEqual({
      GroupId: 'g1',
      Users: ['u2', 'u1'],
      HakaGroupId: null,
      ConcurrencyStamp: 'stamp-1',
    });
  });
});
