import { apiPaths, type ReportRow } from '@esign/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOperations, recordAuditEvent } from '../src/audit/audit.service.ts';
import { ConfigError } from '../src/config/config-error.ts';
import { loadConfig } from '../src/config/env.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('reports in the time zone TIME_ZONE names, on %s', (kind) => {
  const context = useTestApp(kind, { TIME_ZONE: 'America/New_York' });
  let admin: TestClient;

  beforeAll(async () => {
    const db = context.database.handle.db;
    // 2026-02-01 03:30 in Helsinki, but still January 31 (22:30) in New York.
    await recordAuditEvent(
      db,
      { operation: auditOperations.sign },
      new Date('2026-02-01T03:30:00Z'),
    );
    // 2026-02-01 00:30 in New York.
    await recordAuditEvent(
      db,
      { operation: auditOperations.sign },
      new Date('2026-02-01T05:30:00Z'),
    );
    admin = new TestClient(context.app);
    await admin.login('admin@example.com', 'admin-demo');
  });

  it('draws month boundaries at midnight in that zone', async () => {
    const response = await admin.get(`${apiPaths.reportSignings}?start=2026-01-01&end=2026-02-28`);
    expect(response.json<ReportRow[]>()).toEqual([
      { Operation: 'Sign', Count: 1, Month: '2026-01' },
      { Operation: 'Sign', Count: 1, Month: '2026-02' },
    ]);
  });
});

describe('TIME_ZONE', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), PKI_PASSPHRASE: 'y'.repeat(16) };

  it('defaults to Europe/Helsinki', () => {
    expect(loadConfig(base).timeZone).toBe('Europe/Helsinki');
  });

  it('refuses a name that is not an IANA time zone', () => {
    expect(() => loadConfig({ ...base, TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(ConfigError);
  });
});
