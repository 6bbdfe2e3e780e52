import type { IdentityConfig } from '../../config.ts';
import { localObjectStore } from './local.ts';
import type { ObjectStore } from './port.ts';
import { s3ObjectStore } from './s3.ts';

/** S3 when a bucket is configured (the config insists on its keys then); the local folder otherwise. */
export function chooseObjectStore(config: IdentityConfig): ObjectStore {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3ObjectStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return localObjectStore(config.UPLOADS_DIR);
}
