import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createGroupAs, groupUsersAs, roles, userIdOf } from './support/groups.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('two administrators saving one group on %s', (kind) => {
  const context = useTestApp(kind);
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  /** Two administrators: the demo admin, and user2 made one through the admin group claim. */
  const twoAdministrators = async () => {
    await context.database.handle.db
      .updateTable('local_accounts')
      .set({ groups: JSON.stringify(['esign-admins']) })
      .where('email', '=', 'user2@example.com')
      .execute();
    return [
      await signedIn('admin@example.com', 'admin-demo'),
      await signedIn('user2@example.com', 'user2-demo'),
    ] as const;
  };

  it('gives the second save of the same stamp 409 with the conflict message, keeping the first', async () => {
    const [first, second] = await twoAdministrators();
    await signedIn('user@example.com', 'user-demo');
    const group = await createGroupAs(first, 'Hankinnat');
    const read = await groupUsersAs(first, group.Id);
    expect((await groupUsersAs(second, group.Id)).ConcurrencyStamp).toBe(read.ConcurrencyStamp);
    const userId = await userIdOf(first, 'user@example.com');

    const firstSave = await first.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [userId],
      HakaGroupId: 'urn:first',
      ConcurrencyStamp: read.ConcurrencyStamp,
    });
    expect(firstSave.statusCode).toBe(200);
    const secondSave = await second.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [],
      HakaGroupId: 'urn:second',
      ConcurrencyStamp: read.ConcurrencyStamp,
    });
    expect(secondSave.statusCode).toBe(409);
    expect(secondSave.json()).toMatchObject({
      status: 409,
      key: 'groups.errors.conflict',
      message: expect.stringContaining('Another administrator has changed this group'),
    });
    const now = await groupUsersAs(second, group.Id);
    expect(now.HakaGroupId).toBe('urn:first');
    expect(now.GroupUsers.map((member) => member.UserId)).toEqual([userId]);

    // After reloading, the second administrator's save goes through.
    const retried = await second.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: [],
      HakaGroupId: 'urn:second',
      ConcurrencyStamp: now.ConcurrencyStamp,
    });
    expect(retried.statusCode).toBe(200);
  });

  it('lets exactly one of two saves made at the same moment win', async () => {
    const [first, second] = await twoAdministrators();
    const group = await createGroupAs(first, 'Samanaikaiset');
    const { ConcurrencyStamp } = await groupUsersAs(first, group.Id);
    const save = (browser: TestClient, identifier: string) =>
      browser.post(`${roles}/UpdateGroup`, {
        GroupId: group.Id,
        Users: [],
        HakaGroupId: identifier,
        ConcurrencyStamp,
      });
    const answers = await Promise.all([save(first, 'urn:a'), save(second, 'urn:b')]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect((await groupUsersAs(first, group.Id)).HakaGroupId).toBe(
      winner?.json<{ HakaGroupId: string }>().HakaGroupId,
    );
  });

  it('answers 404 for a group that no longer exists', async () => {
    const [first] = await twoAdministrators();
    const response = await first.post(`${roles}/UpdateGroup`, {
      GroupId: 'gone',
      Users: [],
      HakaGroupId: null,
      ConcurrencyStamp: 'stale',
    });
    expect(response.statusCode).toBe(404);
  });
});
