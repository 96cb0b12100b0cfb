import { apiPaths, catalogueLanguages, CommonConfig } from '@esign/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { requestJson } from './http.ts';

/** What the app runs with when the server's config cannot be read (SPEC §4). */
export function defaultCommonConfig(): CommonConfig {
  return {
    Languages: [...catalogueLanguages],
    PublicUrl: window.location.origin,
    IsFrontpageInfoEditable: false,
    GroupManagementEnabled: false,
    PersonalSignedFileEnabled: false,
    ShowHakaGroupId: false,
    // Unknown: a limit no browser file reaches, so the server stays the judge.
    MaxUploadMb: Number.MAX_SAFE_INTEGER / (1024 * 1024),
  };
}

/** The common config; never fails: a failure logs a warning and gives the defaults. */
export async function getCommonConfig(): Promise<CommonConfig> {
  try {
    const config = await requestJson(apiPaths.commonConfig, CommonConfig);
    return { ...config, PublicUrl: config.PublicUrl.replace(/\/+$/, '') };
  } catch (error) {
    console.warn('Common config not loaded; using defaults', error);
    return defaultCommonConfig();
  }
}

export const commonConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'common'],
    queryFn: getCommonConfig,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The config loaded at start-up. */
export function useCommonConfig(): CommonConfig {
  return useSuspenseQuery(commonConfigQueryOptions()).data;
}
