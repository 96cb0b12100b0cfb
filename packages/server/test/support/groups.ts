import type { GroupListItem, GroupUsersWithStamp } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { TestClient } from './client.ts';

export const roles = '/api/esign/Roles';

/** Creates a group through the API and answers it. */
export async function createGroupAs(browser: TestClient, name: string): Promise<GroupListItem> {
  const response = await browser.post(
    `${roles}/CreateUserGroup?name=${encodeURIComponent(name)}&type=CreatedByUser`,
  );
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

export async function groupUsersAs(
  browser: TestClient,
  groupId: string,
): Promise<GroupUsersWithStamp> {
  const response = await browser.get(`${roles}/GetGroupUsers?groupId=${groupId}`);
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.body}`);
  return response.json();
}

/** The portal user id of an e-mail address, as ListUsers answers it. */
export async function userIdOf(browser: TestClient, email: string): Promise<string> {
  const users: Array<{ Id: string; Email: string }> = (
    await browser.get(`${roles}/ListUsers`)
  ).json();
  const user = users.find((item) => item.Email === email);
  if (!user) throw new Error(`${email} has not logged in`);
  return user.Id;
}

/** Everything group management writes, to show that a refused call changed nothing. */
export async function groupTablesOf(db: Kysely<Database>) {
  return {
    groups: await db.selectFrom('user_groups').selectAll().orderBy('id').execute(),
    members: await db
      .selectFrom('user_group_members')
      .selectAll()
      .orderBy('group_id')
      .orderBy('user_id')
      .execute(),
  };
}
