import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? defaultValue : ['true', '1', 'yes'].includes(value),
    );

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every environment variable the server reads, with its default. The README's
 * configuration table lists the same names; keep the two in step.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LANGUAGES: z
    .string()
    .default('fi,en,sv')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(z.array(z.string().regex(/^[a-z]{2}$/)).min(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  FRONTPAGE_INFO_EDITABLE: booleanFlag(true),
  GROUP_MANAGEMENT_ENABLED: booleanFlag(true),
  PERSONAL_SIGNED_FILE_ENABLED: booleanFlag(false),
  SHOW_HAKA_GROUP_ID: booleanFlag(false),
  WEB_DIST_DIR: z.string().default(join(serverRoot, '../web/dist')),
  TRUST_PROXY: booleanFlag(false),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(25),
});
export type Env = z.infer<typeof EnvSchema>;

/** The server's resolved configuration. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  languages: string[];
  logLevel: Env['LOG_LEVEL'];
  sessionSecret: string;
  frontpageInfoEditable: boolean;
  groupManagementEnabled: boolean;
  personalSignedFileEnabled: boolean;
  showHakaGroupId: boolean;
  webDistDir: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}/`),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    languages: env.LANGUAGES,
    logLevel: env.LOG_LEVEL,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    frontpageInfoEditable: env.FRONTPAGE_INFO_EDITABLE,
    groupManagementEnabled: env.GROUP_MANAGEMENT_ENABLED,
    personalSignedFileEnabled: env.PERSONAL_SIGNED_FILE_ENABLED,
    showHakaGroupId: env.SHOW_HAKA_GROUP_ID,
    webDistDir: resolve(env.WEB_DIST_DIR),
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}

/** A generated secret is kept in DATA_DIR so that sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process sharing DATA_DIR wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** The path part of the public URL, always ending with a slash. */
export function publicBasePath(config: AppConfig): string {
  const path = config.publicUrl.pathname;
  return path.endsWith('/') ? path : `${path}/`;
}
