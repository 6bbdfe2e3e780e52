import { readdirSync } from 'node:fs';
import type { Endpoint } from './endpoint.ts';

/*
 * Writes api-routes.ts: every /api endpoint of src/api/*.ts as its method and path, typed by the
 * endpoint through `import type`, so the browser calls the API without loading a schema (and zod).
 * scripts/write-api-routes.ts writes the file; api-routes.test.ts fails when it differs from this.
 */

const apiFolder = new URL('./api/', import.meta.url);

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'caller' in value && 'responses' in value;

const camelCase = (fileName: string) => fileName.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** Every /api endpoint of src/api/*.ts with its name and the file's (without .ts), by file and then name. */
export async function apiEndpoints(): Promise<{ file: string; name: string; endpoint: Endpoint }[]> {
  const files = readdirSync(apiFolder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
  const found: { file: string; name: string; endpoint: Endpoint }[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(new URL(file, apiFolder).href);
    const endpoints = Object.entries(module)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    found.push(...endpoints.map(([name, endpoint]) => ({ file: file.slice(0, -'.ts'.length), name, endpoint })));
  }
  return found;
}

/** The text of api-routes.ts for the endpoints src/api holds now. */
export async function apiRoutesSource(): Promise<string> {
  const imports: string[] = [];
  const routes: string[] = [];
  for (const { file, name, endpoint } of await apiEndpoints()) {
    const alias = camelCase(file);
    const importLine = `import type * as ${alias} from './api/${file}.ts';`;
    if (!imports.includes(importLine)) imports.push(importLine);
    routes.push(`export const ${name}: ApiRoute<typeof ${alias}.${name}> = { method: '${endpoint.method}', path: '${endpoint.path}' };`);
  }
  return [
    '// Written by scripts/write-api-routes.ts from src/api/*.ts (api-routes-source.ts); do not edit.',
    '// The browser calls /api through these: method and path as data, everything else a type.',
    "import type { ApiRoute } from './endpoint-call.ts';",
    ...imports,
    '',
    ...routes,
    '',
  ].join('\n');
}
