import { z } from 'zod';
import { documentParams } from '../../api/verification.ts';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  decideVerificationRequestSchema,
  documentLinkQuerySchema,
  myVerificationSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  reviewSubmissionSchema,
  submissionReceiptSchema,
} from '../../http/verification.ts';

/**
 * The identity service's verification routes. Submissions and the user's own view are for the
 * asserted user; the queue and decisions for an asserted staff member; a document for its owner
 * or staff, through an unexpired signed link.
 */
export const submitIdentityVerificationRoute = defineEndpoint({
  method: 'POST',
  path: '/verification/identity',
  caller: 'user',
  summary: 'Reads the passenger form as it streams in and queues it for review',
  responses: { 201: submissionReceiptSchema, ...errorResponses(400, 401, 409, 413, 429) },
});

export const submitDriverVerificationRoute = defineEndpoint({
  method: 'POST',
  path: '/verification/driver',
  caller: 'user',
  summary: 'Reads the driver form as it streams in and queues it for review',
  responses: { 201: submissionReceiptSchema, ...errorResponses(400, 401, 409, 413, 429) },
});

export const myVerificationRoute = defineEndpoint({
  method: 'GET',
  path: '/verification/me',
  caller: 'user',
  summary: "The asserted user's statuses and latest submissions",
  responses: { 200: myVerificationSchema, ...errorResponses(401) },
});

export const readVerificationDocumentRoute = defineEndpoint({
  method: 'GET',
  path: '/verification/documents/:documentId',
  caller: ['user', 'staff'],
  roles: ['trust_safety'],
  summary: 'The photo bytes, to its owner or staff, with an unexpired signed link',
  params: documentParams,
  query: documentLinkQuerySchema,
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 403, 404),
  },
});

const submissionRouteParams = z.object({ id: z.string() });

export const reviewQueueRoute = defineEndpoint({
  method: 'GET',
  path: '/verification/submissions',
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'Submissions by status for staff, oldest pending first',
  query: reviewQueueQuerySchema,
  responses: { 200: reviewQueueSchema, ...errorResponses(400, 401) },
});

export const reviewSubmissionRoute = defineEndpoint({
  method: 'GET',
  path: '/verification/submissions/:id',
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'One submission for staff, with signed photo links',
  params: submissionRouteParams,
  responses: { 200: reviewSubmissionSchema, ...errorResponses(401, 404) },
});

export const decideVerificationRoute = defineEndpoint({
  method: 'POST',
  path: '/verification/submissions/:id/decision',
  caller: 'staff',
  roles: ['trust_safety'],
  summary: "Records staff's decision, sets the user's statuses and publishes verification.decided",
  params: submissionRouteParams,
  body: decideVerificationRequestSchema,
  responses: { 200: reviewSubmissionSchema, ...errorResponses(400, 401, 404, 409) },
});
