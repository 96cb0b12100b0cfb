import { describe, expect, it } from 'vitest';
import { unavailabilityOf } from './unavailability.ts';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('unavailabilityOf', () => {
  it('names a full disk, an unreachable service and a lost database as outages', () => {
    expect(unavailabilityOf(withCode('ENOSPC'))).toBe('no space left in the file store');
    expect(unavailabilityOf(withCode('ECONNREFUSED'))).toContain('unreachable (ECONNREFUSED)');
    expect(unavailabilityOf(withCode('57P01', 'terminating connection'))).toContain('57P01');
    expect(unavailabilityOf(new Error('Connection terminated unexpectedly'))).toBe(
      'the connection to the database was lost',
    );
  });

  it('looks through the causes an error was wrapped in', () => {
    const wrapped = new Error('completion failed', { cause: withCode('ECONNRESET') });
    expect(unavailabilityOf(wrapped)).toContain('ECONNRESET');
  });

  it('leaves every other failure alone', () => {
    expect(unavailabilityOf(new Error('boom'))).toBeNull();
    expect(unavailabilityOf(withCode('23505', 'duplicate key'))).toBeNull();
    expect(unavailabilityOf(withCode('ENOENT'))).toBeNull();
    expect(unavailabilityOf('a string')).toBeNull();
  });
});
