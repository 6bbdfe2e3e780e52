import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { localObjectStore } from './local.ts';
import type { ObjectStore } from './port.ts';
import { s3ObjectStore } from './s3.ts';

/** The monorepo root, so a relative UPLOADS_DIR lands in one place whatever the working directory. */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Compose passes an unset variable as an empty string; treat that as unset. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const s3Variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The variables of a service that keeps files (identity's photos, admin's ticket attachments): extend a service's config with them. */
export const objectStoreConfigShape = {
  /** S3-compatible store for uploads; leave every S3_* unset to keep uploads in UPLOADS_DIR instead. */
  S3_ENDPOINT: optional(z.string().url()),
  S3_BUCKET: optional(z.string().min(3)),
  S3_REGION: optional(z.string().min(1)).transform((region) => region ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** The local folder store used when no S3 bucket is configured (development and tests only). */
  UPLOADS_DIR: z
    .string()
    .min(1)
    .default('var/uploads')
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(repoRoot, dir))),
};

export type ObjectStoreConfig = {
  NODE_ENV?: string;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  UPLOADS_DIR: string;
};

/** A config's `superRefine`: with any S3_* set the bucket and key pair are required; production insists on S3. */
export function checkObjectStoreConfig(config: ObjectStoreConfig, ctx: z.RefinementCtx) {
  // S3_ENDPOINT may be left out for AWS itself; the bucket and the key pair may not.
  const present = s3Variables.filter((name) => config[name] !== undefined);
  if (present.length > 0) {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (config[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${present.join(', ')} is set` });
    }
  } else if (config.NODE_ENV === 'production') {
    // A container's disk is lost with it: production keeps files in the object store.
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required in production (uploads are kept in S3)' });
  }
}

/** S3 when a bucket is configured (the config insists on its keys then); the local folder otherwise. */
export function chooseObjectStore(config: ObjectStoreConfig): ObjectStore {
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
