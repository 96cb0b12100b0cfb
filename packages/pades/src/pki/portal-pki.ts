import { PkiError } from './errors.ts';
import { openPortalPki, serialisePortalPki, type PortalCredentials } from './portal-pki-bundle.ts';
import { createPortalCertificates, type PortalPkiProfileOptions } from './portal-pki-profiles.ts';
import type { PkiStore } from './pki-store.ts';

export { createDirectoryPkiStore, type PkiStore } from './pki-store.ts';

export interface PortalPkiOptions extends PortalPkiProfileOptions {
  /** Encrypts the private keys at rest (PKI_PASSPHRASE). */
  passphrase: string;
}

/** The portal's CAs, seal and TSA credentials, plus where its CRL is published. */
export interface PortalPki extends PortalCredentials {
  crlUrl?: string;
}

/** The store entry holding the whole PKI, so that it is created (and seen) all at once. */
export const portalPkiEntry = 'portal-pki.json';

/** Loads the PKI from the store, creating it on first use; concurrent first uses all end with the same one. */
export async function loadOrCreatePortalPki(
  store: PkiStore,
  options: PortalPkiOptions,
): Promise<PortalPki> {
  if (options.passphrase.length === 0) {
    throw new PkiError('invalid-input', 'A PKI passphrase is required');
  }
  const existing = await store.read(portalPkiEntry);
  if (existing !== null) return withCrlUrl(openPortalPki(existing, options.passphrase), options);

  const created = serialisePortalPki(await createPortalCertificates(options), options.passphrase);
  try {
    await store.write(portalPkiEntry, created);
  } catch (error) {
    // Another process created it first: theirs is the PKI, read it below.
    if (!(error instanceof PkiError && error.code === 'store-conflict')) throw error;
  }
  const stored = await store.read(portalPkiEntry);
  if (stored === null) {
    throw new PkiError('corrupt-store', `${portalPkiEntry} vanished right after it was written`);
  }
  return withCrlUrl(openPortalPki(stored, options.passphrase), options);
}

function withCrlUrl(credentials: PortalCredentials, options: PortalPkiOptions): PortalPki {
  return options.crlUrl ? { ...credentials, crlUrl: options.crlUrl } : credentials;
}
