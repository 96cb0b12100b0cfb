import { describe, expect, it } from 'vitest';
import { TrustProxySetting } from './trust-proxy.ts';

const parse = (value: string | undefined) => TrustProxySetting.safeParse(value);

describe('TRUST_PROXY', () => {
  it.each([undefined, '', 'false', '0', 'no'])('trusts no proxy for %s', (value) => {
    expect(parse(value).data).toBe(false);
  });

  it('takes a list of proxy addresses, CIDR ranges and named ranges', () => {
    expect(parse(' 10.0.0.0/8, 192.0.2.10 ,fd00::/8, ::1, uniquelocal, Loopback').data).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      'fd00::/8',
      '::1',
      'uniquelocal',
      'loopback',
    ]);
  });

  it('refuses true, which let any client choose its address with X-Forwarded-For', () => {
    for (const value of ['true', 'yes', '1']) {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/any client could choose its address/);
    }
  });

  it('refuses a hop count, which cannot tell a proxy from a client', () => {
    expect(parse('2').error?.issues[0]?.message).toMatch(/hop count/);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'proxy.example', '::1/129', '10.0.0.0/8/1', '*'])(
    'refuses %s, which names no address',
    (value) => {
      expect(parse(value).success).toBe(false);
    },
  );
});
