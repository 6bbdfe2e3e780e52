import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { deleteUploadRequestSchema, uploadFormSchema, uploadResponseSchema } from '../http/auth.ts';
import { okResponseSchema } from '../http/ok.ts';

/**
 * Profile photos. The upload is a multipart form (the file in `image`, its use in `type`, see
 * `uploadFormFields`) streamed through to identity, so its body is described here, not parsed.
 */
export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/api/upload',
  caller: 'user',
  summary: 'Stores an image (multipart form: `image` file up to 5 MB, `type` "profile")',
  body: uploadFormSchema,
  consumes: ['multipart/form-data'],
  responses: { 201: uploadResponseSchema, ...errorResponses(400, 401, 403, 413) },
});

export const uploadParams = z.object({ publicId: z.string().describe('The id an upload answered with') });

export const getUploadedImage = defineEndpoint({
  method: 'GET',
  path: '/api/uploads/:publicId',
  caller: 'public',
  summary: 'The image bytes: a profile photo to anyone, guests too, unless its owner hides their profile; other uploads to their owner only',
  params: uploadParams,
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 404),
  },
});

export const deleteUploadedImage = defineEndpoint({
  method: 'DELETE',
  path: '/api/upload',
  caller: 'user',
  summary: "Deletes one of the user's own uploads",
  body: deleteUploadRequestSchema,
  responses: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
});
