import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { resolveSignFlowListQuery, SignFlowSortColumn, type SignFlowStatus } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { listFlows } from '../src/signflows/signflows.repository.ts';
import type { TestDatabase } from '../test/support/databases.ts';

const flowCount = 10_000;
const rounds = 200;
const sortColumns = SignFlowSortColumn.options;
const statuses: SignFlowStatus[] = ['Draft', 'Sent', 'Finished', 'Rejected', 'Cancelled'];

/** 10,000 flows (or `count`) for one user, in every state, with realistic names and dates. */
export async function seedFlows(
  db: Kysely<Database>,
  { count = flowCount, email = 'bench@example.com' }: { count?: number; email?: string } = {},
): Promise<string> {
  const userId = randomUUID();
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      id: userId,
      issuer: 'bench',
      subject: userId,
      email,
      display_name: 'Bench',
      organisation: null,
      title: null,
      is_admin: false,
      created_at: new Date(now).toISOString(),
      last_login_at: new Date(now).toISOString(),
    })
    .execute();
  const words = [
    'Työsopimus',
    'Kauppakirja',
    'Vuokrasopimus',
    'Tutkimussopimus',
    'Pöytäkirja',
    'Valtakirja',
  ];
  const rows = Array.from({ length: count }, (_, index) => {
    const status = statuses[index % statuses.length] ?? 'Draft';
    const at = (offsetDays: number) =>
      new Date(now - (index + offsetDays) * 3_600_000).toISOString();
    const name = `${words[index % words.length]} ${index}`;
    return {
      id: randomUUID(),
      owner_id: userId,
      group_id: null,
      name,
      name_search: name.toLowerCase(),
      note: null,
      status,
      signature_process: 'Concurrent' as const,
      minimum_signature_level: 'Low' as const,
      inspector_email: null,
      reminder_interval_days: null,
      cancellation_comment: null,
      language: 'fi',
      created_at: at(48),
      updated_at: at(24),
      sent_at: status === 'Draft' ? null : at(20),
      cancelled_at: status === 'Cancelled' ? at(10) : null,
      finished_at: status === 'Finished' ? at(10) : null,
      rejected_at: status === 'Rejected' ? at(10) : null,
      last_status_query_at: null,
      auto_delete_at: at(-24 * 180),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('sign_flows')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return userId;
}

const p95 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1] ?? 0;

async function timeIt(action: () => Promise<unknown>): Promise<number> {
  for (let warm = 0; warm < 20; warm += 1) await action();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return p95(samples);
}

export interface ListBenchRow {
  database: string;
  sort: string;
  search: string;
  endpointP95: number;
  sqlP95: number;
}

/**
 * For each sort column, with and without a search term: the p95 of one list page (50
 * rows) through the whole HTTP stack, beside the p95 of the bare SQL it runs.
 */
export async function benchList(
  database: TestDatabase,
  request: (url: string) => Promise<unknown>,
  userId: string,
): Promise<ListBenchRow[]> {
  const results: ListBenchRow[] = [];
  for (const sort of sortColumns) {
    for (const search of ['', 'sopimus 12']) {
      const query = {
        sort,
        order: 'desc' as const,
        page: 3,
        pageSize: 50,
        ...(search ? { q: search } : {}),
      };
      const url = `/api/esign/SignFlows?${new URLSearchParams({ ...query, page: '3', pageSize: '50' } as Record<string, string>)}`;
      const resolved = resolveSignFlowListQuery(query);
      const endpointP95 = await timeIt(() => request(url));
      const sqlP95 = await timeIt(() =>
        listFlows(database.handle.db, { userId, groupIds: [] }, resolved),
      );
      results.push({
        database: database.handle.kind,
        sort,
        search: search || '—',
        endpointP95,
        sqlP95,
      });
    }
  }
  return results;
}
