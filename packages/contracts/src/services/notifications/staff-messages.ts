import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  messageLogQuerySchema,
  messageLogSchema,
  sendBookingConfirmationRequestSchema,
  smsTestResponseSchema,
  smsTestSendCodeRequestSchema,
  smsTestVerifyCodeRequestSchema,
} from '../../http/staff-messages.ts';

/** The notifications service's staff routes: the message log and the SMS test panel. Asserted staff only. */
export const smsLogRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/messages/sms',
  caller: 'staff',
  roles: ['support'],
  summary: 'Recent SMS log entries, newest first',
  query: messageLogQuerySchema,
  responses: { 200: messageLogSchema, ...errorResponses(400, 401) },
});

export const emailLogRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/messages/email',
  caller: 'staff',
  roles: ['support'],
  summary: 'Recent e-mail log entries, newest first',
  query: messageLogQuerySchema,
  responses: { 200: messageLogSchema, ...errorResponses(400, 401) },
});

export const smsTestSendCodeRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/sms-test/codes',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Texts a test code (purpose staff_test, keyed by the number)',
  body: smsTestSendCodeRequestSchema,
  responses: { 200: smsTestResponseSchema, ...errorResponses(400, 401, 429) },
});

export const smsTestVerifyCodeRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/sms-test/codes/verify',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Checks a test code',
  body: smsTestVerifyCodeRequestSchema,
  responses: { 200: smsTestResponseSchema, ...errorResponses(400, 401, 429) },
});

export const smsTestBookingConfirmationRoute = defineEndpoint({
  method: 'POST',
  path: '/staff/sms-test/booking-confirmation',
  caller: 'staff',
  roles: ['administrator'],
  summary: 'Texts a booking confirmation with the given details',
  body: sendBookingConfirmationRequestSchema,
  responses: { 200: smsTestResponseSchema, ...errorResponses(400, 401, 429) },
});
