// A flow's signers and files as other features read and record them (signing, above all).
// The queries are the repositories'; this is the part of them signflows offers, so the rest
// (lists, visibility, drafts) stays its own.
export { listSigners } from './signflows.repository.ts';
export {
  deleteFileRecords,
  findFile,
  insertFileRecords,
  listFiles,
} from './signflow-files.repository.ts';
export {
  findRecipient,
  findRecipientByTokenHash,
  listRecipients,
  markRecipientNotified,
  markViewerOpened,
  setRecipientLink,
} from './recipients.repository.ts';
