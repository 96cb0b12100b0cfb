import { defaultSignFlowListQuery, type GroupUsersWithStamp } from '@esign/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInvalidated, runMutation, serverAnswers } from '../../../lib/query-test-support.ts';
import { signFlowListQueryOptions } from '../../signflows/api/get-signflow-list.ts';
import { signFlowQueryOptions } from '../../signflows/api/get-signflow.ts';
import { flowFixture } from '../../signflows/utils/detail-fixtures.ts';
import { createUserGroupMutationOptions } from './create-user-group.ts';
import { deleteUserGroupMutationOptions } from './delete-user-group.ts';
import { groupUsersQueryOptions } from './get-group-users.ts';
import { userGroupsQueryOptions } from './list-user-groups.ts';
import { updateGroupMutationOptions } from './update-group.ts';

const hr = { Id: 'g1', Name: 'HR', Type: 'CreatedByUser' } as const;
const members: GroupUsersWithStamp = { GroupUsers: [], HakaGroupId: null, ConcurrencyStamp: 's1' };
const flowList = signFlowListQueryOptions(defaultSignFlowListQuery);

/** The groups screen and the sign-flow editor have both loaded their lists. */
function clientWithGroupsShown() {
  const client = new QueryClient();
  client.setQueryData(userGroupsQueryOptions().queryKey, [hr]);
  client.setQueryData(groupUsersQueryOptions(hr.Id).queryKey, members);
  client.setQueryData(flowList.queryKey, { Items: [], Total: 0, Page: 1, PageSize: 20 });
  client.setQueryData(signFlowQueryOptions('flow-1').queryKey, flowFixture({ Role: hr.Id }));
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('the group calls and the caches of other screens', () => {
  it('refresh the one group list the groups screen and the sign-flow editor read after a new group', async () => {
    serverAnswers(200, { Id: 'g2', Name: 'Legal', Type: 'CreatedByUser' });
    const client = clientWithGroupsShown();
    await runMutation(client, createUserGroupMutationOptions(), { name: 'Legal' });
    expect(isInvalidated(client, userGroupsQueryOptions().queryKey)).toBe(true);
    // A new group changes no flow.
    expect(isInvalidated(client, flowList.queryKey)).toBe(false);
  });

  it('refresh the group list and every flow (which may have lost its group) after a removal', async () => {
    serverAnswers(204);
    const client = clientWithGroupsShown();
    await runMutation(client, deleteUserGroupMutationOptions(), hr.Id);
    expect(isInvalidated(client, userGroupsQueryOptions().queryKey)).toBe(true);
    expect(isInvalidated(client, flowList.queryKey)).toBe(true);
    expect(isInvalidated(client, signFlowQueryOptions('flow-1').queryKey)).toBe(true);
    expect(client.getQueryState(groupUsersQueryOptions(hr.Id).queryKey)).toBeUndefined();
  });

  it('keep the saved members and their new stamp after an update, without asking again', async () => {
    const saved = { ...members, ConcurrencyStamp: 's2' };
    serverAnswers(200, saved);
    const client = clientWithGroupsShown();
    await runMutation(client, updateGroupMutationOptions(), {
      GroupId: hr.Id,
      Users: [],
      HakaGroupId: '',
      ConcurrencyStamp: 's1',
    });
    expect(client.getQueryData(groupUsersQueryOptions(hr.Id).queryKey)).toEqual(saved);
    expect(isInvalidated(client, groupUsersQueryOptions(hr.Id).queryKey)).toBe(false);
  });
});
