import { getEmailLog, getSmsLog, sendBookingConfirmation, smsTestSendCode, smsTestVerifyCode } from '@krom/contracts/api/staff';
import {
  emailLogRoute,
  smsLogRoute,
  smsTestBookingConfirmationRoute,
  smsTestSendCodeRoute,
  smsTestVerifyCodeRoute,
} from '@krom/contracts/services/notifications/staff-messages';
import type { FastifyInstance } from 'fastify';
import { forward } from '../plugins/service-calls.ts';
import { requireAdminCaller } from '../plugins/sessions.ts';
import type { RouteOptions } from './route-options.ts';

/**
 * The staff message log and the SMS test panel, forwarded to the notifications service as the
 * signed-in staff member. A staff session only: the panel texts any number, so no user session
 * and no anonymous caller reaches it (including /api/sms/send-booking-confirmation, which sits
 * beside the public sign-up calls but is not one of them).
 */
export async function staffMessageRoutes(app: FastifyInstance, options: RouteOptions) {
  const asStaff = { service: 'notifications' as const, caller: requireAdminCaller };
  await forward(app, options.directory, { ...asStaff, endpoint: getSmsLog, to: smsLogRoute });
  await forward(app, options.directory, { ...asStaff, endpoint: getEmailLog, to: emailLogRoute });
  await forward(app, options.directory, { ...asStaff, endpoint: smsTestSendCode, to: smsTestSendCodeRoute });
  await forward(app, options.directory, { ...asStaff, endpoint: smsTestVerifyCode, to: smsTestVerifyCodeRoute });
  await forward(app, options.directory, { ...asStaff, endpoint: sendBookingConfirmation, to: smsTestBookingConfirmationRoute });
}
