import path from 'node:path';
import type { Config } from '../../config/env.js';
import type { Storage } from '../../ports/storage.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';

/**
 * Where photos are kept: an S3-compatible bucket when S3_BUCKET is set, else the folder
 * DATA_DIR/uploads (decision 054).
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}

export { createLocalStorage } from './local-storage.js';
export { createS3Storage, StorageUnavailableError } from './s3-storage.js';
