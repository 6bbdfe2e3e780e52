import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** This document: the whole /api as OpenAPI 3.1, generated from these endpoints. */
export const getOpenApiDocument = defineEndpoint({
  method: 'GET',
  path: '/api/openapi.json',
  caller: 'public',
  summary: 'The OpenAPI 3.1 document of /api',
  responses: { 200: z.record(z.string(), z.unknown()) },
});
