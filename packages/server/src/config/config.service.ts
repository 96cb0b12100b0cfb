import type { CommonConfig } from '@esign/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findSetting, upsertSetting } from './config.repository.ts';
import type { AppConfig } from './env.ts';

const frontpageInfoKey = 'frontpage-info';

/** The UI config of SPEC §3, from the environment. */
export function commonConfigOf(config: AppConfig): CommonConfig {
  return {
    Languages: config.languages,
    PublicUrl: config.publicUrl.href.replace(/\/$/, ''),
    IsFrontpageInfoEditable: config.frontpageInfoEditable,
    GroupManagementEnabled: config.groupManagementEnabled,
    PersonalSignedFileEnabled: config.personalSignedFileEnabled,
    ShowHakaGroupId: config.showHakaGroupId,
    MaxUploadMb: Math.round((config.maxUploadBytes / 1024 / 1024) * 10) / 10,
    BuiltInLogin: config.login.kind === 'builtin',
    TimeZone: config.timeZone,
    ApiTokenMaxDays: config.apiTokens.maxDays,
    SigningDeadlineDays: config.signingDeadlineDays,
    SigningDeadlineMaxDays: config.signingDeadlineMaxDays,
  };
}

/** The front-page introduction text; empty until an administrator writes one. */
export async function readFrontpageInfo(db: Kysely<Database>): Promise<string> {
  return (await findSetting(db, frontpageInfoKey)) ?? '';
}

/** Stores the front-page introduction text, replacing the previous one. */
export async function saveFrontpageInfo(
  db: Kysely<Database>,
  text: string,
  now: Date,
): Promise<void> {
  await upsertSetting(db, frontpageInfoKey, text, now);
}
