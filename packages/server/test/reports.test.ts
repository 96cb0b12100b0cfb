import { apiPaths, type ReportRow } from '@esign/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditOperations,
  recordAuditEvent,
  type AuditOperation,
} from '../src/audit/audit.service.ts';
import { TestClient } from './support/client.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const { sign, rejectSignature, loginSuccess, logoutSuccess, opened, loginFailure } =
  auditOperations;

/** Events at known instants; the comment is the Helsinki wall-clock time. */
const events: Array<[AuditOperation, string]> = [
  [sign, '2025-12-31T21:59:59Z'], // Dec 31 23:59:59, before the range
  [sign, '2025-12-31T22:00:00Z'], // Jan 1 00:00, the range's first instant
  [sign, '2026-01-31T21:59:59Z'], // Jan 31 23:59:59
  [sign, '2026-01-31T22:30:00Z'], // Feb 1 00:30
  [rejectSignature, '2026-01-31T22:30:00Z'], // Feb 1 00:30
  [sign, '2026-03-31T20:59:59Z'], // Mar 31 23:59:59, summer time (UTC+3) since Mar 29
  [sign, '2026-03-31T21:00:00Z'], // Apr 1 00:00
  [rejectSignature, '2026-10-31T21:30:00Z'], // Oct 31 23:30, winter time (UTC+2) since Oct 25
  [sign, '2026-10-31T22:00:00Z'], // Nov 1 00:00, after the range
  [opened, '2026-02-10T10:00:00Z'],
  [loginSuccess, '2026-01-31T22:30:00Z'], // Feb 1 00:30
  [loginSuccess, '2026-02-10T10:00:00Z'],
  [loginFailure, '2026-02-10T10:00:00Z'],
  [logoutSuccess, '2026-02-28T21:59:59Z'], // Feb 28 23:59:59
  [logoutSuccess, '2026-02-28T22:00:00Z'], // Mar 1 00:00, after the range
];

describe.each(databaseKinds)('the signing and authentication reports on %s', (kind) => {
  const context = useTestApp(kind);
  let admin: TestClient;

  beforeAll(async () => {
    const db = context.database.handle.db;
    for (const [index, [operation, at]] of events.entries()) {
      const flowId = operation === sign ? `flow-${index % 2}` : null;
      await recordAuditEvent(db, { operation, flowId }, new Date(at));
    }
    admin = new TestClient(context.app);
    await admin.login('admin@example.com', 'admin-demo');
  });

  const report = async (path: string, start: string, end: string) => {
    const response = await admin.get(`${path}?start=${start}&end=${end}`);
    expect(response.statusCode).toBe(200);
    return response.json<ReportRow[]>();
  };

  it('counts signatures and rejections per Helsinki month, across the summer-time changes', async () => {
    expect(await report(apiPaths.reportSignings, '2026-01-01', '2026-10-31')).toEqual([
      { Operation: 'Sign', Count: 2, Month: '2026-01' },
      { Operation: 'Sign', Count: 1, Month: '2026-02' },
      { Operation: 'RejectSignature', Count: 1, Month: '2026-02' },
      { Operation: 'Sign', Count: 1, Month: '2026-03' },
      { Operation: 'Sign', Count: 1, Month: '2026-04' },
      { Operation: 'RejectSignature', Count: 1, Month: '2026-10' },
    ]);
  });

  it('counts successful logins and logouts only, over whole days of the range', async () => {
    expect(await report(apiPaths.reportAuthentications, '2026-02-01', '2026-02-28')).toEqual([
      { Operation: 'User Login Success', Count: 2, Month: '2026-02' },
      { Operation: 'User Logout Success', Count: 1, Month: '2026-02' },
    ]);
  });

  it('takes a one-day range as that whole day in Helsinki', async () => {
    expect(await report(apiPaths.reportSignings, '2026-02-01', '2026-02-01')).toEqual([
      { Operation: 'Sign', Count: 1, Month: '2026-02' },
      { Operation: 'RejectSignature', Count: 1, Month: '2026-02' },
    ]);
  });

  it('answers an empty list for a range without events', async () => {
    expect(await report(apiPaths.reportAuthentications, '2020-01-01', '2020-12-31')).toEqual([]);
  });

  it.each([
    ['start=2026-01-01', 'end', 'validation.required'],
    ['start=2026-02-30&end=2026-03-01', 'start', 'validation.invalidValue'],
    ['start=2026-01-01T00:00:00Z&end=2026-03-01', 'start', 'validation.invalidValue'],
    ['start=2026-03-02&end=2026-03-01', 'end', 'validation.invalidValue'],
    ['start=2010-01-01&end=2020-01-01', 'end', 'validation.invalidValue'],
  ])('refuses ?%s with 400 naming %s', async (query, path, key) => {
    const response = await admin.get(`${apiPaths.reportSignings}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: unknown[] }>().issues).toContainEqual({ path, key });
  });

  it('answers 403 to a signed-in user who is not an administrator, and 401 without a session', async () => {
    const user = new TestClient(context.app);
    await user.login('user@example.com', 'user-demo');
    const anonymous = new TestClient(context.app);
    for (const path of [apiPaths.reportSignings, apiPaths.reportAuthentications]) {
      const query = `${path}?start=2026-01-01&end=2026-12-31`;
      expect((await user.get(query)).statusCode).toBe(403);
      expect((await anonymous.get(query)).statusCode).toBe(401);
      // Checked before the query is read: a malformed one teaches them nothing either.
      expect((await user.get(`${path}?start=eilen`)).statusCode).toBe(403);
      expect((await anonymous.get(`${path}?start=eilen`)).statusCode).toBe(401);
    }
  });
});
