import { setTimeout as sleep } from 'node:timers/promises';
import { TimestampError } from './errors.ts';

export interface PostOptions {
  /** Bounds the whole exchange, retries and pauses included. */
  timeoutMs: number;
  /** Further attempts after a network error or HTTP 5xx. */
  retries: number;
  /** The first pause between attempts; it doubles each time, with jitter. */
  retryDelayMs: number;
}

const maxReplyBytes = 1024 * 1024;

/** The TSA's address as errors (and so logs) show it: without a user, password or query. */
export function withoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(the TSA address)';
  }
}

type Attempt = { reply: Buffer } | { retryBecause: string };

/**
 * POSTs a time-stamp query and answers the body of an HTTP 200 `application/timestamp-reply`.
 * Retries network errors and 5xx; fails at once on any other status or content type; never
 * takes longer than `timeoutMs` (then it throws `timeout`).
 */
export async function postTimestampQuery(
  url: string,
  query: Buffer,
  options: PostOptions,
): Promise<Buffer> {
  const shown = withoutSecrets(url);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const timedOut = (cause?: unknown) =>
    new TimestampError(
      'timeout',
      `TSA ${shown} gave no time stamp within ${options.timeoutMs} ms`,
      { cause },
    );
  let lastReason = '';
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) {
      const pause = options.retryDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
      await sleep(pause, undefined, { signal: deadline }).catch((error: unknown) => {
        throw timedOut(error);
      });
    }
    const outcome = await postOnce(url, shown, query, deadline).catch((error: unknown) => {
      if (error instanceof TimestampError) throw error;
      if (deadline.aborted) throw timedOut(error);
      throw new TimestampError(
        'unavailable',
        `TSA ${shown} failed: ${describeNetworkError(error)}`,
        { cause: error },
      );
    });
    if ('reply' in outcome) return outcome.reply;
    lastReason = outcome.retryBecause;
  }
  const attempts = options.retries + 1;
  throw new TimestampError(
    'unavailable',
    `TSA ${shown} failed ${attempts} time(s), last: ${lastReason}`,
  );
}

async function postOnce(
  url: string,
  shown: string,
  query: Buffer,
  signal: AbortSignal,
): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/timestamp-query',
        accept: 'application/timestamp-reply',
      },
      body: query,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { retryBecause: describeNetworkError(error) };
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return { retryBecause: `HTTP ${response.status}` };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new TimestampError(
      'http',
      `TSA ${shown} answered HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }
  const mediaType = (response.headers.get('content-type') ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (mediaType !== 'application/timestamp-reply') {
    await response.body?.cancel();
    throw new TimestampError(
      'http',
      `TSA ${shown} answered ${mediaType || 'no content type'}, not a time-stamp reply`,
    );
  }
  try {
    return { reply: await readLimited(response, shown) };
  } catch (error) {
    if (error instanceof TimestampError || signal.aborted) throw error;
    return { retryBecause: `reply cut off (${describeNetworkError(error)})` };
  }
}

async function readLimited(response: Response, shown: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxReplyBytes)
      throw new TimestampError(
        'malformed',
        `TSA ${shown} sent a reply over ${maxReplyBytes} bytes`,
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
    return `${code}${cause.message}`;
  }
  return String(cause);
}
