import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { z } from 'zod';

/** The monorepo root, so a relative UPLOADS_DIR lands in one place whatever the working directory. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Compose passes an unset variable as an empty string; treat that as unset. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const s3Variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export const identityConfigSchema = serviceConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_identity'),
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
  })
  .superRefine((config, ctx) => {
    // S3_ENDPOINT may be left out for AWS itself; the bucket and the key pair may not.
    const present = s3Variables.filter((name) => config[name] !== undefined);
    if (present.length > 0) {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (config[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${present.join(', ')} is set` });
      }
    } else if (config.NODE_ENV === 'production') {
      // A container's disk is lost with it: production keeps photos in the object store.
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required in production (uploads are kept in S3)' });
    }
  });
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const readIdentityConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(identityConfigSchema, env);
