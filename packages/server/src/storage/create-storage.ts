import { join } from 'node:path';
import type { AppConfig } from '../config/env.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The storage the configuration asks for: S3 when a bucket is set, else DATA_DIR/files, whose
 * temporary names carry `tag`, the node's run (see createDiskStorage).
 */
export function createFileStorage(config: AppConfig, tag?: string): FileStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createDiskStorage(join(config.dataDir, 'files'), tag);
}
