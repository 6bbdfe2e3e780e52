import { bookingCodeLength, rideCodeLength, type RefundRule } from '../http/booking-values.ts';

/*
 * Rides' own words in an SMS command's answer (`sms_command.answered`) where the app has none:
 * what only a text message can get wrong (a code typed, a number whose network is unknown), and
 * the cancellation policy said in one line. Every other refusal is the app's message
 * (bookingMessages and the rest), word for word. Plain GSM characters, as they are texted.
 */
export const smsCommandMessages = {
  /** BOOK with a code no ride has. */
  rideCodeUnknown: (code: string) => `No ride has the code ${code}. Ride codes have ${rideCodeLength} characters: text FIND <from> <to> to see rides and their codes.`,
  /** CANCEL with a code none of the sender's bookings has (another member's included: never said whose). */
  bookingCodeUnknown: (code: string) => `You have no booking with the code ${code}. Booking codes have ${bookingCodeLength} characters: text MY to see yours.`,
  /** BOOK by mobile money from a number whose network its prefix does not tell. */
  networkUnknown: 'We cannot tell the mobile money network of your number. Book in the Krom app, or add CASH to pay the driver in cash.',
  /** A member rides has no name for yet (identity has not told it of them). */
  profileMissing: 'Your Krom account is not ready to book by SMS yet. Please try again in a few minutes or book in the Krom app.',
  /** FIND with a town name the search cannot take. */
  placeTooLong: 'Town names must be 100 characters or fewer.',
} as const;

/** The cancellation policy's rule that applied, in one line (`cancellationRefund`'s rule, or why nothing was due). */
export const smsCancellationPolicy = (rule: RefundRule | 'unpaid' | 'cash'): string =>
  ({
    full: 'More than 24 hours before departure: the full fare back.',
    half: 'Less than 24 hours before departure: half the fare back.',
    none: 'The ride has already left: nothing back.',
    unpaid: 'The seats were not paid for yet: nothing to refund.',
    cash: 'Paid in cash to the driver: nothing was paid through Krom, nothing to refund.',
  })[rule];
