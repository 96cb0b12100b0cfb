import { z } from 'zod';
import { GroupUpdatePayload, GroupUsers } from './entities.ts';
import { RoleType } from './enums.ts';
import { plainText, RecordId } from './plain-text.ts';
import { limits, validationKeys as v } from './validation.ts';

/** The longest group identifier (HakaGroupId) the database column holds. */
export const groupIdentifierMaxLength = 500;

/** The name two groups may not share: trimmed, Unicode-normalised and upper-cased. */
export function normalizeGroupName(name: string): string {
  return name.trim().normalize('NFKC').toUpperCase();
}

/** The query of POST CreateUserGroup?name&type; type defaults to CreatedByUser. */
export const CreateUserGroupQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1, v.required)
    .max(limits.groupNameMaxLength, v.maxLength)
    .check(plainText()),
  type: RoleType.default('CreatedByUser'),
});
export type CreateUserGroupQuery = z.input<typeof CreateUserGroupQuery>;

/** The query of DELETE DeleteUserGroup?groupId and GET GetGroupUsers?groupId. */
export const GroupIdQuery = z.object({ groupId: RecordId });
export type GroupIdQuery = z.infer<typeof GroupIdQuery>;

/** GetGroupUsers' answer: SPEC's group users plus the stamp UpdateGroup must send back. */
export const GroupUsersWithStamp = GroupUsers.extend({ ConcurrencyStamp: z.string() });
export type GroupUsersWithStamp = z.infer<typeof GroupUsersWithStamp>;

/**
 * UpdateGroup's body: SPEC's payload plus the ConcurrencyStamp last read, so that an
 * administrator cannot overwrite another's change unseen. An empty identifier means none.
 */
export const GroupUpdateRequest = GroupUpdatePayload.extend({
  GroupId: RecordId,
  Users: z.array(RecordId).max(10_000),
  HakaGroupId: z
    .string()
    .trim()
    .max(groupIdentifierMaxLength, v.maxLength)
    .check(plainText())
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value)),
  ConcurrencyStamp: RecordId,
});
export type GroupUpdateRequest = z.input<typeof GroupUpdateRequest>;

/** Precise message keys of group management, translated under groups.errors in every catalogue. */
export const groupErrorKeys = {
  /** Another administrator saved the group after it was read (a stale ConcurrencyStamp). */
  conflict: 'groups.errors.conflict',
} as const;
export type GroupErrorKey = (typeof groupErrorKeys)[keyof typeof groupErrorKeys];

export const groupErrorMessages: Record<GroupErrorKey, string> = {
  'groups.errors.conflict':
    'Another administrator has changed this group in the meantime. Reload the group and make your changes again.',
};

/** Field issue keys of group management (FieldIssue.key), also under groups.errors. */
export const groupIssueKeys = {
  nameTaken: 'groups.errors.nameTaken',
  unknownUser: 'groups.errors.unknownUser',
} as const;
