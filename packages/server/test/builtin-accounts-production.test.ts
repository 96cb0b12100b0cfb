import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const changePassword = '/api/esign/Accounts/ChangePassword';
const listAccounts = '/api/esign/Accounts/ListAccounts';
const createAccount = '/api/esign/Accounts/CreateAccount';
const deleteAccount = (id: string) =>
  `/api/esign/Accounts/DeleteAccount?accountId=${encodeURIComponent(id)}`;

describe.each(databaseKinds)('the production administrator of the built-in login on %s', (kind) => {
  const logLines: string[] = [];
  const context = useTestApp(
    kind,
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-session-secret-of-enough-length',
      BUILTIN_IDP: 'true',
      LOG_LEVEL: 'warn',
      // Makes an administrator of an account outside the administrators' group.
      ADMIN_EMAILS: 'helper@example.com',
    },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const printedPassword = () =>
    /one-time password (\S+)/.exec(logLines.find((line) => line.includes('one-time')) ?? '')?.[1] ??
    '';
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    const { submitted } = await browser.login(email, password);
    expect(submitted.statusCode).toBe(200);
    return browser;
  };
  const idOf = async (email: string) =>
    (
      await context.database.handle.db
        .selectFrom('local_accounts')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const account = (Email: string, IsAdmin: boolean) => ({
    Email,
    DisplayName: Email.split('@')[0],
    IsAdmin,
    Password: 'alkusalasana-2026',
  });

  it('changes the password printed at the first start, which then stops working', async () => {
    const admin = await signedIn('admin@localhost', printedPassword());
    const response = await admin.post(changePassword, {
      CurrentPassword: printedPassword(),
      NewPassword: 'pääkäyttäjän oma salasana',
    });
    expect(response.statusCode).toBe(204);
    const old = await new TestClient(context.app).login('admin@localhost', printedPassword());
    expect(old.submitted.statusCode).toBe(401);
    expect(await signedIn('admin@localhost', 'pääkäyttäjän oma salasana')).toBeDefined();
  });

  it('adds accounts: an administrator and a user, whom ADMIN_EMAILS makes an administrator', async () => {
    const admin = await signedIn('admin@localhost', 'pääkäyttäjän oma salasana');
    expect(
      (await admin.post(createAccount, account('second@example.com', true))).json(),
    ).toMatchObject({ Email: 'second@example.com', IsAdmin: true });
    expect(
      (await admin.post(createAccount, account('helper@example.com', false))).json(),
    ).toMatchObject({ Email: 'helper@example.com', IsAdmin: false });
    const second = await signedIn('second@example.com', 'alkusalasana-2026');
    const current = await second.get('/api/esign/users/current');
    expect(current.json()).toMatchObject({ IsAuthenticated: true, IsAdmin: true });
  });

  it('lets only one of two administrators removing each other at once succeed', async () => {
    const first = await signedIn('admin@localhost', 'pääkäyttäjän oma salasana');
    const second = await signedIn('second@example.com', 'alkusalasana-2026');
    const [firstId, secondId] = [await idOf('admin@localhost'), await idOf('second@example.com')];
    const answers = await Promise.all([
      first.delete(deleteAccount(secondId)),
      second.delete(deleteAccount(firstId)),
    ]);
    // The loser is refused as the last administrator, finds its own session already ended, or
    // (its account gone as it was checked) is no longer an administrator.
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(204);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = (await first.get(listAccounts)).statusCode === 200 ? first : second;
    const list = (await admins.get(listAccounts)).json<Array<{ IsAdmin: boolean }>>();
    expect(list.filter((item) => item.IsAdmin)).toHaveLength(1);
  });

  it('cannot remove the last administrator', async () => {
    const [remaining] = await context.database.handle.db
      .selectFrom('local_accounts')
      .select(['id', 'email'])
      .where('groups', 'like', '%esign-admins%')
      .execute();
    // An administrator by ADMIN_EMAILS alone, outside the group, may remove administrators.
    const helper = await signedIn('helper@example.com', 'alkusalasana-2026');
    const response = await helper.delete(deleteAccount(remaining?.id ?? ''));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      key: 'accounts.errors.lastAdministrator',
      message:
        'This is the last administrator account. Make another account an administrator first.',
    });
    expect(await idOf(remaining?.email ?? '')).toBe(remaining?.id);
  });
});
