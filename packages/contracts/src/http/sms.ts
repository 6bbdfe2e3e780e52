import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';

export const smsMessageTypes = ['verification', 'booking_confirmation', 'reminder', 'notification'] as const;
/** The spec's three, plus Krom's 'suppressed': over the per-destination cap, never sent. */
export const smsStatuses = ['sent', 'failed', 'pending', 'suppressed'] as const;

/** sms_logs as the spec lists it; `phoneNumber` is stored as dialled (E.164). */
export const smsLogSchema = z.object({
  id: uuid,
  phoneNumber: z.string(),
  message: z.string(),
  messageType: z.enum(smsMessageTypes),
  status: z.enum(smsStatuses),
  provider: z.string(),
  providerId: z.string().nullable(),
  error: z.string().nullable(),
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type SmsLog = z.infer<typeof smsLogSchema>;

/** The spec's SMS log rule: phone at least 10, message non-empty, type one of four. */
export const smsLogRequestSchema = z.object({
  phoneNumber: z.string().min(10),
  message: z.string().min(1),
  messageType: z.enum(smsMessageTypes),
});
