import { z } from 'zod';
import { defineEndpoint, defineForwarded, errorResponses } from '../endpoint.ts';
import {
  decideVerificationRequestSchema,
  reviewSubmissionSchema,
} from '../http/verification.ts';
import { staffCancelBookingRoute, staffGetBookingRoute, staffListBookingsRoute } from '../services/rides/staff-bookings.ts';
import { staffListRidesRoute } from '../services/rides/staff-rides.ts';
import { listPlateDisputesRoute } from '../services/rides/vehicles.ts';
import { reviewQueueRoute } from '../services/identity/verification.ts';
import { liftSuspensionRoute, suspendMemberRoute } from '../services/identity/accounts.ts';
import { memberIdParams, memberSuspensionSchema, suspendMemberRequestSchema } from '../http/suspensions.ts';
import {
  emailLogRoute,
  smsLogRoute,
  smsTestBookingConfirmationRoute,
  smsTestSendCodeRoute,
  smsTestVerifyCodeRoute,
} from '../services/notifications/staff-messages.ts';

/** Staff work: the verification review queue, the message log, the SMS test panel and bookings. Staff sessions only. */
export const submissionParams = z.object({ id: z.string().describe('A submission id') });

export const getReviewQueue = defineForwarded(reviewQueueRoute, {
  path: '/api/admin/verifications',
  summary: 'Verification submissions by status (pending first-come first-served by default), both kinds',
});

export const getReviewSubmission = defineEndpoint({
  method: 'GET',
  path: '/api/admin/verifications/:id',
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'One submission with its fields, short-lived photo links and the account’s history of this kind',
  params: submissionParams,
  responses: { 200: reviewSubmissionSchema, ...errorResponses(401, 404) },
});

export const decideVerification = defineEndpoint({
  method: 'POST',
  path: '/api/admin/verifications/:id/decision',
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'Approves, or rejects with a reason; 409 when the submission is no longer pending',
  params: submissionParams,
  body: decideVerificationRequestSchema,
  responses: { 200: reviewSubmissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const getSmsLog = defineForwarded(smsLogRoute, { path: '/api/admin/messages/sms', summary: 'Recent SMS, newest first, with status and error' });

export const getEmailLog = defineForwarded(emailLogRoute, { path: '/api/admin/messages/email', summary: 'Recent e-mails, newest first, with status and error' });

/**
 * The SMS test panel's steps. The panel's first two steps do not use the sign-up calls
 * (/api/sms/send-verification, /api/sms/verify-code): those are open to anyone signing up, and a
 * panel that texts any number must be staff's only.
 */
export const smsTestSendCode = defineForwarded(smsTestSendCodeRoute, {
  path: '/api/admin/sms-test/send-verification',
  summary: 'Step 1 of the SMS test panel: texts a test code to the number',
  responses: { ...smsTestSendCodeRoute.responses, ...errorResponses(403) },
});

export const smsTestVerifyCode = defineForwarded(smsTestVerifyCodeRoute, {
  path: '/api/admin/sms-test/verify-code',
  summary: 'Step 2 of the SMS test panel: checks the test code',
  responses: { ...smsTestVerifyCodeRoute.responses, ...errorResponses(403) },
});

export const sendBookingConfirmation = defineForwarded(smsTestBookingConfirmationRoute, {
  path: '/api/sms/send-booking-confirmation',
  summary: 'Step 3 of the SMS test panel: texts a booking confirmation (staff only)',
  responses: { ...smsTestBookingConfirmationRoute.responses, ...errorResponses(403) },
});

export const getPlateDisputes = defineForwarded(listPlateDisputesRoute, {
  path: '/api/admin/plate-disputes',
  summary: 'Licence plates members dispute (a plate registered to someone else they say is theirs), open first, newest first',
});

export const listStaffBookings = defineForwarded(staffListBookingsRoute, {
  path: '/api/admin/bookings',
  summary: 'Bookings, newest departure first, filtered by status, payment method, departure days, ride, passenger phone and boarding code; 50 a page, with a cursor to the next',
});

export const listStaffRides = defineForwarded(staffListRidesRoute, {
  path: '/api/admin/rides',
  summary: 'Rides, newest departure first, filtered by status, from, to, departure days and driver; 50 a page, with a cursor to the next',
});

export const getStaffBooking = defineForwarded(staffGetBookingRoute, {
  path: '/api/admin/bookings/:id',
  summary: 'One booking with its history',
});

export const cancelStaffBooking = defineForwarded(staffCancelBookingRoute, {
  path: '/api/admin/bookings/:id/cancel',
  summary: 'Cancels a live booking with a reason (seats back, full refund); 409 when it can no longer be cancelled',
  responses: { ...staffCancelBookingRoute.responses, ...errorResponses(403) },
});

export const suspendMember = defineEndpoint({
  method: 'POST',
  path: '/api/admin/members/:id/suspension',
  caller: 'staff',
  roles: suspendMemberRoute.roles,
  summary: 'Suspends a member with a reason: no sign-in (their sessions end), no posting or booking; their rides and bookings to come are cancelled',
  params: memberIdParams,
  body: suspendMemberRequestSchema,
  responses: { 200: memberSuspensionSchema, ...errorResponses(400, 401, 403, 404, 409) },
});

export const liftMemberSuspension = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/members/:id/suspension',
  caller: 'staff',
  roles: liftSuspensionRoute.roles,
  summary: "Lifts a member's suspension; what was cancelled stays cancelled",
  params: memberIdParams,
  responses: { 200: memberSuspensionSchema, ...errorResponses(401, 403, 404, 409) },
});
