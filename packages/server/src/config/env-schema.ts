import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeholderTimestampPolicy } from '@esign/pades';
import { z } from 'zod';
import { TrustProxySetting } from './trust-proxy.ts';

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
  /** Unset (or empty): 127.0.0.1 in the demo profile, 0.0.0.0 in production (see loadConfig). */
  HOST: z.string().optional(),
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
  TRUST_PROXY: TrustProxySetting,
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
  API_TOKEN_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Rows (flows) one bulk-send batch may have. */
  BULK_SEND_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(1000),
  API_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Where webhooks may go: `public` (any public address), host names, addresses and CIDR ranges. */
  WEBHOOK_ALLOWED_HOSTS: z.string().default('public'),
  /** http:// webhooks, for 127.0.0.1 only (tests, a receiver on the same machine). */
  WEBHOOK_ALLOW_HTTP: booleanFlag(false),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(100),
  AUTO_DELETE_DAYS: z.coerce.number().int().positive().default(180),
  SIGNING_DEADLINE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The furthest a sender may set a flow's deadline, in days from today. */
  SIGNING_DEADLINE_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  SIGNED_COPY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** A kept signed file's archive time stamp is renewed this many days before its TSA certificate expires. */
  ARCHIVE_RENEW_BEFORE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
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
  TSA_PUBLIC: booleanFlag(false),
  TSA_POLICY_OID: z
    .string()
    .regex(/^[0-2](\.(0|[1-9]\d*))+$/, 'must be a dotted object identifier, such as 1.2.3.4')
    .default(placeholderTimestampPolicy),
  /** A folder of PEM certificates (a trust list's roots); unset or empty: none. */
  TRUSTED_ROOTS_DIR: z.string().optional(),
  SEAL_P12: z.string().optional(),
  SEAL_P12_PASSWORD: z.string().default(''),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('eSign <no-reply@localhost>'),
  /** 0 attaches nothing. */
  MAIL_ATTACHMENT_MAX_MB: z.coerce.number().min(0).max(1000).default(10),
  JOB_WORKER: booleanFlag(true),
  JOB_LOCK_SECONDS: z.coerce.number().int().positive().default(300),
  HEARTBEAT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  METRICS_ENABLED: booleanFlag(true),
  /** Empty means unset, so that a compose file can pass `${METRICS_TOKEN:-}`. */
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16)]).optional(),
  TIME_ZONE: z
    .string()
    .default('Europe/Helsinki')
    .refine(isKnownTimeZone, 'must be an IANA time zone name, such as Europe/Helsinki'),
});
export type Env = z.infer<typeof EnvSchema>;

/** A comma-separated list, items trimmed, empty ones dropped. */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
