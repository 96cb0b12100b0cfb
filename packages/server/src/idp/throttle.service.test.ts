import { describe, expect, it } from 'vitest';
import { loginThrottling, throttleKeys, waitAfter } from './throttle.service.ts';

describe('login throttling', () => {
  it('lets an account try five times freely, then doubles the wait from one second up to fifteen minutes', () => {
    const free = loginThrottling.accountFree;
    expect([1, 2, 3, 4].map((attempts) => waitAfter(attempts, free))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((attempts) => waitAfter(attempts, free))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(waitAfter(14, free)).toBe(512_000);
    expect(waitAfter(15, free)).toBe(15 * 60_000);
    expect(waitAfter(500, free)).toBe(15 * 60_000);
  });

  it('counts a browser that signed in before instead of the account, and always the address', () => {
    expect(throttleKeys(' Admin@Example.com ', '192.0.2.1', null)).toEqual([
      'account:admin@example.com',
      'address:192.0.2.1',
    ]);
    expect(throttleKeys('admin@example.com', '192.0.2.1', 'b1')).toEqual([
      'browser:b1',
      'address:192.0.2.1',
    ]);
  });
});
