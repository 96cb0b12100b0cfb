import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createGroupAs, groupUsersAs, roles, userIdOf } from './support/groups.ts';
import { useTestApp } from './support/test-app.ts';

const flows = '/api/esign/SignFlows';
const identifier = 'urn:mace:example.fi:groups:hr';

describe.each(databaseKinds)('group membership and the group’s flows on %s', (kind) => {
  const context = useTestApp(kind);
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };

  it('joins a user whose login carries the group identifier, shares the group’s flows, and keeps them with their owner when the group is deleted', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const owner = await signedIn('user@example.com', 'user-demo');
    const group = await createGroupAs(admin, 'HR');
    const { ConcurrencyStamp } = await groupUsersAs(admin, group.Id);
    const ownerId = await userIdOf(admin, 'user@example.com');
    const saved = await admin.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [ownerId],
      HakaGroupId: identifier,
      ConcurrencyStamp,
    });
    expect(saved.statusCode).toBe(200);

    // user2's login carries the identifier (the built-in provider's groups claim).
    await context.database.handle.db
      .updateTable('local_accounts')
      .set({ groups: JSON.stringify([identifier, 'urn:other']) })
      .where('email', '=', 'user2@example.com')
      .execute();
    const member = await signedIn('user2@example.com', 'user2-demo');
    expect((await member.get(`${roles}/ListUserGroups`)).json()).toEqual([group]);
    const members = (await groupUsersAs(admin, group.Id)).GroupUsers.map((user) => user.Email);
    expect(members.sort()).toEqual(['user2@example.com', 'user@example.com']);

    const flow = (await owner.post(flows, { Name: 'Ryhmän sopimus', Role: group.Id })).json();
    expect((await member.get(`${flows}/${flow.Guid}`)).json()).toMatchObject({
      Name: 'Ryhmän sopimus',
      Role: group.Id,
    });
    const edited = await member.post(flows, { Guid: flow.Guid, Name: 'Muokattu', Role: group.Id });
    expect(edited.statusCode).toBe(200);

    expect((await admin.delete(`${roles}/DeleteUserGroup?groupId=${group.Id}`)).statusCode).toBe(
      204,
    );
    expect((await owner.get(`${flows}/${flow.Guid}`)).json()).toMatchObject({
      Name: 'Muokattu',
      Role: null,
    });
    expect((await member.get(`${flows}/${flow.Guid}`)).statusCode).toBe(404);
  });

  it('lets the login decide membership of a group with an identifier: one who no longer carries it leaves', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    await signedIn('user@example.com', 'user-demo');
    const group = await createGroupAs(admin, 'Kirjautumisen ryhmä');
    const { ConcurrencyStamp } = await groupUsersAs(admin, group.Id);
    await admin.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [await userIdOf(admin, 'user@example.com')],
      HakaGroupId: 'urn:mace:example.fi:groups:login-only',
      ConcurrencyStamp,
    });
    expect((await groupUsersAs(admin, group.Id)).GroupUsers).toHaveLength(1);
    await signedIn('user@example.com', 'user-demo');
    expect((await groupUsersAs(admin, group.Id)).GroupUsers).toEqual([]);
  });
});
