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

/**
 * How long after its ride's departure a conversation still takes messages (lost property, a late
 * refund, the review), whether the ride ran or was cancelled; the same days a review may be written.
 */
export const conversationOpenDaysAfterDeparture = 14;

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
  /** A first message about a ride that no longer runs. */
  rideCancelled: 'This ride was cancelled, so you cannot start a conversation about it.',
  /** A first message about a ride that has left. */
  rideDeparted: 'This ride has already left, so you cannot start a conversation about it.',
  closed: `This conversation is closed: its ride left more than ${conversationOpenDaysAfterDeparture} days ago.`,
  messageNotFound: 'Message not found',
  reportOwn: 'You cannot report your own message.',
  masked: 'Phone numbers, e-mail addresses and payment details are hidden until the booking is confirmed.',
} as const;
