/*
 * Message values the screens need without a schema (the limits, the mask, the messages), so the
 * Messages page loads no zod; messages.ts builds the schemas from them.
 */

/** A message is 1 to 1000 characters (after trimming). */
export const maxMessageLength = 1000;

/**
 * What replaces a phone number, an e-mail address or payment details written before the passenger
 * has a confirmed booking on the ride (the deal stays on Krom, where it is protected).
 */
export const messageMask = '[hidden until booked]';

/** How long a conversation preview (the list, the event, the SMS) is at most. */
export const messagePreviewLength = 80;

export const messageMessages = {
  body: 'Please write a message',
  bodyLength: `Your message must be ${maxMessageLength} characters or fewer`,
  conversationNotFound: 'Conversation not found',
  rideNotFound: 'Ride not found',
  ownRide: 'You cannot message yourself about your own ride',
  /** Either of the two blocked the other. */
  blocked: 'You cannot message this member: one of you has blocked the other.',
  /** The other member deleted their account or was suspended. */
  unavailable: 'This member can no longer receive messages.',
  messageNotFound: 'Message not found',
  reportOwn: 'You cannot report your own message.',
  masked: 'Phone numbers, e-mail addresses and payment details are hidden until the booking is confirmed.',
} as const;
