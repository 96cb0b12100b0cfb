import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { JWK } from 'oidc-provider';
import type { Database } from '../db/schema.ts';
import { findSetting, insertSettingOnce } from '../config/config.repository.ts';

const settingKey = 'idp-jwks';

/**
 * The built-in provider's token-signing keys, kept in the database so every node signs
 * with the same key; made once, by whichever node starts first.
 */
export async function loadOrCreateSigningKeys(
  db: Kysely<Database>,
  now: Date,
): Promise<{ keys: JWK[] }> {
  const existing = await findSetting(db, settingKey);
  if (existing) return JSON.parse(existing) as { keys: JWK[] };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    use: 'sig',
    alg: 'RS256',
  };
  await insertSettingOnce(db, settingKey, JSON.stringify({ keys: [jwk] }), now);
  // Another node may have won the race: use what is stored.
  return JSON.parse((await findSetting(db, settingKey)) ?? '') as { keys: JWK[] };
}
