import { z } from 'zod';
import { instantField } from './dates.ts';
import { decimal, ghanaPhoneField, isoDateTime, uuid } from './fields.ts';
import { smsMessageTypes, smsStatuses } from './sms.ts';

/**
 * What staff see of the messages Krom sent (the admin area's message log) and the SMS test panel
 * (/sms-test): its three steps run only for a signed-in staff member.
 */

/** One SMS or e-mail as the log lists it; a one-time code in the text is never shown. */
export const messageLogEntrySchema = z.object({
  id: uuid,
  channel: z.enum(['sms', 'email']),
  /** The number (E.164) or address it went to. */
  destination: z.string(),
  /** The e-mail's subject; null for an SMS. */
  subject: z.string().nullable(),
  text: z.string(),
  messageType: z.string(),
  status: z.enum(smsStatuses),
  provider: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type MessageLogEntry = z.infer<typeof messageLogEntrySchema>;
const messageLogLimitMessage = 'Limit must be a whole number from 1 to 200';
export const messageLogQuerySchema = z.object({
  status: z.enum(smsStatuses).optional(),
  /** Rows created before this entry's time, for the next page. */
  before: instantField('before').optional(),
  limit: decimal(z.number({ error: messageLogLimitMessage }).int(messageLogLimitMessage).min(1, messageLogLimitMessage).max(200, messageLogLimitMessage)).default(50),
});
export const messageLogSchema = z.object({ entries: z.array(messageLogEntrySchema) });
export type MessageLog = z.infer<typeof messageLogSchema>;

/** The panel's texts (spec: Verification code sent!, Phone number verified!, Booking confirmation sent!). */
export const smsTestMessages = {
  codeSent: 'Verification code sent!',
  verified: 'Phone number verified!',
  bookingSent: 'Booking confirmation sent!',
} as const;

/** Step 1: a code to any Ghana number (international +233 or local leading 0). */
export const smsTestSendCodeRequestSchema = z.object({ phoneNumber: ghanaPhoneField });
/** Step 2: the panel sends the key as `code` (spec), up to 6 digits. */
export const smsTestVerifyCodeRequestSchema = z.object({
  phoneNumber: ghanaPhoneField,
  code: z.string({ error: 'Please enter the code' }).trim().regex(/^\d{1,6}$/, 'The code is up to 6 digits'),
});
/** Step 3: the booking confirmation's details (spec: from, to, date, time, driver, vehicle). */
const detail = z.string().trim().min(1).max(80);
export const bookingDetailsSchema = z.object({ from: detail, to: detail, date: detail, time: detail, driver: detail, vehicle: detail });
export const sendBookingConfirmationRequestSchema = z.object({ phoneNumber: ghanaPhoneField, bookingDetails: bookingDetailsSchema });
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;
/** Every step answers its message and, for a text sent, the log entry's id. */
export const smsTestResponseSchema = z.object({ message: z.string(), smsLogId: uuid.optional() });
export { smsMessageTypes };
