import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file contents live: the local disk by default, S3-compatible object storage at
 * scale. Keys are made by the server (never from a user's file name).
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /**
   * Stores a copy of the local file under key (the local file is left as it is); a reader
   * never sees a partly written object.
   */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** Streams the object, or one byte range of it. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies an object within the storage, without passing it through the server's memory. */
  copy(sourceKey: string, targetKey: string): Promise<void>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The disk store only: removes the half-written copies of key that a write left when its
   * process died, those for which `abandoned` says so (by what follows `.partial-` in the
   * name, and when it was last written); answers how many.
   */
  removePartials?(
    key: string,
    abandoned: (suffix: string, modifiedAt: Date) => boolean,
  ): Promise<number>;
}

const keyPattern = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** Refuses any key the server did not make (no dots, no traversal, no absolute paths). */
export function assertStorageKey(key: string): string {
  if (!keyPattern.test(key) || key.includes('//')) throw new Error(`invalid storage key: ${key}`);
  return key;
}
