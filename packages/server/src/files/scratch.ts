import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where a node keeps files it needs only while one request or job runs. Every name carries
 * the tag of the node's run (see jobs/node-heartbeat.ts), so that after a crash any node can
 * tell whose a leftover file is and whether that run is still alive.
 */
export interface Scratch {
  tag: string;
  /** DATA_DIR/tmp: uploads while they are checked and stored (shared when DATA_DIR is). */
  uploadDir: string;
  /** The machine's temporary folder: working copies while a document is signed. */
  workDir: string;
}

export function scratchOf(dataDir: string, tag: string): Scratch {
  return { tag, uploadDir: join(dataDir, 'tmp'), workDir: tmpdir() };
}

/** The name prefixes of the three kinds of temporary file; the run tag follows each. */
export const scratchPrefixes = {
  upload: 'upload-',
  work: 'esign-signing-',
  partial: '.partial-',
} as const;

const tagPattern = /^([0-9a-f]{16})-/;

/**
 * The run tag in what follows a prefix (`<tag>-<random>`), or null for a name from before
 * names carried one.
 */
export function tagAfterPrefix(rest: string): string | null {
  return tagPattern.exec(rest)?.[1] ?? null;
}
