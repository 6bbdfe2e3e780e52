import { smsTestMessages } from '@krom/contracts/http/staff-messages';
import {
  emailLogRoute,
  smsLogRoute,
  smsTestBookingConfirmationRoute,
  smsTestSendCodeRoute,
  smsTestVerifyCodeRoute,
} from '@krom/contracts/services/notifications/staff-messages';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import { HttpError } from '@krom/server-kit/errors';
import { requireAdmin } from '@krom/server-kit/internal-auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CodeDeps } from '../codes/code-deps.ts';
import { CodeRequestRefused, issueVerificationCode } from '../codes/issue-code.ts';
import { verifyCode } from '../codes/verify-code.ts';
import { listEmailLog, listSmsLog } from '../messages/message-log.ts';
import { bookingConfirmationSmsText } from '../sms/booking-confirmation-sms.ts';
import { queueSms } from '../sms/queue-sms.ts';

/**
 * Staff only (an admin assertion from the BFF): the message log and the SMS test panel. The
 * panel goes through the same paths as the product's own messages, so what it shows working is
 * what users get: codes with their cooldown, caps and tries, texts with the per-number caps.
 */
export async function staffMessageRoutes(app: FastifyInstance, { codes }: { codes: CodeDeps }) {
  routeEndpoint(app, smsLogRoute, {
    handler: async (request) => {
      return { entries: await listSmsLog(codes.db, request.query) };
    },
  });

  routeEndpoint(app, emailLogRoute, {
    handler: async (request) => {
      return { entries: await listEmailLog(codes.db, request.query) };
    },
  });

  routeEndpoint(app, smsTestSendCodeRoute, {
    handler: async (request, reply) => {
      const adminId = requireAdmin(request);
      const phone = request.body.phoneNumber;
      try {
        // Keyed by the number, so the cooldown and caps hold per phone whoever on staff sends;
        // the client is the staff member, so one account cannot text numbers without limit.
        await issueVerificationCode(codes, {
          purpose: 'staff_test',
          subject: phone,
          destination: { channel: 'sms', phone },
          clientKey: `staff:${adminId}`,
        });
      } catch (error) {
        if (error instanceof CodeRequestRefused) (reply as FastifyReply).header('retry-after', String(error.resendAfterSeconds));
        throw error;
      }
      return { message: smsTestMessages.codeSent };
    },
  });

  routeEndpoint(app, smsTestVerifyCodeRoute, {
    handler: async (request) => {
      // Refusals are the sign-up's 400s, in the same words (wrong code, too many tries, expired).
      await verifyCode(codes, { purpose: 'staff_test', subject: request.body.phoneNumber, code: request.body.code });
      return { message: smsTestMessages.verified };
    },
  });

  routeEndpoint(app, smsTestBookingConfirmationRoute, {
    handler: async (request, reply) => {
      const { phoneNumber, bookingDetails } = request.body;
      const row = await queueSms(codes.sms, { phoneNumber, message: bookingConfirmationSmsText(bookingDetails), messageType: 'booking_confirmation' });
      // Past the number's cap the row is kept as suppressed (the log shows it) but nothing is sent:
      // the panel must not say "sent".
      if (row.status === 'suppressed') {
        (reply as FastifyReply).header('retry-after', '3600');
        throw new HttpError(429, row.error ?? 'Too many messages to this number. Please try again later.');
      }
      return { message: smsTestMessages.bookingSent, smsLogId: row.id };
    },
  });
}
