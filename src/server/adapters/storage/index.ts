import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

/** S3-compatible storage when configured, else the local folder DATA_DIR/uploads. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY && config.S3_PUBLIC_URL) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(uploadsDirOf(config));
}

export const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'uploads');
