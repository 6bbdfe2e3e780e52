import { loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { z } from 'zod';

export const ridesConfigSchema = serviceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_rides'),
});
export type RidesConfig = z.infer<typeof ridesConfigSchema>;

export const readRidesConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(ridesConfigSchema, env);
