import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignatureLevel } from '@esign/contract';
import { readCscConfig, type CscConfig } from '../signing/qualified/csc-config.ts';
import { z } from 'zod';

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? defaultValue : ['true', '1', 'yes'].includes(value),
    );

/** Attachment types accepted unless ALLOWED_ATTACHMENT_TYPES says otherwise (checked by content). */
export const defaultAttachmentTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
];

/** The zone names Intl knows (the IANA database Node carries). */
function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

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
  ORGANIZATION_NAME: z.string().optional(),
  ORGANIZATION_BIC: z.string().optional(),
  BUILTIN_IDP: booleanFlag(false),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  SIGNER_OIDC_ISSUER: z.url().optional(),
  SIGNER_OIDC_CLIENT_ID: z.string().optional(),
  SIGNER_OIDC_CLIENT_SECRET: z.string().optional(),
  SIGNER_OIDC_SCOPES: z.string().default('openid email profile'),
  SIGNER_OIDC_PERSONAL_ID_CLAIM: z.string().min(1).default('personal_identity_code'),
  SAML_ENTRY_POINT: z.url().optional(),
  SAML_IDP_CERT: z.string().optional(),
  SAML_ISSUER: z.string().optional(),
  SAML_LOGOUT_URL: z.url().optional(),
  SAML_SP_KEY: z.string().optional(),
  SAML_SP_CERT: z.string().optional(),
  ADMIN_GROUPS: z.string().default('esign-admins'),
  ADMIN_EMAILS: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(100),
  AUTO_DELETE_DAYS: z.coerce.number().int().positive().default(180),
  SIGNING_DEADLINE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ALLOWED_ATTACHMENT_TYPES: z.string().default(defaultAttachmentTypes.join(',')),
  /** Unset means every level the configuration can offer (see signatureLevelsOf). */
  SIGNATURE_LEVELS: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(true),
  PKI_PASSPHRASE: z.string().min(16).optional(),
  TSA_URL: z.url().optional(),
  SEAL_P12: z.string().optional(),
  SEAL_P12_PASSWORD: z.string().default(''),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('eSign <no-reply@localhost>'),
  JOB_WORKER: booleanFlag(true),
  JOB_LOCK_SECONDS: z.coerce.number().int().positive().default(300),
  METRICS_ENABLED: booleanFlag(true),
  /** Empty means unset, so that a compose file can pass `${METRICS_TOKEN:-}`. */
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
  TIME_ZONE: z
    .string()
    .default('Europe/Helsinki')
    .refine(isKnownTimeZone, 'must be an IANA time zone name, such as Europe/Helsinki'),
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
  organizationName: string;
  organizationBic: string;
  /** demo: the built-in provider with demo accounts (anything but NODE_ENV=production). */
  demo: boolean;
  login: LoginConfig;
  adminGroups: string[];
  adminEmails: string[];
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  maxUploadBytes: number;
  autoDeleteDays: number;
  /** How long signers have from sending: the deadline in their mail; then the flow expires. */
  signingDeadlineDays: number;
  allowedAttachmentTypes: string[];
  /** The levels senders may choose; Advanced only when signerOidc is set. */
  signatureLevels: SignatureLevel[];
  /** Where signers prove who they are for an Advanced signature; null: Advanced is not offered. */
  signerOidc: SignerOidcConfig | null;
  /** The qualified trust service (CSC API v2) for Qualified signatures; null offers none. */
  csc: CscConfig | null;
  /** S3-compatible object storage; null keeps files on the local disk. */
  s3: S3Config | null;
  /** Encrypts the portal PKI's keys at rest. */
  pkiPassphrase: string;
  /** An external RFC 3161 time-stamp authority; the portal's own TSA when unset. */
  tsaUrl: string | undefined;
  /** An operator's PKCS#12 e-seal, used instead of the portal PKI's seal. */
  sealP12: { path: string; password: string } | null;
  /** Outgoing mail; without an SMTP URL, mail goes to the dev mailbox. */
  smtp: { url: string | null; from: string };
  /** This node runs queued jobs (mail, reminders, sweeps). */
  jobWorker: boolean;
  /** How long a claimed job stays its worker's; then another node may take it over. */
  jobLockMs: number;
  /** Prometheus metrics at /metrics; with a token, only for `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token: string | undefined };
  /** The organisation's IANA time zone: reports' days and months begin at its midnight. */
  timeZone: string;
}

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

function s3ConfigOf(env: Env): S3Config | null {
  if (!env.S3_BUCKET) {
    if (env.S3_ENDPOINT) throw new ConfigError('S3_BUCKET is required with S3_ENDPOINT');
    return null;
  }
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/**
 * Advanced needs a provider for signers' strong authentication: the default list drops it
 * when there is none; a list that names it explicitly stops the start instead.
 */
function signatureLevelsOf(
  value: string | undefined,
  signerOidc: SignerOidcConfig | null,
  csc: CscConfig | null,
): SignatureLevel[] {
  const levels = listOf(value ?? 'Low,Advanced,Qualified');
  const parsed = z.array(SignatureLevel).min(1).safeParse(levels);
  if (!parsed.success) {
    throw new ConfigError('SIGNATURE_LEVELS must list one or more of Low, Advanced, Qualified');
  }
  const missing: Array<[SignatureLevel, string]> = [];
  if (!signerOidc && parsed.data.includes('Advanced'))
    missing.push([
      'Advanced',
      "SIGNER_OIDC_ISSUER (a provider for signers' strong authentication)",
    ]);
  if (!csc && parsed.data.includes('Qualified'))
    missing.push(['Qualified', 'CSC_BASE_URL (a qualified trust service over the CSC API)']);
  if (missing.length === 0) return parsed.data;
  if (value !== undefined) {
    const [level, needs] = missing[0] ?? ['', ''];
    throw new ConfigError(`SIGNATURE_LEVELS offers ${level}, which needs ${needs}`);
  }
  const unavailable = new Set(missing.map(([level]) => level));
  return parsed.data.filter((level) => !unavailable.has(level));
}

/**
 * The provider signers identify at for an Advanced signature: an external one, or in the
 * demo profile the built-in provider, whose demo accounts carry test identity codes.
 */
export type SignerOidcConfig =
  | { kind: 'builtin' }
  | {
      kind: 'oidc';
      issuer: string;
      clientId: string;
      clientSecret: string | undefined;
      scopes: string;
      /** The claim holding the Finnish personal identity code. */
      personalIdClaim: string;
    };

function signerOidcConfigOf(env: Env, demo: boolean, login: LoginConfig): SignerOidcConfig | null {
  if (env.SIGNER_OIDC_ISSUER) {
    if (!env.SIGNER_OIDC_CLIENT_ID) {
      throw new ConfigError('SIGNER_OIDC_CLIENT_ID is required with SIGNER_OIDC_ISSUER');
    }
    return {
      kind: 'oidc',
      issuer: env.SIGNER_OIDC_ISSUER,
      clientId: env.SIGNER_OIDC_CLIENT_ID,
      clientSecret: env.SIGNER_OIDC_CLIENT_SECRET,
      scopes: env.SIGNER_OIDC_SCOPES,
      personalIdClaim: env.SIGNER_OIDC_PERSONAL_ID_CLAIM,
    };
  }
  // In production the built-in provider knows only the staff's passwords: no strong authentication.
  return demo && login.kind === 'builtin' ? { kind: 'builtin' } : null;
}

/** How portal users log in: exactly one of these is in force. */
export type LoginConfig =
  | { kind: 'builtin' }
  | {
      kind: 'oidc';
      issuer: string;
      clientId: string;
      clientSecret: string | undefined;
      scopes: string;
    }
  | {
      kind: 'saml';
      entryPoint: string;
      idpCert: string;
      issuer: string;
      logoutUrl: string | undefined;
      /** The portal's own key pair: signs requests, decrypts assertions, published in metadata. */
      spKey: string | undefined;
      spCert: string | undefined;
    };

const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

function loginConfigOf(env: Env, demo: boolean): LoginConfig {
  if (env.SAML_ENTRY_POINT) {
    if (!env.SAML_IDP_CERT)
      throw new ConfigError('SAML_IDP_CERT is required with SAML_ENTRY_POINT');
    if (Boolean(env.SAML_SP_KEY) !== Boolean(env.SAML_SP_CERT)) {
      throw new ConfigError('SAML_SP_KEY and SAML_SP_CERT go together: set both or neither');
    }
    return {
      kind: 'saml',
      entryPoint: env.SAML_ENTRY_POINT,
      idpCert: env.SAML_IDP_CERT,
      issuer: env.SAML_ISSUER ?? 'esign-portal',
      logoutUrl: env.SAML_LOGOUT_URL,
      spKey: env.SAML_SP_KEY,
      spCert: env.SAML_SP_CERT,
    };
  }
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID) throw new ConfigError('OIDC_CLIENT_ID is required with OIDC_ISSUER');
    return {
      kind: 'oidc',
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: env.OIDC_SCOPES,
    };
  }
  if (!demo && !env.BUILTIN_IDP) {
    throw new ConfigError(
      'No login configured: set OIDC_ISSUER or SAML_ENTRY_POINT, or BUILTIN_IDP=true for the built-in provider',
    );
  }
  return { kind: 'builtin' };
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
  const demo = env.NODE_ENV !== 'production';
  const login = loginConfigOf(env, demo);
  const signerOidc = signerOidcConfigOf(env, demo, login);
  const csc = readCscConfig(source);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}/`),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    languages: env.LANGUAGES,
    logLevel: env.LOG_LEVEL,
    sessionSecret: env.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    frontpageInfoEditable: env.FRONTPAGE_INFO_EDITABLE,
    groupManagementEnabled: env.GROUP_MANAGEMENT_ENABLED,
    personalSignedFileEnabled: env.PERSONAL_SIGNED_FILE_ENABLED,
    showHakaGroupId: env.SHOW_HAKA_GROUP_ID,
    webDistDir: resolve(env.WEB_DIST_DIR),
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    organizationName: env.ORGANIZATION_NAME ?? (demo ? 'Demo Organisation' : ''),
    organizationBic: env.ORGANIZATION_BIC ?? (demo ? 'DEMOFIHH' : ''),
    demo,
    login,
    adminGroups: listOf(env.ADMIN_GROUPS),
    adminEmails: listOf(env.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    autoDeleteDays: env.AUTO_DELETE_DAYS,
    signingDeadlineDays: env.SIGNING_DEADLINE_DAYS,
    allowedAttachmentTypes: listOf(env.ALLOWED_ATTACHMENT_TYPES),
    signatureLevels: signatureLevelsOf(env.SIGNATURE_LEVELS, signerOidc, csc),
    signerOidc,
    csc,
    s3: s3ConfigOf(env),
    pkiPassphrase: env.PKI_PASSPHRASE ?? readOrCreateSecret(dataDir, 'pki-passphrase'),
    tsaUrl: env.TSA_URL,
    sealP12: env.SEAL_P12 ? { path: resolve(env.SEAL_P12), password: env.SEAL_P12_PASSWORD } : null,
    smtp: { url: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    jobWorker: env.JOB_WORKER,
    jobLockMs: env.JOB_LOCK_SECONDS * 1000,
    metrics: { enabled: env.METRICS_ENABLED, token: env.METRICS_TOKEN || undefined },
    timeZone: env.TIME_ZONE,
  };
}

/** A generated secret is kept in DATA_DIR so that it survives restarts. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
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
