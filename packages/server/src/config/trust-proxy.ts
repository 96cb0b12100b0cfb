import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for whole ranges, which Fastify accepts beside addresses and CIDRs. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const listHelp =
  'list the proxies instead: addresses, CIDR ranges (such as 10.0.0.0/8) or loopback, linklocal, uniquelocal';

function problemOf(entry: string): string | null {
  if (rangeNames.has(entry) || isIP(entry) !== 0) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  const bits = Number(prefix);
  if (
    version !== 0 &&
    extra === undefined &&
    /^\d{1,3}$/.test(prefix ?? '') &&
    bits <= (version === 4 ? 32 : 128)
  )
    return null;
  return `"${entry}" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal`;
}

/**
 * TRUST_PROXY: false (the default), or the proxies whose X-Forwarded-* headers count. The
 * client's address is then the nearest one in X-Forwarded-For that is not a listed proxy,
 * so what a client writes there itself is never taken. `true` (trust every address) and hop
 * counts are refused: either lets a client that reaches the node choose its own address,
 * which is why Fastify no longer accepts hop counts either.
 */
export const TrustProxySetting = z
  .string()
  .optional()
  .transform((value, context): false | string[] => {
    const text = (value ?? '').trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(text)) return false;
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (['true', '1', 'yes'].includes(text))
      return refuse(
        `true trusted every X-Forwarded-For, so any client could choose its address; ${listHelp}`,
      );
    if (/^\d+$/.test(text))
      return refuse(`a hop count cannot tell a proxy from a client; ${listHelp}`);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    const problems = entries.map(problemOf).filter((problem) => problem !== null);
    return problems.length > 0 ? refuse(problems.join('; ')) : entries;
  });
