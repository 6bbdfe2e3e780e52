import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// openapi-typescript's own Redocly core (its dependency, the version it was built against): the lint
// settings below must be the class it reads, and the document is read with the same YAML parser.
import { createConfig, parseYaml } from '@redocly/openapi-core';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/*
 * `npm run paystack:types -w @krom/payments-service -- <paystack.yaml> <commit>` writes
 * src/providers/mobile-money/paystack-openapi.gen.ts: the types of Paystack's published OpenAPI
 * document (github.com/PaystackOSS/openapi, dist/paystack.yaml) for the operations the adapter
 * calls. The whole document makes 470 KB of types for its 164 operations; the adapter needs
 * nine, so the document is cut down to them and to the components they refer to before generating.
 */

/** The operations paystack.ts calls, by path and method. A call to any other does not compile. */
export const PAYSTACK_OPERATIONS: Record<string, readonly Method[]> = {
  '/charge': ['post'],
  '/charge/submit_otp': ['post'],
  '/charge/{reference}': ['get'],
  '/transaction/verify/{reference}': ['get'],
  '/transferrecipient': ['post'],
  '/transfer': ['post'],
  '/transfer/verify/{reference}': ['get'],
  '/refund': ['post', 'get'],
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type Method = (typeof METHODS)[number];
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Redocly's checks as openapi-typescript runs them, relaxed for what Paystack's document does
 * and types can live with: `nullable` without a `type` (read as "any value or null") and paths
 * Redocly calls ambiguous are warnings or nothing, instead of errors that stop the generation.
 */
const RELAXED_LINT: Parameters<typeof createConfig>[0] = { extends: [], rules: { struct: 'warn', 'no-ambiguous-paths': 'off', 'info-license': 'off' } };

/** `#/components/schemas/A~1B/properties/x` → ['schemas', 'A/B']: the component a local reference lands in. */
function componentOf(ref: string): [kind: string, name: string] {
  const [, components, kind, name] = ref.split('/');
  if (!ref.startsWith('#/') || components !== 'components' || kind === undefined || name === undefined) {
    throw new Error(`Only references into #/components are followed; found ${JSON.stringify(ref)}`);
  }
  return [kind, name.replaceAll('~1', '/').replaceAll('~0', '~')];
}

/** Every reference a part of the document makes: `$ref`s, and a discriminator's mapping, which names schemas by reference too. */
function referencesIn(node: Json, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) referencesIn(item, found);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else if (key === 'mapping' && isObject(value)) {
        for (const target of Object.values(value)) if (typeof target === 'string' && target.startsWith('#')) found.push(target);
      } else referencesIn(value, found);
    }
  }
  return found;
}

/**
 * The document with only `operations` (path → methods) and what they need: the components they
 * refer to, followed from component to component, and the security schemes the document applies.
 * Everything else (other paths, tags, unused components) is left out; what is kept is unchanged.
 */
export function prunePaystackDocument(document: JsonObject, operations: Record<string, readonly Method[]>): JsonObject {
  const paths = isObject(document.paths) ? document.paths : {};
  const keptPaths: JsonObject = {};
  for (const [path, methods] of Object.entries(operations)) {
    const item = paths[path];
    if (!isObject(item)) throw new Error(`The document has no path ${path}`);
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(item)) {
      const isMethod = (METHODS as readonly string[]).includes(key);
      if (!isMethod || methods.includes(key as Method)) kept[key] = value;
    }
    for (const method of methods) if (!isObject(kept[method])) throw new Error(`The document has no ${method.toUpperCase()} ${path}`);
    keptPaths[path] = kept;
  }

  const components = isObject(document.components) ? document.components : {};
  const reached = new Map<string, Set<string>>();
  const pending = referencesIn(keptPaths);
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    const [kind, name] = componentOf(ref);
    const names = reached.get(kind) ?? reached.set(kind, new Set()).get(kind)!;
    if (names.has(name)) continue;
    const component = isObject(components[kind]) ? components[kind][name] : undefined;
    if (component === undefined) throw new Error(`${ref} refers to nothing in the document`);
    names.add(name);
    pending.push(...referencesIn(component));
  }
  // Security requirements name their schemes by key, not by reference.
  const security = [document.security, ...Object.values(keptPaths).flatMap((item) => (isObject(item) ? Object.values(item) : []))]
    .flatMap((node) => (Array.isArray(node) ? node : isObject(node) && Array.isArray(node.security) ? node.security : []))
    .flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
  for (const scheme of security) (reached.get('securitySchemes') ?? reached.set('securitySchemes', new Set()).get('securitySchemes')!).add(scheme);

  // Kinds and names in the document's own order, so the output changes only where the document does.
  const keptComponents: JsonObject = {};
  for (const [kind, all] of Object.entries(components)) {
    const names = reached.get(kind);
    if (!names || !isObject(all)) continue;
    keptComponents[kind] = Object.fromEntries(Object.entries(all).filter(([name]) => names.has(name)));
  }

  const pruned: JsonObject = {};
  for (const key of ['openapi', 'info', 'servers', 'security'] as const) if (document[key] !== undefined) pruned[key] = document[key];
  pruned.paths = keptPaths;
  pruned.components = keptComponents;
  return pruned;
}

const MIT_LICENCE = `MIT License

Copyright (c) 2022 PaystackOSS

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

const header = (commit: string) =>
  [
    '/*',
    " * Paystack's API as its published OpenAPI document describes it, cut down to the operations the",
    ' * Paystack adapter calls and the components they refer to. Generated by',
    ' * services/payments/scripts/paystack-types.ts with openapi-typescript: do not edit.',
    ' *',
    ` * Source: github.com/PaystackOSS/openapi, dist/paystack.yaml at commit ${commit}`,
    ' * Regenerate (from the repository root):',
    ` *   git -C <a clone of PaystackOSS/openapi> show ${commit}:dist/paystack.yaml > /tmp/paystack.yaml`,
    ` *   npm run paystack:types -w @krom/payments-service -- /tmp/paystack.yaml ${commit}`,
    ' *',
    ' * The document is published under the MIT licence:',
    ' *',
    ...MIT_LICENCE.split('\n').map((line) => (line ? ` * ${line}` : ' *')),
    ' */',
    '',
  ].join('\n');

/** The generated file's text for a document (YAML or JSON) read at `commit` of PaystackOSS/openapi. */
export async function paystackTypes(
  documentText: string,
  commit: string,
  options: { operations?: Record<string, readonly Method[]>; silent?: boolean } = {},
): Promise<string> {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`A commit is 40 hex digits; got ${JSON.stringify(commit)}`);
  const document = parseYaml(documentText) as JsonObject;
  const pruned = prunePaystackDocument(document, options.operations ?? PAYSTACK_OPERATIONS);
  const ast = await openapiTS(pruned as unknown as OpenAPI3, {
    redocly: await createConfig(RELAXED_LINT),
    // An object schema without properties (a charge's `metadata`) takes any fields, not none.
    emptyObjectsUnknown: true,
    silent: options.silent ?? false,
  });
  return `${header(commit)}\n${astToString(ast)}`;
}

export const GENERATED_FILE = fileURLToPath(new URL('../src/providers/mobile-money/paystack-openapi.gen.ts', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [documentPath, commit] = process.argv.slice(2);
  if (!documentPath || !commit) {
    console.error('Usage: tsx scripts/paystack-types.ts <paystack.yaml> <commit of PaystackOSS/openapi it was read at>');
    process.exit(2);
  }
  writeFileSync(GENERATED_FILE, await paystackTypes(readFileSync(documentPath, 'utf8'), commit));
  console.log(`Wrote ${GENERATED_FILE}`);
}
