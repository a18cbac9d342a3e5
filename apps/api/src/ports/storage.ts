import type { Readable } from 'node:stream';

// Storage port (issue 19 part 3, decision 054): where uploaded photos and their variants live.
// Adapters: a folder under DATA_DIR (default) and an S3-compatible bucket (S3_BUCKET).
// Keys are relative, slash-separated paths of [a-z0-9._-] segments, e.g. photos/ab12/card-400.webp;
// anything else is refused before it reaches a disk or a bucket (no traversal, no odd names).

export interface StoredObject {
  body: Readable;
  contentType: string;
  /** bytes */
  contentLength: number;
  /** strong ETag, quoted, as an HTTP answer carries it */
  etag: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the object whole (a reader never sees half of it); replaces one with the same key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/;

/** Whether a key is one the adapters accept: 1 to 8 segments, none of them '.' or '..'. */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && !s.includes('..'));
}

export class UnsafeStorageKeyError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'UnsafeStorageKeyError';
  }
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new UnsafeStorageKeyError(key);
}
