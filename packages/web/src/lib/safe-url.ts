const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

/** Keeps absolute http, https and mailto addresses; anything else (javascript:, data:, relative) is dropped. */
export function safeLinkUrl(url: string): string | undefined {
  try {
    return allowedProtocols.has(new URL(url).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}
