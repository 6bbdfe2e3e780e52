import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import { maxMessageLength, messageMessages } from './message-values.ts';
import { memberReportReasons, memberSafetyMessages, maxReportDetailsLength } from './member-safety.ts';

export { conversationOpenDaysAfterDeparture, maxMessageLength, messageMask, messageMessages, messagePreviewLength } from './message-values.ts';

/*
 * Messages between a ride's driver and a passenger: one conversation per ride and passenger,
 * before and after booking. A passenger opens it (on the ride's preview, Contact Driver, or the
 * driver's profile, Message); the driver only answers. Before the passenger has a confirmed booking
 * on the ride, phone numbers, e-mail addresses and payment details are replaced by `messageMask`
 * when the message is sent (what is stored is the masked text). Only the two members of a
 * conversation see it; to anyone else it does not exist (404).
 */

/** The id of a conversation (`/messages/:id`). */
export const conversationParams = z.object({ id: z.string().describe('The conversation id (a uuid)') });

/** POST a message: its text, 1 to 1000 characters once trimmed. */
export const messageInputSchema = z.object({
  body: z.string({ error: messageMessages.body }).trim().min(1, messageMessages.body).max(maxMessageLength, messageMessages.bodyLength),
});
export type MessageInput = z.input<typeof messageInputSchema>;

/** The other member of a conversation: first name and photo only (a deleted member: "Former member", no photo). */
export const conversationMemberSchema = z.object({ id: uuid, firstName: z.string(), profileImageUrl: z.string().nullable() });

/** The ride a conversation is about. */
export const conversationRideSchema = z.object({
  id: uuid,
  fromLocation: z.string(),
  toLocation: z.string(),
  departureDate: z.string(),
  departureTime: z.string(),
  departureAt: isoDateTime,
});

export const lastMessageSchema = z.object({ body: z.string(), sentAt: isoDateTime, mine: z.boolean() });

/** A conversation as the list shows it, for the signed-in member. */
export const conversationSummarySchema = z.object({
  id: uuid,
  ride: conversationRideSchema,
  /** The signed-in member's part in it: the ride's driver or the passenger. */
  role: z.enum(['driver', 'passenger']),
  otherMember: conversationMemberSchema,
  /** Whether the passenger has a confirmed booking on the ride (then nothing is masked any more). */
  booked: z.boolean(),
  /** The last message (shortened to the preview length); null never in practice: a conversation starts with a message. */
  lastMessage: lastMessageSchema.nullable(),
  /** Messages from the other member the signed-in member has not read. */
  unreadCount: z.number().int().nonnegative(),
  /** When its last message was sent. */
  updatedAt: isoDateTime,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationsResponseSchema = z.object({ conversations: z.array(conversationSummarySchema) });

export const unreadMessagesCountSchema = z.object({ count: z.number().int().nonnegative() });

/** One message, as either member sees it (`body` masked where it was sent before booking). */
export const messageSchema = z.object({
  id: uuid,
  conversationId: uuid,
  senderId: uuid,
  body: z.string(),
  sentAt: isoDateTime,
  /** Whether the signed-in member wrote it. */
  mine: z.boolean(),
  /** Whether something in it was hidden (sent before booking). */
  masked: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** A conversation with all its messages, oldest first. */
export const conversationSchema = conversationSummarySchema.extend({
  messages: z.array(messageSchema),
  /** Whether the signed-in member may write in it now (false when one blocked the other, or the other member is gone). */
  canWrite: z.boolean(),
  /** Why not, in words to show; null when they can. */
  cannotWriteReason: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /messages/:id/reports: a message of the other member, reported to staff (a member report with source `message`). */
export const messageReportInputSchema = z.object({
  messageId: uuid.describe('The message reported'),
  reason: z.enum(memberReportReasons, { error: memberSafetyMessages.reportReason }),
  details: z.string().trim().max(maxReportDetailsLength, memberSafetyMessages.reportDetailsLength).optional(),
});
export type MessageReportInput = z.input<typeof messageReportInputSchema>;
export const messageReportAnswerSchema = z.object({ message: z.string() });
