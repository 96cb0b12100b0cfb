import type { FlowEventsResponse } from '@esign/contract';
import type { AuditEventRow } from '../db/schema.ts';

/** A flow's audit trail as the sender sees it, and whether its hash chain is whole. */
export function presentFlowEvents(rows: AuditEventRow[], chainIntact: boolean): FlowEventsResponse {
  return {
    Events: rows.map((row) => ({
      Id: row.id,
      Time: new Date(row.occurred_at).toISOString(),
      Operation: row.operation,
      Actor: row.actor,
      Ip: row.ip,
      UserAgent: row.user_agent,
      Details: JSON.parse(row.details) as Record<string, unknown>,
    })),
    ChainIntact: chainIntact,
  };
}
