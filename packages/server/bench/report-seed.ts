import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.ts';

const eventCount = 1_000_000;
const spanMonths = 24;
/** Ten events in a row: what a busy portal's audit trail looks like, roughly. */
const mix = ['Sign', 'Sign', 'RejectSignature', 'User Login Success', 'User Login Success']
  .concat(['User Login Success', 'User Logout Success', 'User Logout Success', 'Opened', 'Sent'])
  .map((operation, index) => `when ${index} then '${operation}'`)
  .join(' ');

/** A million events spread evenly over 24 months up to now, generated inside the database. */
export async function seedAuditEvents(handle: DatabaseHandle, now: Date): Promise<void> {
  const first = new Date(now);
  first.setUTCMonth(first.getUTCMonth() - spanMonths);
  const stepSeconds = (now.getTime() - first.getTime()) / 1000 / eventCount;
  const hash = '0'.repeat(64);
  const epoch = first.getTime() / 1000;
  const operation = sql.raw(`case i % 10 ${mix} end`);
  if (handle.kind === 'postgres') {
    await sql`insert into audit_events (id, occurred_at, operation, details, previous_hash, hash)
      select md5(i::text),
        to_timestamp(cast(${epoch} as double precision) + i * cast(${stepSeconds} as double precision)),
        ${operation}, '{}', ${hash}, ${hash}
      from generate_series(0, ${eventCount - 1}) as i`.execute(handle.db);
    await sql`vacuum analyze audit_events`.execute(handle.db);
  } else {
    // One INSERT … SELECT over a counting CTE: a single statement, hence a single transaction.
    await sql`with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${eventCount - 1})
      insert into audit_events (id, occurred_at, operation, details, previous_hash, hash)
      select hex(randomblob(16)), strftime('%Y-%m-%dT%H:%M:%fZ', ${epoch} + i * ${stepSeconds}, 'unixepoch'),
        ${operation}, '{}', ${hash}, ${hash} from seq`.execute(handle.db);
    await sql`analyze`.execute(handle.db);
  }
}

/** An administrator of its own, for the endpoint's session. */
export async function createAdmin(handle: DatabaseHandle): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await handle.db
    .insertInto('users')
    .values({
      id,
      issuer: 'bench',
      subject: id,
      email: 'admin@bench.invalid',
      display_name: 'Admin',
      organisation: null,
      title: null,
      is_admin: true,
      created_at: at,
      last_login_at: at,
    })
    .execute();
  return id;
}
