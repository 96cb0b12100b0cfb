import { limits } from '@esign/contract';
import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const info = '/api/config/info';
const postText = (browser: TestClient, text: unknown) =>
  browser.request({
    method: 'POST',
    url: info,
    payload: JSON.stringify(text),
    headers: { 'content-type': 'application/json' },
  });

describe.each(databaseKinds)('the front-page text on %s', (kind) => {
  const context = useTestApp(kind);
  const signedIn = async (email: string, password: string) => {
    const browser = new TestClient(context.app);
    await browser.login(email, password);
    return browser;
  };
  const storedText = async () => (await context.app.inject({ url: info })).json();

  it('stores what an administrator sends and shows it to everyone, anonymous too', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const text = '# Tervetuloa\nLue [ohjeet](https://example.fi/ohjeet) – Åbo "ok"';
    const response = await postText(admin, text);
    expect(response.statusCode).toBe(204);
    expect(await storedText()).toBe(text);
    const anonymous = await context.app.inject({ url: info });
    expect(anonymous.headers['content-type']).toMatch(/application\/json/);
    expect(anonymous.json()).toBe(text);
  });

  it('accepts the maximum length and refuses one character more with the max-length message', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    const longest = 'a'.repeat(limits.frontpageInfoMaxLength);
    expect((await postText(admin, longest)).statusCode).toBe(204);
    const tooLong = await postText(admin, `${longest}b`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues).toEqual([
      { path: '', key: 'validation.maxLength', params: { n: limits.frontpageInfoMaxLength } },
    ]);
    expect(await storedText()).toBe(longest);
    expect((await postText(admin, { text: 'not a string' })).statusCode).toBe(400);
  });

  it('answers 403 to a signed-in non-administrator and 401 without a session, changing nothing', async () => {
    const admin = await signedIn('admin@example.com', 'admin-demo');
    await postText(admin, 'Ylläpidon teksti');
    const user = await signedIn('user@example.com', 'user-demo');
    const refused = await postText(user, 'Käyttäjän teksti');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'errors.forbidden' });
    expect((await postText(user, 'x'.repeat(limits.frontpageInfoMaxLength + 1))).statusCode).toBe(
      403,
    );
    const anonymous = new TestClient(context.app);
    await anonymous.get('/');
    expect((await postText(anonymous, 'Anonyymi teksti')).statusCode).toBe(401);
    expect(await storedText()).toBe('Ylläpidon teksti');
  });
});

describe('the front-page text when IsFrontpageInfoEditable is off', () => {
  const context = useTestApp('sqlite', { FRONTPAGE_INFO_EDITABLE: 'false' });

  it('answers 403 even to an administrator and keeps the text', async () => {
    const admin = new TestClient(context.app);
    await admin.login('admin@example.com', 'admin-demo');
    const response = await postText(admin, 'Ei muokattavissa');
    expect(response.statusCode).toBe(403);
    expect((await context.app.inject({ url: info })).json()).toBe('');
  });
});
