import { z } from 'zod';
import { IsoDateTime } from './entities.ts';
import { plainText, RecordId } from './plain-text.ts';
import { validationKeys as v } from './validation.ts';

/**
 * Personal API tokens (an addition to SPEC §7): a signed-in user makes tokens with which
 * another system calls the sign-flow and report calls as that user, within the token's scopes.
 */
export const apiTokenPaths = {
  apiTokens: '/api/esign/ApiTokens',
  apiToken: (id: string) => `/api/esign/ApiTokens/${encodeURIComponent(id)}`,
} as const;
export const apiTokenRoutes = { apiToken: '/api/esign/ApiTokens/:id' } as const;

/** What a token may do: read flows; create, upload, send, cancel, delete, copy; read reports. */
export const ApiTokenScope = z.enum(['signflows:read', 'signflows:write', 'reports:read']);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;
/** Scopes only an administrator may give a token (and that work only while they are one). */
export const adminOnlyScopes: readonly ApiTokenScope[] = ['reports:read'];

/** The fixed start of every token: secret scanners and people can tell what it is. */
export const apiTokenPrefix = 'esign_pat_';
/** 256 random bits in base62 take 43 characters. */
export const apiTokenPattern = /^esign_pat_[0-9A-Za-z]{43}$/;

export const apiTokenLimits = { nameMaxLength: 100, defaultDays: 90 } as const;

/** Message keys of the token calls, translated under apiTokens.errors in every catalogue. */
export const apiTokenErrorKeys = {
  /** Longer than API_TOKEN_MAX_DAYS (params: n). */
  expiryTooLong: 'apiTokens.errors.expiryTooLong',
  /** reports:read asked for by someone who is not an administrator. */
  scopeNotAllowed: 'apiTokens.errors.scopeNotAllowed',
} as const;
export type ApiTokenErrorKey = (typeof apiTokenErrorKeys)[keyof typeof apiTokenErrorKeys];

export const apiTokenErrorMessages: Record<ApiTokenErrorKey, string> = {
  'apiTokens.errors.expiryTooLong': 'A token can be valid for at most the number of days shown.',
  'apiTokens.errors.scopeNotAllowed': 'Only administrators can give a token access to reports.',
};

export const CreateApiTokenRequest = z.object({
  Name: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(apiTokenLimits.nameMaxLength, v.maxLength)
    .check(plainText()),
  /** Days from now; at most API_TOKEN_MAX_DAYS (the common config's ApiTokenMaxDays). */
  ExpiresInDays: z.number({ error: v.required }).int(v.invalidValue).min(1, v.invalidValue),
  Scopes: z
    .array(ApiTokenScope, { error: v.required })
    .min(1, v.required)
    .max(ApiTokenScope.options.length, v.invalidValue)
    .refine((scopes) => new Set(scopes).size === scopes.length, v.invalidValue),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

/** The answer to creating a token: the only time Token itself is answered. */
export const CreatedApiToken = z.object({
  Id: z.string(),
  Name: z.string(),
  Scopes: z.array(ApiTokenScope),
  ExpiresAt: IsoDateTime,
  Token: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

/** A token as the lists show it: never the token, only what it is and how it was used. */
export const ApiTokenListItem = z.object({
  Id: z.string(),
  Name: z.string(),
  Scopes: z.array(ApiTokenScope),
  CreatedAt: IsoDateTime,
  ExpiresAt: IsoDateTime,
  LastUsedAt: IsoDateTime.nullable(),
  /** The address of the last use. */
  LastUsedFrom: z.string().nullable(),
  OwnerName: z.string(),
  OwnerEmail: z.string(),
});
export type ApiTokenListItem = z.infer<typeof ApiTokenListItem>;

export const ApiTokenListQuery = z.object({
  /** true: every token of the organisation (administrators only). */
  all: z.enum(['true', 'false']).optional(),
});
export type ApiTokenListQuery = z.infer<typeof ApiTokenListQuery>;

export const ApiTokenIdParams = z.object({ id: RecordId });
