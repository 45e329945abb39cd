/** The media storage chosen by configuration (STORAGE_DRIVER): local disk or an S3 bucket. */
import type { Config } from '../../config.js';
import type { MediaStorage } from './interface.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';

export type { MediaStorage } from './interface.js';
export { IMMUTABLE_CACHE_CONTROL, PRIVATE_KEY_PREFIX } from './interface.js';

export function createStorage(config: Config): MediaStorage {
  const s = config.storage;
  if (s.driver === 's3') {
    return createS3Storage({
      bucket: s.bucket,
      region: s.region,
      endpoint: s.endpoint,
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
      forcePathStyle: s.forcePathStyle,
      publicUrl: s.publicUrl,
    });
  }
  return createLocalStorage({ dir: s.dir, publicUrl: config.publicUrl });
}
