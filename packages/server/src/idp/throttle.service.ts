import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  claimThrottledAttempt,
  deleteForgottenThrottles,
  deleteThrottle,
  findThrottle,
  uncountAttempt,
  type ThrottleGate,
} from './throttle.repository.ts';

/**
 * Login throttling by growing waits, not a lock-out: an account (or a browser it signed in
 * with before) tries five times freely and an address twenty (offices share one); after
 * that each attempt waits twice as long after the last as the one before did, from one
 * second up to fifteen minutes. A day without attempts forgets the count.
 */
export const loginThrottling = {
  accountFree: 5,
  addressFree: 20,
  firstWaitMs: 1000,
  longestWaitMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
} as const;

/** How long the next attempt waits after the attempts-th counted one. */
export function waitAfter(attempts: number, free: number): number {
  if (attempts < free) return 0;
  return Math.min(
    loginThrottling.firstWaitMs * 2 ** (attempts - free),
    loginThrottling.longestWaitMs,
  );
}

const freeOf = (key: string) =>
  key.startsWith('address:') ? loginThrottling.addressFree : loginThrottling.accountFree;
const isAddress = (key: string) => key.startsWith('address:');

function gateOf(key: string, now: Date): ThrottleGate {
  const free = freeOf(key);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const cutoffs: string[] = [];
  for (let attempts = free; ; attempts += 1) {
    const wait = waitAfter(attempts, free);
    cutoffs.push(before(wait));
    if (wait >= loginThrottling.longestWaitMs) break;
  }
  return { free, cutoffs, forgetBefore: before(loginThrottling.forgetAfterMs) };
}

/**
 * Keys a login attempt is counted under: the account, or instead the browser when it
 * signed in to this account before (so that someone guessing elsewhere cannot keep the
 * account's owner out), and the address it came from.
 */
export function throttleKeys(email: string, ip: string, knownBrowser: string | null): string[] {
  return [
    knownBrowser ? `browser:${knownBrowser}` : `account:${email.trim().toLowerCase()}`,
    `address:${ip}`,
  ];
}

export type LoginAttemptClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

class WaitRequired extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`${key} must wait`);
    this.key = key;
  }
}

/**
 * Counts this attempt under every key before its password is checked, all or none: when
 * any key must still wait, nothing is counted and the answer says for how long. Racing
 * attempts are counted one by one, so twelve at once cannot all get past a limit of five.
 */
export async function claimLoginAttempt(
  db: Kysely<Database>,
  keys: string[],
  now: Date,
): Promise<LoginAttemptClaim> {
  // One order on every node, so that two attempts never wait for each other's rows.
  const ordered = [...keys].sort();
  try {
    await db.transaction().execute(async (trx) => {
      for (const key of ordered) {
        if (!(await claimThrottledAttempt(trx, key, gateOf(key, now), now.toISOString())))
          throw new WaitRequired(key);
      }
    });
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof WaitRequired)) throw error;
    const row = await findThrottle(db, error.key);
    const last = row?.last_attempt_at ? new Date(row.last_attempt_at).getTime() : now.getTime();
    const remaining = waitAfter(row?.failures ?? 0, freeOf(error.key)) - (now.getTime() - last);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remaining / 1000)) };
  }
}

/**
 * After a counted attempt that failed: whether it was the last free one of any key, so that
 * the next attempt waits. That moment is audited once ('locked out'); the waits after it are
 * only counted.
 */
export async function startsWaiting(db: Kysely<Database>, keys: string[]): Promise<boolean> {
  for (const key of keys) {
    const row = await findThrottle(db, key);
    if (row?.failures === freeOf(key)) return true;
  }
  return false;
}

/**
 * A right password: the account's (or browser's) count is cleared, and the address gets
 * this attempt back, so that colleagues behind one address are not slowed by logins.
 */
export async function settleSuccessfulLogin(db: Kysely<Database>, keys: string[]): Promise<void> {
  for (const key of keys) {
    if (isAddress(key)) await uncountAttempt(db, key);
    else await deleteThrottle(db, key);
  }
}

/** Removes throttle rows whose count is forgotten anyway; for the housekeeping sweep. */
export async function purgeForgottenLoginThrottles(db: Kysely<Database>, now: Date) {
  return deleteForgottenThrottles(
    db,
    new Date(now.getTime() - loginThrottling.forgetAfterMs).toISOString(),
  );
}
