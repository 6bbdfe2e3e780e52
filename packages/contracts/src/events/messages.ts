import { z } from 'zod';
import { defineEvent } from '../envelope.ts';

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
