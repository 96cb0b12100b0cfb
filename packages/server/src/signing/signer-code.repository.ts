import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// A signer's e-mail codes: the one out now, and what was done with codes over the flow's life.

/**
 * Records a new code as the signer's, if nothing changed since `codesSent` was read (another
 * request sending a code at the same moment, or a lock): answers whether it was recorded.
 */
export async function recordSentCode(
  db: Kysely<Database>,
  signerId: string,
  codesSent: number,
  code: { hash: string; sentAt: Date; expiresAt: Date },
): Promise<boolean> {
  const recorded = await db
    .updateTable('sign_flow_signers')
    .set({
      code_hash: code.hash,
      code_expires_at: code.expiresAt.toISOString(),
      code_attempts: 0,
      codes_sent: codesSent + 1,
      code_sent_at: code.sentAt.toISOString(),
    })
    .where('id', '=', signerId)
    .where('codes_sent', '=', codesSent)
    .where('code_locked_at', 'is', null)
    .executeTakeFirst();
  return recorded.numUpdatedRows > 0n;
}

/**
 * Counts one try of the code whose hash is `codeHash`, and one wrong try of the link until
 * the code proves right, in one conditional update: while it is still the signer's code, has
 * tries left, the link has wrong tries left and is not locked. Answers the counts so far, or
 * undefined when no try was left (or the code changed, or the link locked).
 */
export async function countCodeAttempt(
  db: Kysely<Database>,
  signerId: string,
  codeHash: string,
  limits: { maxAttempts: number; maxFailures: number },
): Promise<{ attempts: number; failures: number } | undefined> {
  const counted = await db
    .updateTable('sign_flow_signers')
    .set((eb) => ({
      code_attempts: eb('code_attempts', '+', 1),
      code_failures: eb('code_failures', '+', 1),
    }))
    .where('id', '=', signerId)
    .where('code_hash', '=', codeHash)
    .where('code_attempts', '<', limits.maxAttempts)
    .where('code_failures', '<', limits.maxFailures)
    .where('code_locked_at', 'is', null)
    .returning(['code_attempts', 'code_failures'])
    .executeTakeFirst();
  return counted
    ? { attempts: Number(counted.code_attempts), failures: Number(counted.code_failures) }
    : undefined;
}

/**
 * The signer entered their code right: it is used up, and the try is taken off the wrong
 * tries counted for it.
 */
export async function useUpRightCode(db: Kysely<Database>, signerId: string) {
  await db
    .updateTable('sign_flow_signers')
    .set((eb) => ({
      code_hash: null,
      code_expires_at: null,
      code_attempts: 0,
      code_failures: eb('code_failures', '-', 1),
    }))
    .where('id', '=', signerId)
    .execute();
}

/** Locks the link (the code out stops working); answers false when it was locked already. */
export async function lockSignerLink(
  db: Kysely<Database>,
  signerId: string,
  at: Date,
): Promise<boolean> {
  const locked = await db
    .updateTable('sign_flow_signers')
    .set({ code_locked_at: at.toISOString(), code_hash: null, code_expires_at: null })
    .where('id', '=', signerId)
    .where('code_locked_at', 'is', null)
    .executeTakeFirst();
  return locked.numUpdatedRows > 0n;
}

/**
 * Opens a locked link again with a fresh allowance of codes and tries; answers false when it
 * was not locked (someone else opened it first).
 */
export async function unlockSignerLink(db: Kysely<Database>, signerId: string): Promise<boolean> {
  const unlocked = await db
    .updateTable('sign_flow_signers')
    .set({
      code_locked_at: null,
      codes_sent: 0,
      code_failures: 0,
      code_sent_at: null,
      code_hash: null,
      code_expires_at: null,
      code_attempts: 0,
    })
    .where('id', '=', signerId)
    .where('code_locked_at', 'is not', null)
    .executeTakeFirst();
  return unlocked.numUpdatedRows > 0n;
}
