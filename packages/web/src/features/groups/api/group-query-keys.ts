/**
 * Query keys of the Roles calls. The sign-flow editor caches the same lists under the same
 * keys, so a change made here refreshes its group and user choices too.
 */
export const groupQueryKeys = {
  groups: ['roles', 'userGroups'] as const,
  users: ['roles', 'users'] as const,
  groupUsers: (groupId: string) => ['roles', 'groupUsers', groupId] as const,
};
