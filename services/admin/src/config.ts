import { loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { checkObjectStoreConfig, objectStoreConfigShape } from '@krom/server-kit/object-store/config';
import { z } from 'zod';

/** Compose passes an unset variable as an empty string; treat that as unset. */
const unsetWhenEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

export const adminConfigSchema = serviceConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4004),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_admin'),
    /** Creates this admin at start when no admin exists yet (a fresh install has no one to sign in). */
    ADMIN_BOOTSTRAP_USERNAME: unsetWhenEmpty(z.string().trim().min(3).optional()),
    ADMIN_BOOTSTRAP_PASSWORD: unsetWhenEmpty(z.string().min(6).optional()),
    /** Where ticket attachments are kept: the same S3_* bucket as identity's photos (under `tickets/`), or UPLOADS_DIR. */
    ...objectStoreConfigShape,
  })
  .superRefine(checkObjectStoreConfig);
export type AdminConfig = z.infer<typeof adminConfigSchema>;

export const readAdminConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(adminConfigSchema, env);
