import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import type { MigrationContext } from './migration-context.ts';
import { initial } from './migrations/0001-initial.ts';
import { identity } from './migrations/0002-identity.ts';
import { samlRequests } from './migrations/0003-saml-requests.ts';
import { signFlows } from './migrations/0004-signflows.ts';
import { signing } from './migrations/0005-signing.ts';
import { membershipIndex } from './migrations/0006-membership-index.ts';
import { signerIdentityCode } from './migrations/0007-signer-identity-code.ts';
import { signingDeadline } from './migrations/0008-signing-deadline.ts';
import { derivedDetailsStatus } from './migrations/0009-derived-details-status.ts';
import { loginHardening } from './migrations/0010-login-hardening.ts';
import { auditSigner } from './migrations/0011-audit-signer.ts';
import { nodes } from './migrations/0012-nodes.ts';
import { signerCodeLimits } from './migrations/0013-signer-code-limits.ts';
import { signedCopy } from './migrations/0014-signed-copy.ts';
import { archiveRenewal } from './migrations/0015-archive-renewal.ts';
import { apiTokens } from './migrations/0016-api-tokens.ts';
import { webhooks } from './migrations/0017-webhooks.ts';
import { flowExpiryDate } from './migrations/0018-flow-expiry-date.ts';
import { flowRecipients } from './migrations/0019-flow-recipients.ts';
import { templates } from './migrations/0020-templates.ts';
import { bulkBatches } from './migrations/0021-bulk-batches.ts';

/** The one list of migrations, in order; both databases run the same list. */
const migrations: Array<[string, (context: MigrationContext) => Migration]> = [
  ['0001-initial', initial],
  ['0002-identity', identity],
  ['0003-saml-requests', samlRequests],
  ['0004-signflows', signFlows],
  ['0005-signing', signing],
  ['0006-membership-index', membershipIndex],
  ['0007-signer-identity-code', signerIdentityCode],
  ['0008-signing-deadline', signingDeadline],
  ['0009-derived-details-status', derivedDetailsStatus],
  ['0010-login-hardening', loginHardening],
  ['0011-audit-signer', auditSigner],
  ['0012-nodes', nodes],
  ['0013-signer-code-limits', signerCodeLimits],
  ['0014-signed-copy', signedCopy],
  ['0015-archive-renewal', archiveRenewal],
  ['0016-api-tokens', apiTokens],
  ['0017-webhooks', webhooks],
  ['0018-flow-expiry-date', flowExpiryDate],
  ['0019-flow-recipients', flowRecipients],
  ['0020-templates', templates],
  ['0021-bulk-batches', bulkBatches],
];

class StaticProvider implements MigrationProvider {
  private readonly context: MigrationContext;

  constructor(context: MigrationContext) {
    this.context = context;
  }

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(migrations.map(([name, build]) => [name, build(this.context)])),
    );
  }
}

/** Brings the schema up to date; safe to run on every start and from several nodes at once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; name
  // ours, so that another schema's tables (another app, a parallel test) are never taken for them.
  const schema =
    handle.kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticProvider({ kind: handle.kind }),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
