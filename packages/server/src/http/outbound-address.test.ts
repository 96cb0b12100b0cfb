import { describe, expect, it } from 'vitest';
import { isAddressAllowed, isPublicAddress, parseAllowedHosts } from './outbound-address.ts';

// Only parsed and classified here: nothing connects anywhere.
describe('where a webhook may be sent', () => {
  const byDefault = parseAllowedHosts('public');

  it.each([
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '127.0.0.1',
    '127.0.0.2',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '2002:7f00:1::1',
    '64:ff9b::a00:1',
  ])('refuses %s by default', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isAddressAllowed(byDefault, 'hooks.example.com', address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:93.184.215.14'])(
    'allows the public address %s by default',
    (address) => {
      expect(isAddressAllowed(byDefault, 'hooks.example.com', address)).toBe(true);
    },
  );

  it('allows a private range or a host only when listed, and only what is listed', () => {
    const listed = parseAllowedHosts('10.20.0.0/16, hooks.intra.example 127.0.0.1');
    expect(isAddressAllowed(listed, 'a.example', '10.20.3.4')).toBe(true);
    expect(isAddressAllowed(listed, 'a.example', '::ffff:10.20.3.4')).toBe(true);
    expect(isAddressAllowed(listed, 'a.example', '10.21.0.1')).toBe(false);
    expect(isAddressAllowed(listed, 'hooks.intra.example', '192.168.9.9')).toBe(true);
    expect(isAddressAllowed(listed, 'HOOKS.intra.example.', '192.168.9.9')).toBe(true);
    expect(isAddressAllowed(listed, '127.0.0.1', '127.0.0.1')).toBe(true);
    expect(isAddressAllowed(listed, '127.0.0.2', '127.0.0.2')).toBe(false);
    // Without `public` in the list, public addresses are not allowed either.
    expect(isAddressAllowed(listed, 'a.example', '8.8.8.8')).toBe(false);
    expect(isAddressAllowed(parseAllowedHosts('public,10.0.0.0/8'), 'a', '8.8.8.8')).toBe(true);
  });

  it('refuses a list it cannot read', () => {
    expect(() => parseAllowedHosts('10.0.0.0/99')).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    expect(() => parseAllowedHosts('http://x')).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });
});
