import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

/*
 * One Lighthouse run of one page in a fresh headless Chromium (a new profile each time, so
 * nothing is cached): Lighthouse's default mobile profile (a mid-range phone, simulated slow
 * 4G and a 4× slower processor), all four categories.
 */

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  /** Every byte the first load moved (Lighthouse's total-byte-weight: headers and bodies). */
  transferredBytes: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the host's processor at the time of the run (lhr.environment). The
   * 4× slowdown assumes a desktop of 1,500–2,000; under 1,000 Lighthouse's own CLI warns that
   * the simulated phone is slower than the mobile profile means (docs/throttling.md).
   */
  benchmarkIndex: number;
  /** Audits that count in a category other than performance and did not pass. */
  failedAudits: string[];
  /** Each resource's transferred bytes, largest first. */
  resources: Array<{ url: string; bytes: number }>;
  /** Main-thread time by kind of work, and by script (Lighthouse's own, unslowed ms), largest first. */
  mainThread: Array<{ work: string; ms: number }>;
  scripts: Array<{ url: string; ms: number }>;
  /** The main thread's long tasks (over 50 ms), as Lighthouse's long-tasks audit lists them. */
  longTasks: Array<{ url: string; startMs: number; ms: number }>;
}

// Only traffic to this machine: no background fetches, updates, sync or QUIC probes.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse's mobile profile with a slower processor: `cpuSlowdown` 8 on this host is about
 * what the default 4 is on a host of half its speed (what `--cpu-slowdown` of the benchmark
 * asks, to see the margin a slower machine leaves). The network is the profile's own.
 */
function throttlingWith(cpuSlowdown: number) {
  return { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };
}

export async function runLighthouse(
  url: string,
  cookies: Record<string, string> = {},
  cpuSlowdown?: number,
): Promise<LighthouseRun> {
  // chrome-launcher gives each browser a new user-data-dir of its own and removes it on kill.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      disableFullPageScreenshot: true,
      ...(cpuSlowdown === undefined ? {} : { throttling: throttlingWith(cpuSlowdown) }),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const scores = Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const failedAudits = categories
      .filter((id) => id !== 'performance')
      .flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id}`),
      );
    const items = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
      ?.items as Array<{ url: string; transferSize?: number }> | undefined;
    const resources = (items ?? [])
      .filter((item) => !item.url.startsWith('data:'))
      .map((item) => ({ url: new URL(item.url).pathname, bytes: item.transferSize ?? 0 }))
      .sort((a, b) => b.bytes - a.bytes);
    const detailItems = <T>(id: string) =>
      ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as T[];
    const mainThread = detailItems<{ groupLabel: string; duration: number }>(
      'mainthread-work-breakdown',
    ).map((item) => ({ work: item.groupLabel, ms: item.duration }));
    const scripts = detailItems<{ url: string; total: number }>('bootup-time').map((item) => ({
      url: item.url.startsWith('http') ? new URL(item.url).pathname : item.url,
      ms: item.total,
    }));
    const longTasks = detailItems<{ url: string; startTime: number; duration: number }>(
      'long-tasks',
    ).map((item) => ({
      url: item.url.startsWith('http') ? new URL(item.url).pathname : item.url,
      startMs: item.startTime,
      ms: item.duration,
    }));
    return {
      scores,
      transferredBytes: audit('total-byte-weight'),
      requests: resources.length,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      failedAudits,
      resources,
      mainThread,
      scripts,
      longTasks,
    };
  } finally {
    chrome.kill();
  }
}
