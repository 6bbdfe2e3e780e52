import { allowedCallers, type Endpoint } from '@krom/contracts/endpoint';
import { uploadFormFields } from '@krom/contracts/http/auth';
import { Validator } from '@seriousme/openapi-schema-validator';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig } from './bff-test-env.ts';
import { declaredEndpoints } from './contract-endpoints.ts';

// The document only describes routes; no service needs to run behind the BFF for it.
let app: FastifyInstance;
let redis: Redis;
beforeAll(async () => {
  const env = isolatedTestEnv('bff');
  redis = new Redis(env.redisUrl);
  app = await buildBffApp(bffTestConfig(env), redis);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await redis.quit();
});

type Operation = { summary?: string; operationId?: string; security?: Record<string, string[]>[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }>; required?: string[] } }> }; responses?: Record<string, unknown> };
type Document = {
  openapi: string;
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, Operation>>;
};

/**
 * Every method and path the BFF answers, read from Fastify's own route tree (printRoutes nests a
 * path under the longest prefix it shares with another, so each line's path is its parent's plus
 * its own segment). HEAD is Fastify's automatic twin of GET.
 */
function registeredRoutes(fastify: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), path });
    }
  }
  return routes;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<Document>();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes every /api route the BFF answers, each from its contract endpoint', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const apiRoutes = registeredRoutes(app).filter((route) => route.path.startsWith('/api/'));
    // A floor, so a broken reading of the route tree cannot pass with nothing to check.
    expect(apiRoutes.length).toBeGreaterThan(30);

    const missing: string[] = [];
    for (const { method, path } of apiRoutes) {
      const operation = document.paths[path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method];
      // A summary is only set from an endpoint; a route registered without one has none.
      const described = operation?.summary && Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2'));
      if (!described) missing.push(`${method.toUpperCase()} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('describes the upload as the multipart form identity reads, its file in the field the form sends', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const form = document.paths['/api/upload']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties?.[uploadFormFields.file]?.format).toBe('binary');
    expect(form?.required).toEqual([uploadFormFields.file]);
  });

  it('documents no path the BFF does not answer', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const answered = new Set(registeredRoutes(app).map(({ method, path }) => `${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(documented.filter((operation) => !answered.has(operation))).toEqual([]);
  });
});

/** Every /api endpoint in packages/contracts, by `method /path` in the document's `{name}` style. */
async function apiEndpoints(): Promise<Map<string, Endpoint>> {
  const declared = await declaredEndpoints('api');
  return new Map(declared.map(({ endpoint }) => [`${endpoint.method.toLowerCase()} ${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`, endpoint]));
}

describe('what the document says of each operation', () => {
  it('names where the API is served, without a trailing slash', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    expect(document.servers?.map((server) => server.url)).toEqual(['http://localhost:8080']);
  });

  it('gives each operation a unique, URL-safe operationId', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter((id) => !id || !/^[A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/rides/{id}/cancel']?.post?.operationId).toBe('postRidesByIdCancel');
  });

  it('requires the session cookie exactly where the contract admits only members or staff', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    expect(document.components?.securitySchemes?.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'krom_session' });
    const endpoints = await apiEndpoints();
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const endpoint = endpoints.get(`${method} ${path}`);
        if (!endpoint) {
          wrong.push(`${method} ${path}: no contract endpoint`);
          continue;
        }
        const signedIn = allowedCallers(endpoint).every((caller) => caller === 'user' || caller === 'staff');
        const expected = signedIn ? [{ session: [] }] : [];
        if (JSON.stringify(operation.security) !== JSON.stringify(expected)) wrong.push(`${method} ${path}: ${JSON.stringify(operation.security)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
