import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { uploadResponseSchema } from '../../http/auth.ts';
import { okResponseSchema } from '../../http/ok.ts';

/** The identity service's image routes, for the asserted user. */
export const storeUploadRoute = defineEndpoint({
  method: 'POST',
  path: '/uploads',
  caller: 'user',
  // The multipart form (`uploadFormSchema`) is read here as it streams in, not parsed up front.
  summary: 'Stores an image sent as the multipart form of POST /api/upload',
  responses: { 201: uploadResponseSchema, ...errorResponses(400, 401, 413, 429) },
});

/** A public id as the route receives it; one that cannot exist is answered 404 like an unknown one. */
const uploadRouteParams = z.object({ publicId: z.string() });

export const readUploadRoute = defineEndpoint({
  method: 'GET',
  path: '/uploads/:publicId',
  caller: 'public',
  summary: 'The image bytes: a profile photo to anyone, guests too, unless its owner hides their profile; other uploads to their owner only',
  params: uploadRouteParams,
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 404),
  },
});

export const deleteUploadRoute = defineEndpoint({
  method: 'DELETE',
  path: '/uploads/:publicId',
  caller: 'user',
  summary: "Deletes one of the asserted user's own uploads",
  params: uploadRouteParams,
  responses: { 200: okResponseSchema, ...errorResponses(401, 404) },
});
