import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { createGroupAs, groupTablesOf, groupUsersAs, roles, userIdOf } from './support/groups.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('group management by administrators on %s', (kind) => {
  const context = useTestApp(kind);
  const db = () => context.database.handle.db;
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const admin = () => signedIn('admin@example.com', 'admin-demo');
  const user = () => signedIn('user@example.com', 'user-demo');
  const snapshot = () => groupTablesOf(db());

  it('creates a group, lists it, sets its members and identifier, and deletes it', async () => {
    const browser = await admin();
    await user();
    const created = await createGroupAs(browser, '  Henkilöstöhallinto ');
    expect(created).toMatchObject({ Name: 'Henkilöstöhallinto', Type: 'CreatedByUser' });
    const listed = (await browser.get(`${roles}/ListUserGroups`)).json();
    expect(listed).toContainEqual(created);

    const before = await groupUsersAs(browser, created.Id);
    expect(before).toMatchObject({ GroupUsers: [], HakaGroupId: null });
    const userId = await userIdOf(browser, 'user@example.com');
    const saved = await browser.post(`${roles}/UpdateGroup`, {
      GroupId: created.Id,
      Users: [userId],
      HakaGroupId: ' urn:mace:example.fi:hr ',
      ConcurrencyStamp: before.ConcurrencyStamp,
    });
    expect(saved.statusCode).toBe(200);
    const after = await groupUsersAs(browser, created.Id);
    expect(after).toEqual(saved.json());
    expect(after.HakaGroupId).toBe('urn:mace:example.fi:hr');
    expect(after.ConcurrencyStamp).not.toBe(before.ConcurrencyStamp);
    expect(after.GroupUsers).toEqual([
      {
        UserId: userId,
        Email: 'user@example.com',
        DisplayName: 'Ulla User',
        Title: 'Planning officer',
        Organisation: expect.any(String),
      },
    ]);

    const removed = await browser.delete(`${roles}/DeleteUserGroup?groupId=${created.Id}`);
    expect(removed.statusCode).toBe(204);
    expect((await browser.get(`${roles}/GetGroupUsers?groupId=${created.Id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await browser.delete(`${roles}/DeleteUserGroup?groupId=${created.Id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses an empty, a too long and a taken group name with a clear message', async () => {
    const browser = await admin();
    await createGroupAs(browser, 'Talous');
    const attempts = [
      ['%20%20', 'validation.required'],
      ['x'.repeat(101), 'validation.maxLength'],
      ['tALOUS', 'groups.errors.nameTaken'],
    ] as const;
    for (const [name, key] of attempts) {
      const response = await browser.post(`${roles}/CreateUserGroup?name=${name}`);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().issues, name).toEqual([
        expect.objectContaining({ path: 'name', key }),
      ]);
    }
    const unknownType = await browser.post(`${roles}/CreateUserGroup?name=Uusi&type=Boss`);
    expect(unknownType.statusCode).toBe(400);
  });

  it('refuses members who are not portal users and keeps the group as it was', async () => {
    const browser = await admin();
    const group = await createGroupAs(browser, 'Tuntemattomat');
    const { ConcurrencyStamp } = await groupUsersAs(browser, group.Id);
    const response = await browser.post(`${roles}/UpdateGroup`, {
      GroupId: group.Id,
      Users: ['no-such-user'],
      HakaGroupId: null,
      ConcurrencyStamp,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'Users.0', key: 'groups.errors.unknownUser' }]);
    expect((await groupUsersAs(browser, group.Id)).ConcurrencyStamp).toBe(ConcurrencyStamp);
  });

  it('answers 403 to a signed-in non-administrator on every management call and changes nothing', async () => {
    const owner = await admin();
    const group = await createGroupAs(owner, 'Vain ylläpito');
    const { ConcurrencyStamp } = await groupUsersAs(owner, group.Id);
    const browser = await user();
    const userId = await userIdOf(browser, 'user@example.com');
    const before = await snapshot();
    const attempts = [
      await browser.post(`${roles}/CreateUserGroup?name=Kaappaus&type=CreatedByUser`),
      await browser.delete(`${roles}/DeleteUserGroup?groupId=${group.Id}`),
      await browser.get(`${roles}/GetGroupUsers?groupId=${group.Id}`),
      await browser.post(`${roles}/UpdateGroup`, {
        GroupId: group.Id,
        Users: [userId],
        HakaGroupId: 'urn:x',
        ConcurrencyStamp,
      }),
      await browser.post(`${roles}/CreateUserGroup`),
      await browser.post(`${roles}/UpdateGroup`, { GroupId: 42 }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ key: 'errors.forbidden' });
    }
    expect(await snapshot()).toEqual(before);
    // Reading the groups stays open to senders: they see only their own (none here).
    expect((await browser.get(`${roles}/ListUserGroups`)).json()).toEqual([]);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const group = await createGroupAs(await admin(), 'Ilman istuntoa');
    const anonymous = new TestClient(context.app);
    await anonymous.get('/');
    const before = await snapshot();
    for (const response of [
      await anonymous.post(`${roles}/CreateUserGroup?name=Anonyymi`),
      await anonymous.delete(`${roles}/DeleteUserGroup?groupId=${group.Id}`),
      await anonymous.get(`${roles}/GetGroupUsers?groupId=${group.Id}`),
      await anonymous.post(`${roles}/UpdateGroup`, {
        GroupId: group.Id,
        Users: [],
        HakaGroupId: null,
        ConcurrencyStamp: 'x',
      }),
      await anonymous.get(`${roles}/ListUserGroups`),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('group management switched off (GROUP_MANAGEMENT_ENABLED=false)', () => {
  const context = useTestApp('sqlite', { GROUP_MANAGEMENT_ENABLED: 'false' });

  it('refuses every managing call even to an administrator, changing nothing, while groups can still be read', async () => {
    const browser = new TestClient(context.app);
    await browser.login('admin@example.com', 'admin-demo');
    const before = await groupTablesOf(context.database.handle.db);
    for (const response of [
      await browser.post(`${roles}/CreateUserGroup?name=Talous&type=CreatedByUser`),
      await browser.post(`${roles}/UpdateGroup`, { GroupId: 'x', Users: [], HakaGroupId: null }),
      await browser.delete(`${roles}/DeleteUserGroup?groupId=x`),
      await browser.get(`${roles}/GetGroupUsers?groupId=x`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ key: 'errors.forbidden' });
    }
    expect(await groupTablesOf(context.database.handle.db)).toEqual(before);
    expect((await browser.get(`${roles}/ListUserGroups`)).statusCode).toBe(200);
  });
});
