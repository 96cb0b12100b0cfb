import { randomBytes } from 'node:crypto';
import { PkiError } from './errors.ts';
import type { PkiStore } from './pki-store.ts';

/** The store entry holding a generated passphrase when PKI_PASSPHRASE is not set. */
export const passphraseEntry = 'pki-passphrase';

/** Returns the stored PKI passphrase, generating 256 random bits on first use; racing callers get the same one. */
export async function loadOrCreatePkiPassphrase(store: PkiStore): Promise<string> {
  if ((await store.read(passphraseEntry)) === null) {
    try {
      await store.write(passphraseEntry, `${randomBytes(32).toString('base64url')}\n`);
    } catch (error) {
      if (!(error instanceof PkiError && error.code === 'store-conflict')) throw error;
    }
  }
  const stored = await store.read(passphraseEntry);
  if (stored === null || stored.trim().length === 0) {
    throw new PkiError('corrupt-store', `${passphraseEntry} is missing or empty`);
  }
  return stored.trim();
}
