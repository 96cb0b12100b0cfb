import { describe, expect, it } from 'vitest';
import { TestClient } from './support/client.ts';
import { useTestApp } from './support/test-app.ts';

/** A failed login sent through a proxy that passes X-Forwarded-For on; answers the reply. */
async function failLoginWith(client: TestClient, email: string, forwardedFor: string) {
  const { interaction } = await client.openLoginForm();
  return client.request({
    method: 'POST',
    url: `${interaction}/login`,
    payload: { email, password: 'wrong' },
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

const addressesOfFailures = async (context: ReturnType<typeof useTestApp>) =>
  (
    await context.database.handle.db
      .selectFrom('audit_events')
      .select('ip')
      .where('operation', '=', 'User Login Failure')
      .execute()
  ).map((row) => row.ip);

describe('the client address behind a listed proxy (the app sees it at 127.0.0.1)', () => {
  const context = useTestApp('sqlite', { TRUST_PROXY: '127.0.0.1' });

  it('throttles twenty-five failed logins with a new X-Forwarded-For each by the address the proxy saw', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 25; attempt += 1) {
      // The client writes an address of its own choosing; the proxy appends the one it saw.
      const chosen = `8.8.${attempt}.8`;
      const answer = await failLoginWith(
        new TestClient(context.app),
        `guess-${attempt}@example.com`,
        `${chosen}, 198.51.100.23`,
      );
      answers.push(answer.statusCode);
    }
    expect(answers).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
    const addresses = await addressesOfFailures(context);
    expect(new Set(addresses)).toEqual(new Set(['198.51.100.23']));
  });
});

describe('X-Forwarded-For from a client that is not a listed proxy', () => {
  const context = useTestApp('sqlite', { TRUST_PROXY: '192.0.2.10, 10.0.0.0/8' });

  it('is ignored: the audit trail records the address the connection came from', async () => {
    const answer = await failLoginWith(new TestClient(context.app), 'a@example.com', '8.8.8.8');
    expect(answer.statusCode).toBe(401);
    expect(await addressesOfFailures(context)).toEqual(['127.0.0.1']);
  });
});
