import { loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { checkObjectStoreConfig, objectStoreConfigShape } from '@krom/server-kit/object-store/config';
import { z } from 'zod';

export const identityConfigSchema = serviceConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_identity'),
    ...objectStoreConfigShape,
  })
  .superRefine(checkObjectStoreConfig);
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const readIdentityConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(identityConfigSchema, env);
