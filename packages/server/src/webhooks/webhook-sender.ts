import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { webhookDeliveryErrorKeys, webhookLimits } from '@esign/contract';
import { isAddressAllowed, type OutboundPolicy } from '../http/outbound-address.ts';

/** Resolves a host name to every address it has (dns.lookup with all: true by default). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface OutboundOptions {
  policy: OutboundPolicy;
  /** http:// only for 127.0.0.1, and only with WEBHOOK_ALLOW_HTTP. */
  allowHttp: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}

export type UrlProblem = 'urlNotHttps' | 'addressNotAllowed' | 'hostNotFound';

/** Refused before or while connecting; `key` is a delivery error key. */
export class OutboundRefused extends Error {
  readonly key: string;
  constructor(key: string, message: string) {
    super(message);
    this.key = key;
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL's form alone: absolute https, or http to 127.0.0.1 when allowed; no credentials. */
export function urlFormProblem(raw: string, allowHttp: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'urlNotHttps';
  }
  if (url.username || url.password) return 'urlNotHttps';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowHttp && hostOf(url) === '127.0.0.1') return null;
  return 'urlNotHttps';
}

/** Resolves the host and answers the addresses the policy allows, or why there are none. */
async function allowedAddresses(
  host: string,
  options: OutboundOptions,
): Promise<{ address: string; family: number }[]> {
  const resolve = options.resolve ?? systemResolver;
  let found: { address: string; family: number }[];
  if (isIP(host)) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await resolve(host);
    } catch {
      found = [];
    }
    if (found.length === 0)
      throw new OutboundRefused(webhookDeliveryErrorKeys.hostNotFound, `${host} does not resolve`);
  }
  // Every address must be allowed: a name that also points inward is refused as a whole.
  const refused = found.filter(({ address }) => !isAddressAllowed(options.policy, host, address));
  if (refused.length > 0)
    throw new OutboundRefused(
      webhookDeliveryErrorKeys.addressNotAllowed,
      `${host} resolves to an address that is not allowed`,
    );
  return found;
}

/** Checks a URL when it is saved: its form, and that its host resolves only to allowed addresses. */
export async function checkWebhookUrl(
  raw: string,
  options: OutboundOptions,
): Promise<UrlProblem | null> {
  const formProblem = urlFormProblem(raw, options.allowHttp);
  if (formProblem) return formProblem;
  try {
    await allowedAddresses(hostOf(new URL(raw)), options);
    return null;
  } catch (error) {
    if (error instanceof OutboundRefused)
      return error.key === webhookDeliveryErrorKeys.hostNotFound
        ? 'hostNotFound'
        : 'addressNotAllowed';
    throw error;
  }
}

export interface PostResult {
  statusCode: number;
  /** The first kilobyte of the answer. */
  body: string;
  durationMs: number;
}

/**
 * POSTs a JSON body. The connection goes only to an address checked against the policy (the
 * check runs in the socket's own look-up, so a name cannot resolve one way for the check and
 * another for the connection). Redirects are not followed: a 3xx is an answer like any other.
 * The whole exchange ends after the timeout.
 */
export async function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<PostResult> {
  const formProblem = urlFormProblem(rawUrl, options.allowHttp);
  if (formProblem)
    throw new OutboundRefused(webhookDeliveryErrorKeys.addressNotAllowed, 'the URL is not allowed');
  const url = new URL(rawUrl);
  const host = hostOf(url);
  const addresses = await allowedAddresses(host, options);
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    const family = typeof lookupOptions === 'object' ? lookupOptions.family : undefined;
    const usable = addresses.filter((entry) => !family || entry.family === family);
    if (usable.length === 0 || !usable[0]) {
      callback(Object.assign(new Error('no allowed address'), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    const [first] = usable;
    if (typeof lookupOptions === 'object' && lookupOptions.all)
      (callback as unknown as (error: null, all: typeof usable) => void)(null, usable);
    else if (first) callback(null, first.address, first.family);
  };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolvePost, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'eSign-portal-webhooks/1',
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept >= webhookLimits.responseKeptBytes) return;
          chunks.push(chunk);
          kept += chunk.length;
          // Enough is kept: the rest of a long answer is not waited for.
          if (kept >= webhookLimits.responseKeptBytes) response.destroy();
        });
        const finish = () =>
          resolvePost({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks)
              .subarray(0, webhookLimits.responseKeptBytes)
              .toString('utf8')
              .replace(/\uFFFD+$/, ''),
            durationMs: Math.round(performance.now() - started),
          });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      reject(
        new OutboundRefused(
          timedOut ? webhookDeliveryErrorKeys.timeout : webhookDeliveryErrorKeys.connectionFailed,
          timedOut ? `no answer within ${timeoutMs} ms` : `${error.code ?? error.message}`,
        ),
      );
    });
    request.end(body);
  });
}
