// A flow's signers and files as other features read them (signing, above all). The queries
// are the repository's; this is the part of it signflows offers, so the rest of the
// repository (lists, visibility) stays its own.
export { findFile, listFiles, listSigners } from './signflows.repository.ts';
