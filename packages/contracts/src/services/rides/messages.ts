import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  conversationParams,
  conversationSchema,
  conversationsResponseSchema,
  messageInputSchema,
  messageReportAnswerSchema,
  messageReportInputSchema,
  messageSchema,
  unreadMessagesCountSchema,
} from '../../http/messages.ts';
import { okResponseSchema } from '../../http/ok.ts';
import { rideParams } from '../../http/rides.ts';

/**
 * The rides service's messages. Only a ride's driver and the passenger of a conversation read and
 * write it; to anyone else it is a 404. A passenger opens a conversation on a ride; the driver
 * only answers in one.
 */
export const myConversationsRoute = defineEndpoint({
  method: 'GET',
  path: '/messages',
  caller: 'user',
  summary: "The asserted user's conversations, the most recently written first",
  responses: { 200: conversationsResponseSchema, ...errorResponses(401) },
});
export const unreadMessagesCountRoute = defineEndpoint({
  method: 'GET',
  path: '/messages/unread-count',
  caller: 'user',
  summary: 'How many messages to the asserted user are unread, in all their conversations',
  responses: { 200: unreadMessagesCountSchema, ...errorResponses(401) },
});
export const conversationRoute = defineEndpoint({
  method: 'GET',
  path: '/messages/:id',
  caller: 'user',
  summary: 'One of the asserted user’s conversations with its messages, oldest first',
  params: conversationParams,
  responses: { 200: conversationSchema, ...errorResponses(401, 404) },
});
export const messageDriverRoute = defineEndpoint({
  method: 'POST',
  path: '/rides/:id/messages',
  caller: 'user',
  summary: "The asserted user, as a passenger, writes to the ride's driver (the conversation is opened on the first message)",
  params: rideParams,
  body: messageInputSchema,
  responses: { 201: messageSchema, ...errorResponses(400, 401, 403, 404) },
});
export const replyInConversationRoute = defineEndpoint({
  method: 'POST',
  path: '/messages/:id',
  caller: 'user',
  summary: 'Either member of a conversation writes in it',
  params: conversationParams,
  body: messageInputSchema,
  responses: { 201: messageSchema, ...errorResponses(400, 401, 403, 404) },
});
export const markConversationReadRoute = defineEndpoint({
  method: 'POST',
  path: '/messages/:id/read',
  caller: 'user',
  summary: 'The asserted user has read every message of the conversation',
  params: conversationParams,
  responses: { 200: okResponseSchema, ...errorResponses(401, 404) },
});
export const reportMessageRoute = defineEndpoint({
  method: 'POST',
  path: '/messages/:id/reports',
  caller: 'user',
  summary: 'Reports a message of the other member of the conversation to staff (201 new, 200 already reported by them)',
  params: conversationParams,
  body: messageReportInputSchema,
  responses: { 200: messageReportAnswerSchema, 201: messageReportAnswerSchema, ...errorResponses(400, 401, 404) },
});
