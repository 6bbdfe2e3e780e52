import { defineForwarded } from '../endpoint.ts';
import {
  conversationRoute,
  markConversationReadRoute,
  messageDriverRoute,
  myConversationsRoute,
  replyInConversationRoute,
  reportMessageRoute,
  unreadMessagesCountRoute,
} from '../services/rides/messages.ts';

/** Messages between a ride's driver and a passenger (/messages), as the signed-in member. */
export const getMyConversations = defineForwarded(myConversationsRoute, { summary: "The signed-in member's conversations, the most recently written first (/messages)" });
export const getUnreadMessagesCount = defineForwarded(unreadMessagesCountRoute, { summary: 'How many messages to the signed-in member are unread (the header badge)' });
export const getConversation = defineForwarded(conversationRoute, { summary: 'One of the signed-in member’s conversations with its messages, oldest first' });
export const messageDriver = defineForwarded(messageDriverRoute, {
  summary: "Writes to the ride's driver as a passenger (Contact Driver, Message); before a confirmed booking phone numbers, e-mail addresses and payment details are hidden",
});
export const replyInConversation = defineForwarded(replyInConversationRoute, { summary: 'Writes in one of the signed-in member’s conversations' });
export const markConversationRead = defineForwarded(markConversationReadRoute, { summary: 'Marks a conversation read by the signed-in member' });
export const reportMessage = defineForwarded(reportMessageRoute, { summary: 'Reports a message of the other member to staff with a reason from the fixed list' });
