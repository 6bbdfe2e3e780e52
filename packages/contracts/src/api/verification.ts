import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  documentLinkQuerySchema,
  driverVerificationFormSchema,
  identityVerificationFormSchema,
  myVerificationSchema,
  submissionReceiptSchema,
} from '../http/verification.ts';
import { z } from 'zod';

/**
 * Identity and driver verification, as the user sends it: multipart forms streamed through to
 * identity (photos optional), the user's own statuses, and the documents' short-lived links.
 */
export const submitIdentityVerification = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-identity',
  caller: 'user',
  summary: 'Sends the Ghana card details for review (multipart: fullName, cardNumber, expiryDate, cardPhoto, selfiePhoto)',
  body: identityVerificationFormSchema,
  consumes: ['multipart/form-data'],
  responses: { 201: submissionReceiptSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
});

export const submitDriverVerification = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-driver-identity',
  caller: 'user',
  summary: "Sends the Ghana card and driver's licence details for review (multipart driver fields and four optional photos)",
  body: driverVerificationFormSchema,
  consumes: ['multipart/form-data'],
  responses: { 201: submissionReceiptSchema, ...errorResponses(400, 401, 403, 409, 413, 429) },
});

export const getMyVerification = defineEndpoint({
  method: 'GET',
  path: '/api/auth/verification',
  caller: 'user',
  summary: "The user's verification statuses and latest submission of each kind, with a rejection's reason",
  responses: { 200: myVerificationSchema, ...errorResponses(401) },
});

export const documentParams = z.object({ documentId: z.string().describe('A document id from a submission') });

export const getVerificationDocument = defineEndpoint({
  method: 'GET',
  path: '/api/verification/documents/:documentId',
  caller: ['user', 'staff'],
  roles: ['trust_safety'],
  summary: "A verification photo, through its signed link, to its owner or staff only; 403 once the link has expired",
  params: documentParams,
  query: documentLinkQuerySchema,
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
    ...errorResponses(401, 403, 404),
  },
});
