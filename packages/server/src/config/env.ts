import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SignatureLevel } from '@esign/contract';
import { parseAllowedHosts, type OutboundPolicy } from '../http/outbound-address.ts';
import { ConfigError } from './config-error.ts';
import { readCscConfig, type CscConfig } from './csc-config.ts';
import { EnvSchema, listOf, type Env } from './env-schema.ts';
import { readTrustedRoots } from './trusted-roots.ts';
import {
  loginConfigOf,
  signatureLevelsOf,
  signerOidcConfigOf,
  type LoginConfig,
  type SignerOidcConfig,
} from './login-config.ts';

/** The server's resolved configuration. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  /** The address to listen on: HOST, else 127.0.0.1 in the demo profile and 0.0.0.0 in production. */
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
  /** The reverse proxies whose X-Forwarded-* headers count; false: none. */
  trustProxy: false | string[];
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
  /** API tokens: the longest life a new one may get (days), and its requests per minute. */
  apiTokens: { maxDays: number; ratePerMinute: number };
  /** Where webhooks may be sent (WEBHOOK_ALLOWED_HOSTS), and whether http to 127.0.0.1 is allowed. */
  webhooks: { allowedHosts: OutboundPolicy; allowHttp: boolean };
  maxUploadBytes: number;
  /** The most rows (flows) one bulk-send batch may have (BULK_SEND_MAX_ROWS). */
  bulkSendMaxRows: number;
  autoDeleteDays: number;
  /** A new flow's deadline, in days from today: the date the sender is offered; then the flow expires. */
  signingDeadlineDays: number;
  /** The furthest ahead, in days from today, a flow's deadline may be set or extended. */
  signingDeadlineMaxDays: number;
  /** How long, from finishing, each signer's link to the signed document works. */
  signedCopyDays: number;
  /** How long before its TSA certificate expires a signed file's archive time stamp is renewed. */
  archiveRenewBeforeDays: number;
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
  /** The portal's own TSA also answers others at POST /api/tsa (signing calls it in-process). */
  tsaPublic: boolean;
  /** The policy the portal's own TSA issues its time stamps under. */
  tsaPolicyOid: string;
  /** Certificates (PEM) of a trust list (TRUSTED_ROOTS_DIR): their chains show as qualified. */
  trustedRoots: string[];
  /** An operator's PKCS#12 e-seal, used instead of the portal PKI's seal. */
  sealP12: { path: string; password: string } | null;
  /** Outgoing mail; without an SMTP URL, mail goes to the dev mailbox. */
  smtp: { url: string | null; from: string };
  /** A file is attached to a mail only when smaller than this (bytes); 0 attaches none. */
  mailAttachmentMaxBytes: number;
  /** This node runs queued jobs (mail, reminders, sweeps). */
  jobWorker: boolean;
  /** How long a claimed job stays its worker's; then another node may take it over. */
  jobLockMs: number;
  /** A node whose heartbeat is older than this is dead: its jobs and temporary files are taken over. */
  heartbeatTimeoutMs: number;
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

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.SIGNING_DEADLINE_DAYS > env.SIGNING_DEADLINE_MAX_DAYS)
    throw new ConfigError(
      'Invalid configuration:\n  SIGNING_DEADLINE_DAYS: must not exceed SIGNING_DEADLINE_MAX_DAYS',
    );
  const dataDir = resolve(env.DATA_DIR);
  const demo = env.NODE_ENV !== 'production';
  const login = loginConfigOf(env, demo);
  const signerOidc = signerOidcConfigOf(env, demo, login);
  const csc = readCscConfig(source);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    // The demo lists its passwords on the login page and codes at /dev/mail: this machine only.
    host: env.HOST || (demo ? '127.0.0.1' : '0.0.0.0'),
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
    apiTokens: { maxDays: env.API_TOKEN_MAX_DAYS, ratePerMinute: env.API_RATE_PER_MINUTE },
    webhooks: {
      allowedHosts: parseAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS),
      allowHttp: env.WEBHOOK_ALLOW_HTTP,
    },
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    bulkSendMaxRows: env.BULK_SEND_MAX_ROWS,
    autoDeleteDays: env.AUTO_DELETE_DAYS,
    signingDeadlineDays: env.SIGNING_DEADLINE_DAYS,
    signingDeadlineMaxDays: env.SIGNING_DEADLINE_MAX_DAYS,
    signedCopyDays: env.SIGNED_COPY_DAYS,
    archiveRenewBeforeDays: env.ARCHIVE_RENEW_BEFORE_DAYS,
    allowedAttachmentTypes: listOf(env.ALLOWED_ATTACHMENT_TYPES),
    signatureLevels: signatureLevelsOf(env.SIGNATURE_LEVELS, signerOidc, csc),
    signerOidc,
    csc,
    s3: s3ConfigOf(env),
    pkiPassphrase: env.PKI_PASSPHRASE ?? readOrCreateSecret(dataDir, 'pki-passphrase'),
    tsaUrl: env.TSA_URL,
    tsaPublic: env.TSA_PUBLIC,
    tsaPolicyOid: env.TSA_POLICY_OID,
    trustedRoots: readTrustedRoots(env.TRUSTED_ROOTS_DIR),
    sealP12: env.SEAL_P12 ? { path: resolve(env.SEAL_P12), password: env.SEAL_P12_PASSWORD } : null,
    smtp: { url: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    mailAttachmentMaxBytes: Math.round(env.MAIL_ATTACHMENT_MAX_MB * 1024 * 1024),
    jobWorker: env.JOB_WORKER,
    jobLockMs: env.JOB_LOCK_SECONDS * 1000,
    heartbeatTimeoutMs: env.HEARTBEAT_TIMEOUT_SECONDS * 1000,
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
