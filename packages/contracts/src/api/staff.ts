import { z } from 'zod';
import { defineEndpoint, errorResponses } from '../endpoint.ts';
import {
  messageLogQuerySchema,
  messageLogSchema,
  sendBookingConfirmationRequestSchema,
  smsTestResponseSchema,
  smsTestSendCodeRequestSchema,
  smsTestVerifyCodeRequestSchema,
} from '../http/staff-messages.ts';
import { staffPlateDisputeListSchema } from '../http/vehicles.ts';
import {
  decideVerificationRequestSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  reviewSubmissionSchema,
} from '../http/verification.ts';

/** Staff work: the verification review queue, the message log and the SMS test panel. Staff sessions only. */
export const submissionParams = z.object({ id: z.string().describe('A submission id') });

export const getReviewQueue = defineEndpoint({
  method: 'GET',
  path: '/api/admin/verifications',
  caller: 'staff',
  summary: 'Verification submissions by status (pending first-come first-served by default), both kinds',
  query: reviewQueueQuerySchema,
  responses: { 200: reviewQueueSchema, ...errorResponses(400, 401) },
});

export const getReviewSubmission = defineEndpoint({
  method: 'GET',
  path: '/api/admin/verifications/:id',
  caller: 'staff',
  summary: 'One submission with its fields, short-lived photo links and the account’s history of this kind',
  params: submissionParams,
  responses: { 200: reviewSubmissionSchema, ...errorResponses(401, 404) },
});

export const decideVerification = defineEndpoint({
  method: 'POST',
  path: '/api/admin/verifications/:id/decision',
  caller: 'staff',
  summary: 'Approves, or rejects with a reason; 409 when the submission is no longer pending',
  params: submissionParams,
  body: decideVerificationRequestSchema,
  responses: { 200: reviewSubmissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const getSmsLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/messages/sms',
  caller: 'staff',
  summary: 'Recent SMS, newest first, with status and error',
  query: messageLogQuerySchema,
  responses: { 200: messageLogSchema, ...errorResponses(400, 401) },
});

export const getEmailLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/messages/email',
  caller: 'staff',
  summary: 'Recent e-mails, newest first, with status and error',
  query: messageLogQuerySchema,
  responses: { 200: messageLogSchema, ...errorResponses(400, 401) },
});

/**
 * The SMS test panel's steps. The panel's first two steps do not use the sign-up calls
 * (/api/sms/send-verification, /api/sms/verify-code): those are open to anyone signing up, and a
 * panel that texts any number must be staff's only.
 */
export const smsTestSendCode = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sms-test/send-verification',
  caller: 'staff',
  summary: 'Step 1 of the SMS test panel: texts a test code to the number',
  body: smsTestSendCodeRequestSchema,
  responses: { 200: smsTestResponseSchema, ...errorResponses(400, 401, 403, 429) },
});

export const smsTestVerifyCode = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sms-test/verify-code',
  caller: 'staff',
  summary: 'Step 2 of the SMS test panel: checks the test code',
  body: smsTestVerifyCodeRequestSchema,
  responses: { 200: smsTestResponseSchema, ...errorResponses(400, 401, 403, 429) },
});

export const sendBookingConfirmation = defineEndpoint({
  method: 'POST',
  path: '/api/sms/send-booking-confirmation',
  caller: 'staff',
  summary: 'Step 3 of the SMS test panel: texts a booking confirmation (staff only)',
  body: sendBookingConfirmationRequestSchema,
  responses: { 200: smsTestResponseSchema, ...errorResponses(400, 401, 403, 429) },
});

export const getPlateDisputes = defineEndpoint({
  method: 'GET',
  path: '/api/admin/plate-disputes',
  caller: 'staff',
  summary: 'Licence plates members dispute (a plate registered to someone else they say is theirs), open first, newest first',
  responses: { 200: staffPlateDisputeListSchema, ...errorResponses(401) },
});
