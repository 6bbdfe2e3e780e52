import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import { memberReportReasons } from '../http/member-safety-values.ts';

/**
 * `krom.rides.message.sent.v1`: a member wrote in a conversation about a ride. Notifications tells
 * the recipient in the app and, when they are not active in it, by SMS at most once an hour per
 * conversation. `preview` is the start of the message as stored (masked when it was sent before
 * booking), never more than `messagePreviewLength` characters.
 */
export const messageSent = defineEvent(
  'krom.rides.message.sent.v1',
  z.object({
    messageId: z.string().uuid(),
    conversationId: z.string().uuid(),
    rideId: z.string().uuid(),
    senderId: z.string().uuid(),
    senderFirstName: z.string(),
    recipientId: z.string().uuid(),
    /** The recipient's part: the ride's driver or the passenger. */
    recipientRole: z.enum(['driver', 'passenger']),
    preview: z.string(),
    fromLocation: z.string(),
    toLocation: z.string(),
    departureAt: z.string().datetime({ offset: true }),
    sentAt: z.string().datetime({ offset: true }),
  }),
);
export type MessageSent = z.infer<typeof messageSent.schema>;

/**
 * `krom.rides.message.reported.v1`: a member reported a message the other member of their
 * conversation wrote. Admin opens a case for staff from it (a member report with source `message`),
 * once per report. `messageText` is the message as stored (masked when sent before booking), so
 * staff read what was reported even after the conversation has moved on.
 */
export const messageReported = defineEvent(
  'krom.rides.message.reported.v1',
  z.object({
    reportId: z.string().uuid(),
    messageId: z.string().uuid(),
    conversationId: z.string().uuid(),
    rideId: z.string().uuid(),
    reporterId: z.string().uuid(),
    /** Who wrote the message. */
    reportedId: z.string().uuid(),
    reason: z.enum(memberReportReasons),
    details: z.string().nullable(),
    messageText: z.string(),
    messageSentAt: z.string().datetime({ offset: true }),
    reportedAt: z.string().datetime({ offset: true }),
  }),
);
export type MessageReported = z.infer<typeof messageReported.schema>;
