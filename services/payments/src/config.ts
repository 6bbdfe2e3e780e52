import { loadConfig, serviceConfigSchema } from '@krom/server-kit/config';
import { z } from 'zod';

export const paymentsConfigSchema = serviceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/krom_payments'),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const readPaymentsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(paymentsConfigSchema, env);
