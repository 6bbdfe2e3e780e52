import type { z } from 'zod';
import { validationError } from './errors.ts';

/** Parses a request part with a contract schema; a failure becomes a 400 in the spec's words. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
