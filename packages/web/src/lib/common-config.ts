import { apiPaths, languages, CommonConfig } from '@esign/contract';
import { queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { requestJson } from './http.ts';

/** Where the config is read from; the browser's fetch and origin unless start-up passes others. */
export interface CommonConfigSource {
  fetch?: typeof fetch;
  /** The page's own origin, which stands in for the public URL when the config cannot be read. */
  origin?: string;
}

/** What the app runs with when the server's config cannot be read (SPEC §4). */
export function defaultCommonConfig(origin: string = window.location.origin): CommonConfig {
  return {
    Languages: [...languages],
    PublicUrl: origin,
    IsFrontpageInfoEditable: false,
    GroupManagementEnabled: false,
    PersonalSignedFileEnabled: false,
    ShowHakaGroupId: false,
    // Unknown: a limit no browser file reaches, so the server stays the judge.
    MaxUploadMb: Number.MAX_SAFE_INTEGER / (1024 * 1024),
    // Unknown: the account pages stay hidden rather than offer calls that may not exist.
    BuiltInLogin: false,
    // Unknown: the browser's own.
    TimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // Unknown: the server's default; the server refuses anything longer all the same.
    ApiTokenMaxDays: 365,
    // Unknown: the server's defaults; the server judges the date all the same.
    SigningDeadlineDays: 30,
    SigningDeadlineMaxDays: 365,
  };
}

/** The common config; never fails: a failure logs a warning and gives the defaults. */
export async function getCommonConfig(source: CommonConfigSource = {}): Promise<CommonConfig> {
  try {
    const config = await requestJson(apiPaths.commonConfig, CommonConfig, { fetch: source.fetch });
    return { ...config, PublicUrl: config.PublicUrl.replace(/\/+$/, '') };
  } catch (error) {
    console.warn('Common config not loaded; using defaults', error);
    return defaultCommonConfig(source.origin);
  }
}

export const commonConfigQueryOptions = (source?: CommonConfigSource) =>
  queryOptions({
    queryKey: ['config', 'common'],
    queryFn: () => getCommonConfig(source),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The organisation's time zone, in which every date is shown: from the config loaded at
 * start-up, the browser's own until it is in (this never suspends a component).
 */
export function useTimeZone(): string {
  const config = useQueryClient().getQueryData<CommonConfig>(commonConfigQueryOptions().queryKey);
  return config?.TimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The config loaded at start-up. */
export function useCommonConfig(): CommonConfig {
  return useSuspenseQuery(commonConfigQueryOptions()).data;
}

/**
 * The config loaded at start-up without suspending: the defaults (the server's own) until it
 * is in, for what only suggests values the server judges again (a flow's deadline).
 */
export function useLoadedCommonConfig(): CommonConfig {
  const config = useQueryClient().getQueryData<CommonConfig>(commonConfigQueryOptions().queryKey);
  return config ?? defaultCommonConfig('');
}
