import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ConfigError } from '../config/config-error.ts';

/**
 * Where the portal may send a request that a user aimed (a webhook): the operator's list of
 * host names, addresses and CIDR ranges, and `public` for any public unicast address. Private,
 * loopback, link-local, carrier-grade NAT, multicast and reserved ranges, and the IPv6 forms that
 * carry an IPv4 address (mapped, 6to4, Teredo, NAT64), are refused unless listed.
 */
export interface OutboundPolicy {
  /** `public` was listed: any public unicast address. */
  anyPublic: boolean;
  /** Listed host names, lower-case. */
  hosts: ReadonlySet<string>;
  /** Listed addresses and ranges. */
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

/** Reads WEBHOOK_ALLOWED_HOSTS: comma- or space-separated `public`, names, addresses, CIDRs. */
export function parseAllowedHosts(value: string): OutboundPolicy {
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  let anyPublic = false;
  for (const entry of entries) {
    if (entry === 'public') anyPublic = true;
    else if (entry.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new ConfigError(`WEBHOOK_ALLOWED_HOSTS: ${entry} is not a CIDR range`);
      }
    } else if (isIP(stripBrackets(entry))) {
      const address = ipaddr.parse(stripBrackets(entry));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      hosts.add(entry);
    } else {
      throw new ConfigError(`WEBHOOK_ALLOWED_HOSTS: ${entry} is not a host name, address or range`);
    }
  }
  return { anyPublic, hosts, ranges };
}

const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** An IPv4-mapped IPv6 address is judged as the IPv4 address it carries. */
function normalised(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  return ipaddr.process(stripBrackets(address));
}

/** A public unicast address: the only range `public` admits. */
export function isPublicAddress(address: string): boolean {
  if (!isIP(stripBrackets(address))) return false;
  return normalised(address).range() === 'unicast';
}

/** Is the host (as the URL names it) or one address it resolved to allowed by the policy? */
export function isHostAllowed(policy: OutboundPolicy, host: string): boolean {
  return policy.hosts.has(stripBrackets(host).toLowerCase().replace(/\.$/, ''));
}

/** May a request go to this resolved address of this host? */
export function isAddressAllowed(policy: OutboundPolicy, host: string, address: string): boolean {
  if (!isIP(stripBrackets(address))) return false;
  if (isHostAllowed(policy, host)) return true;
  const parsed = normalised(address);
  for (const [base, bits] of policy.ranges) {
    // A listed IPv4 range also admits the same address written as IPv4-mapped IPv6.
    const candidate = base.kind() === parsed.kind() ? parsed : null;
    if (candidate && candidate.match([base, bits] as never)) return true;
  }
  return policy.anyPublic && parsed.range() === 'unicast';
}
