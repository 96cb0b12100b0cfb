// The portal's own PKI: keys at rest, CAs, seal and TSA certificates, one-time certificates, CRLs, PKCS#12.
export { PkiError, type PkiErrorCode } from './errors.ts';
export type { KeyCredential, PkiCredential } from './credential.ts';
export {
  exportEncryptedPrivateKey,
  fromCryptoKey,
  generateKeyPair,
  importEncryptedPrivateKey,
  keysMatch,
  signatureAlgorithmFor,
  toSigningCryptoKey,
  type KeyAlgorithm,
  type KeyPair,
} from './keys.ts';
export {
  createDirectoryPkiStore,
  loadOrCreatePortalPki,
  portalPkiEntry,
  type PkiStore,
  type PortalPki,
  type PortalPkiOptions,
} from './portal-pki.ts';
export {
  issueRollover,
  issuingRenewBeforeYears,
  loadPortalPkiGenerations,
  portalPkiGenerationEntry,
  rollOverPortalPki,
  rolloverDue,
  sealRenewBeforeMs,
  timeStampingRenewBeforeMs,
  type PortalPkiGeneration,
  type PortalPkiRolloverOptions,
  type RolloverPlan,
  type RolloverTiming,
} from './portal-pki-rollover.ts';
export type { PortalRole } from './portal-pki-bundle.ts';
export { loadOrCreatePkiPassphrase } from './passphrase.ts';
export { issueOneTimeCertificate, type OneTimeCertificateRequest } from './one-time-certificate.ts';
export { createCrl, createRootCrl, type CrlOptions, type RevokedCertificate } from './crl.ts';
export { fetchCrls, type FetchCrlsOptions } from './fetch-crls.ts';
export { loadPkcs12 } from './pkcs12.ts';
export { readCertificateStatements, type CertificateStatements } from './certificate-statements.ts';
