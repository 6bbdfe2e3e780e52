/** The messages screens' own words (the spec names /messages but shows no screen). */
export const messageTexts = {
  title: 'Messages',
  emptyTitle: 'No messages yet',
  emptyText: 'Ask a driver about a ride from its page with Contact Driver.',
  listFailure: 'Your messages could not be loaded.',
  threadFailure: 'This conversation could not be loaded.',
  notFound: 'This conversation does not exist or is not yours.',
  composerLabel: 'Message',
  send: 'Send',
  sending: 'Sending...',
  sendFailure: 'Failed to send message. Please try again.',
  reportThanks: 'Thanks, our team will review this message.',
  reportFailure: 'Failed to submit report. Please try again.',
  firstMessage: 'Write the first message below.',
} as const;
