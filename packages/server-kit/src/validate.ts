import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { HttpError, validationError } from './errors.ts';

/** Why a request carrying a NUL character is refused: PostgreSQL cannot store one in text, so it would fail deep inside. */
export const nulCharacterMessage = 'Text must not contain the NUL character';

/**
 * Where the first NUL character sits in a request part (a string, or a key or string anywhere
 * inside arrays and objects), as a field path; undefined when there is none. Walked with a stack
 * rather than recursion, so a deeply nested body cannot overflow the call stack.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return itemPath;
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}

/** A 400 for a request part holding a NUL character, naming the field; undefined when it holds none. */
function nulCharacterError(value: unknown): HttpError | undefined {
  const field = nulCharacterPath(value);
  return field === undefined ? undefined : new HttpError(400, nulCharacterMessage, [{ field, message: nulCharacterMessage }]);
}

/** Parses a request part with a contract schema; a failure becomes a 400 in the spec's words. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const refused = nulCharacterError(value);
  if (refused) throw refused;
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Fastify's validator for routes declared from contract endpoints. A failure is handed on as the
 * ZodError itself, so the app's error handler maps it as it maps a parseWith failure (the first
 * issue's message, every issue listed); an absent body is read as `{}` so a missing field gets
 * its own message rather than "expected object". A NUL character anywhere in the part is refused
 * first, whatever the schema (a field the schema passes through unread included).
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const refused = nulCharacterError(data);
    if (refused) return { error: refused };
    const parsed = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return parsed.success ? { value: parsed.data } : { error: parsed.error };
  };
