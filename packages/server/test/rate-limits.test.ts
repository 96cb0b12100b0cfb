import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/http/rate-limit.ts';
import { MovableClock } from '../src/time/clock.ts';
import { TestClient } from './support/client.ts';
import { useTestApp } from './support/test-app.ts';

describe('anonymous calls from one address', () => {
  const clock = new MovableClock();
  const context = useTestApp('sqlite', { JOB_WORKER: 'false' }, { clock });
  const from = (remoteAddress: string, url: string, method: 'GET' | 'POST' = 'GET') =>
    context.app.inject({ method, url, remoteAddress });

  it('refuses login starts past the limit with 429 and Retry-After, at the portal and at the provider, until the minute is over', async () => {
    const attacker = '198.51.100.7';
    const { max } = rateLimits.login;
    const statuses = new Set<number>();
    for (let start = 0; start < max; start += 1)
      statuses.add((await from(attacker, '/api/esign/Users/ExternalLogin')).statusCode);
    expect([...statuses]).toEqual([303]);
    const refused = await from(attacker, '/api/esign/Users/ExternalLogin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ key: 'errors.tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The provider's own authorization endpoint writes a row per start too: it counts alike,
    // and so does the callback, whose every refusal is audited.
    const direct = await from(attacker, '/idp/auth?client_id=esign-portal&response_type=code');
    expect(direct.statusCode).toBe(429);
    expect((await from(attacker, '/api/esign/Users/callback?state=x&code=y')).statusCode).toBe(429);
    const before = await context.database.handle.db
      .selectFrom('login_states')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(max);
    // Another address is not held up, and the attacker's minute ends.
    expect((await from('198.51.100.8', '/api/esign/Users/ExternalLogin')).statusCode).toBe(303);
    clock.advance(rateLimits.login.windowMs);
    expect((await from(attacker, '/api/esign/Users/ExternalLogin')).statusCode).toBe(303);
  });

  it('refuses passwords and code requests past their limits before looking at them', async () => {
    const cases = [
      ['/idp-login/no-such-interaction/login', rateLimits.password.max],
      [`/api/sign/${'x'.repeat(43)}/code`, rateLimits.signerCode.max],
    ] as const;
    for (const [url, max] of cases) {
      const browser = new TestClient(context.app);
      await browser.get('/api/esign/users/current'); // the anonymous XSRF cookie
      const statuses = new Set<number>();
      for (let attempt = 0; attempt < max; attempt += 1)
        statuses.add(
          (await browser.post(url, { email: 'a@example.com', password: 'x' })).statusCode,
        );
      expect(statuses.has(429), url).toBe(false);
      const refused = await browser.post(url, { email: 'a@example.com', password: 'x' });
      expect(refused.statusCode, url).toBe(429);
    }
    // The built-in login of everyone else from elsewhere goes on.
    const user = await new TestClient(context.app).request({
      method: 'GET',
      url: '/api/esign/Users/ExternalLogin',
      remoteAddress: '203.0.113.20',
    });
    expect(user.statusCode).toBe(303);
  });
});
