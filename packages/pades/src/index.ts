// The signing engine's public surface; each module documents what it guarantees.
export { createCadesSignature, type CadesOptions } from './cms/cades.ts';
export { PdfDocument } from './pdf/document.ts';
export { fileSource, bufferSource, type PdfSource } from './pdf/source.ts';
export { PdfError } from './pdf/values.ts';
export { lastStartxref, startxrefSearchBytes } from './pdf/startxref.ts';
export { checkCompletable } from './pdf/completion-check.ts';
export {
  findActiveContent,
  findActiveContentIn,
  type ActiveContent,
  type ActiveContentKind,
} from './pdf/active-content.ts';
export {
  prepareForSigning,
  prepareSignaturePageUpdate,
  type PrepareForSigningOptions,
} from './pdf/signature-page.ts';
export type { SignaturePageLanguage, SignaturePageSigner } from './pdf/signature-page-layout.ts';
export {
  appendInformationPage,
  type AppendInformationPageOptions,
} from './pdf/information-page.ts';
export {
  appendSignature,
  signPdf,
  writeSignatureContents,
  type PadesLevel,
  type SignaturePlaceholder,
  type SignPdfOptions,
} from './sign.ts';
export {
  completeExternalSignature,
  dataToBeSignedHash,
  ExternalSignatureError,
  parseExternalSignatureState,
  prepareExternalSignature,
  type CompleteExternalSignatureOptions,
  type ExternalSignatureState,
  type PreparedExternalSignature,
  type PrepareExternalSignatureOptions,
} from './external-signature.ts';
export { keySigner, type Signer, type SignatureAlgorithm } from './signers/signer.ts';
export { verifyPdf, type SignatureReport, type VerifyOptions } from './verify/verify.ts';
export { cscSigner, CscError, type CscOptions } from './signers/csc-signer.ts';
export {
  cscAlgorithms,
  listCscCredentials,
  readCscCredential,
  signCscHash,
  type CscCredential,
  type CscService,
} from './signers/csc-api.ts';
export {
  addCollectedValidationData,
  addDocumentTimestamp,
  addValidationData,
  signAtLevel,
  type SignAtLevelOptions,
  type TimestampSource,
} from './levels.ts';
export type { ValidationData } from './pdf/dss-update.ts';
export {
  embedFile,
  prepareEmbeddedFileUpdate,
  readEmbeddedFiles,
  type EmbeddedFileOptions,
} from './pdf/embedded-file.ts';
export {
  collectValidationData,
  type CertificateUse,
  type CollectOptions,
  type CollectedValidationData,
} from './ltv/collect.ts';
export {
  collectDocumentValidationData,
  latestCertificateUse,
} from './ltv/document-validation-data.ts';
export {
  archiveRenewalDue,
  lastDocumentTimestamp,
  type ArchiveTimestamp,
} from './ltv/archive-timestamp.ts';
export { ValidationDataError, type ValidationDataErrorCode } from './ltv/errors.ts';
export type { FetchPolicy } from './ltv/fetch-resource.ts';
export * from './pki/index.ts';
export * from './timestamp/index.ts';
