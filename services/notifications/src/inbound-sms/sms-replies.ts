/*
 * What Krom answers by itself to a text (commands rides runs are worded in sms-answers.ts). Each
 * fits one GSM segment.
 */

export const smsReplies = {
  help: 'Krom: FIND <from> <to> [date], BOOK <ride code> <seats> [CASH], MY (your bookings), CANCEL <booking code>, STOP or START (SMS notices).',
  stop: 'Krom: SMS notices are off. Send START to turn them back on.',
  start: 'Krom: SMS notices are on. Send STOP to turn them off.',
  tooMany: 'Krom: Too many messages. Try again in an hour.',
  suspended: 'Krom: Your Krom account is suspended, so it cannot find, book or cancel rides. Contact Krom support to learn more.',
  malformed: {
    find: 'Krom: To find rides, send FIND <from> <to> [date], e.g. FIND Accra Kumasi 4/12 or FIND Cape Coast TO Accra',
    book: 'Krom: To book, send BOOK <ride code> <seats>, e.g. BOOK K7P2Q 2 (add CASH to pay the driver in cash)',
    cancel: 'Krom: To cancel, send CANCEL <booking code>, e.g. CANCEL B7K2Q9',
  },
  notMember: (publicOrigin: string) => `Krom: This number is not on Krom. Sign up at ${publicOrigin} to book rides by SMS.`,
} as const;
