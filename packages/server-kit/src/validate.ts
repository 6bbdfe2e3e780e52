import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationError } from './errors.ts';

/** Parses a request part with a contract schema; a failure becomes a 400 in the spec's words. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Fastify's validator for routes declared from contract endpoints. A failure is handed on as the
 * ZodError itself, so the app's error handler maps it as it maps a parseWith failure (the first
 * issue's message, every issue listed); an absent body is read as `{}` so a missing field gets
 * its own message rather than "expected object".
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const parsed = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return parsed.success ? { value: parsed.data } : { error: parsed.error };
  };
