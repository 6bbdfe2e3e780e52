import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiEndpoints } from './api-routes-source.ts';
import { successSchema } from './endpoint-call.ts';

/*
 * The browser reads an /api answer as the JSON it is, unparsed (ui-kit's callEndpoint): that is
 * what parsing would give only while no success schema changes a value on the way (a transform,
 * a default, a catch). This holds every /api endpoint to that.
 */

type Def = { type: string; [part: string]: unknown };
const defOf = (value: unknown): Def | undefined => (value as { _zod?: { def: Def } } | null)?._zod?.def;

/** Where in a schema a value would be changed or made up while parsing, as paths. */
function valueChangers(schema: z.ZodType): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, path: string) => {
    const def = defOf(node);
    if (!def || seen.has(node)) return;
    seen.add(node);
    if (['pipe', 'transform', 'default', 'prefault', 'catch'].includes(def.type)) found.push(`${path} (${def.type})`);
    // Values whose JSON differs from what parsing gives (a Date, a bigint, a Map, a Set), coercion, and
    // checks that rewrite a value (.trim(), .toLowerCase()).
    if (['date', 'bigint', 'map', 'set'].includes(def.type)) found.push(`${path} (${def.type})`);
    if (def.coerce === true) found.push(`${path} (coerce)`);
    for (const check of (def.checks as unknown[] | undefined) ?? []) {
      if (defOf(check)?.check === 'overwrite') found.push(`${path} (overwrite)`);
    }
    if (def.type === 'lazy') visit((def.getter as () => unknown)(), path);
    for (const [part, value] of Object.entries(def)) {
      if (part === 'shape') for (const [field, fieldSchema] of Object.entries(value as object)) visit(fieldSchema, `${path}.${field}`);
      else if (Array.isArray(value)) {
        for (const [index, option] of value.entries()) visit(option, `${path}[${index}]`);
      } else visit(value, path);
    }
  };
  visit(schema, '');
  return found;
}

describe('/api success answers', () => {
  it('finds what would change a value (so this test can fail)', () => {
    expect(valueChangers(z.object({ a: z.array(z.string().default('x')), b: z.string().transform(Number) }))).toEqual(['.a (default)', '.b (pipe)', '.b (transform)']);
    expect(valueChangers(z.object({ c: z.string().trim(), d: z.coerce.number(), e: z.date() }))).toEqual(['.c (overwrite)', '.d (coerce)', '.e (date)']);
  });

  it('are read as sent: no success schema transforms, defaults or catches a value', async () => {
    const endpoints = await apiEndpoints();
    const changers = endpoints.flatMap(({ name, endpoint }) => valueChangers(successSchema(endpoint)).map((where) => `${name}${where}`));
    expect(endpoints.length).toBeGreaterThan(60);
    expect(changers).toEqual([]);
  });
});
