import type { TimestampHashAlgorithm } from './algorithms.ts';
import { acceptTimestampReply } from './reply.ts';
import { createTimestampRequest } from './request.ts';
import type { TimestampResponder } from './responder.ts';
import { postTimestampQuery } from './transport.ts';

export interface RequestTimestampOptions {
  /** Bounds the whole call, retries and pauses included (default 10 s). */
  timeoutMs?: number;
  /** Further attempts after a network error or HTTP 5xx (default 2); a refusal is never retried. */
  retries?: number;
  /** The first pause between attempts, doubling each time (default 250 ms). */
  retryDelayMs?: number;
  /** The algorithm `digest` was made with (default SHA-256). */
  hashAlgorithm?: TimestampHashAlgorithm;
  /** The TSA policy (an OID) to ask for; the TSA's default when left out. */
  policy?: string;
}

/**
 * Gets an RFC 3161 token for `digest` from the TSA at `url` and answers it as the TSA sent it
 * (DER ContentInfo): only a granted token over our imprint and nonce, whose signature verifies
 * against the TSA certificate it carries; anything else throws a `TimestampError`.
 */
export async function requestTimestamp(
  url: string,
  digest: Buffer,
  options: RequestTimestampOptions = {},
): Promise<Buffer> {
  const {
    timeoutMs = 10_000,
    retries = 2,
    retryDelayMs = 250,
    hashAlgorithm = 'SHA-256',
    policy,
  } = options;
  if (!(timeoutMs > 0) || !Number.isInteger(retries) || retries < 0 || !(retryDelayMs >= 0)) {
    throw new RangeError(
      'timeoutMs must be positive, retries a whole number ≥ 0, retryDelayMs ≥ 0',
    );
  }
  const request = createTimestampRequest(digest, {
    hashAlgorithm,
    ...(policy === undefined ? {} : { policy }),
  });
  const reply = await postTimestampQuery(url, request.der, { timeoutMs, retries, retryDelayMs });
  return acceptTimestampReply(reply, { digest, hashAlgorithm, nonce: request.nonce }, `TSA ${url}`);
}

/**
 * Gets a token for `digest` from an in-process responder (the portal's own TSA, no HTTP),
 * checked exactly as one from a remote TSA.
 */
export async function requestLocalTimestamp(
  responder: TimestampResponder,
  digest: Buffer,
  options: { hashAlgorithm?: TimestampHashAlgorithm } = {},
): Promise<Buffer> {
  const { hashAlgorithm = 'SHA-256' } = options;
  const request = createTimestampRequest(digest, { hashAlgorithm });
  const reply = await responder.respond(request.der);
  return acceptTimestampReply(
    reply,
    { digest, hashAlgorithm, nonce: request.nonce },
    'the local TSA',
  );
}
