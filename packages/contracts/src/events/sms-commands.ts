import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import { bookingPaymentMethods, bookingStatuses } from '../http/booking-values.ts';

/*
 * Krom by text message. Notifications owns the channel: it takes each inbound SMS once (the
 * provider's message id), holds the per-number limits, answers STOP, START and HELP itself, knows
 * which member a number belongs to, and reads the command through its keyword table. A command
 * about rides or bookings travels to rides as `sms_command.received`; rides runs it by the same
 * rules as the app and answers with `sms_command.answered`, a structured answer that notifications
 * words and texts back. Nothing here carries a secret; the phone is the member's own, verified at
 * sign-up, and the number a mobile money prompt goes to.
 */

const uuid = z.string().uuid();
const instant = z.string().datetime({ offset: true });
/** A ride's short code: what a passenger types after BOOK (upper case, no look-alike letters). */
export const rideCode = z.string().min(4).max(8);
/** A booking's short code: what a passenger types after CANCEL. */
export const bookingCode = z.string().min(4).max(10);

/** The commands notifications hands to rides, already parsed (keywords in any supported language). */
export const smsRideCommand = z.discriminatedUnion('kind', [
  /** FIND <from> <to> [date]: the next rides between two towns, from that day (Ghana) or from now. */
  z.object({ kind: z.literal('find'), from: z.string().min(1), to: z.string().min(1), date: z.string().date().nullable() }),
  /** BOOK <ride code> <seats> [CASH]: mobile money from the sender's number unless CASH is given. */
  z.object({ kind: z.literal('book'), rideCode, seats: z.number().int(), paymentMethod: z.enum(bookingPaymentMethods) }),
  /** MY: the member's upcoming bookings with their codes. */
  z.object({ kind: z.literal('my') }),
  /** CANCEL <booking code>: the cancellation policy applied, and stated in the answer. */
  z.object({ kind: z.literal('cancel'), bookingCode }),
]);
export type SmsRideCommand = z.infer<typeof smsRideCommand>;

/**
 * `krom.notifications.sms_command.received.v1`: a member texted a ride command from their own
 * number. `commandId` is the inbound message's id at notifications (one per provider message id),
 * so rides runs each command once however often the event arrives.
 */
export const smsCommandReceived = defineEvent(
  'krom.notifications.sms_command.received.v1',
  z.object({
    commandId: uuid,
    memberId: uuid,
    /** The sender's number (E.164), the member's verified phone. */
    phone: z.string(),
    command: smsRideCommand,
    receivedAt: instant,
  }),
);
export type SmsCommandReceived = z.infer<typeof smsCommandReceived.schema>;

const place = z.object({ from: z.string(), to: z.string() });

/** What rides found or did for a command; notifications words it (at most a few SMS segments). */
export const smsCommandAnswer = z.discriminatedUnion('kind', [
  /** FIND: the next rides with seats left, soonest first (at most 3); none is an empty list. */
  z.object({
    kind: z.literal('rides'),
    from: z.string(),
    to: z.string(),
    date: z.string().date().nullable(),
    rides: z.array(
      place.extend({
        rideCode,
        departureAt: instant,
        pricePerSeat: z.string(),
        currency: z.string(),
        seatsLeft: z.number().int(),
      }),
    ),
  }),
  /** BOOK: the booking made; a mobile money one waits for the prompt on the sender's phone. */
  z.object({
    kind: z.literal('booked'),
    bookingCode,
    rideCode,
    ...place.shape,
    departureAt: instant,
    seats: z.number().int(),
    /** What the passenger pays in all (fare and Krom's fee), e.g. "105.00". */
    totalAmount: z.string(),
    currency: z.string(),
    paymentMethod: z.enum(bookingPaymentMethods),
    /** Where the booking stands: `requested` until the driver accepts a ride not booked instantly, `awaiting_payment` until the prompt is approved. */
    status: z.enum(bookingStatuses),
  }),
  /** MY: the member's upcoming bookings, soonest first (at most 5); none is an empty list. */
  z.object({
    kind: z.literal('bookings'),
    bookings: z.array(
      place.extend({
        bookingCode,
        rideCode,
        departureAt: instant,
        seats: z.number().int(),
        status: z.enum(bookingStatuses),
      }),
    ),
  }),
  /** CANCEL: the booking cancelled by the policy, and what comes back to the passenger. */
  z.object({
    kind: z.literal('cancelled'),
    bookingCode,
    ...place.shape,
    departureAt: instant,
    /** Refunded to the wallet that paid ("0.00" for a cash booking or past the refund window). */
    refundAmount: z.string(),
    currency: z.string(),
    /** The policy's rule that applied, in rides' words (for example the refund window). */
    policy: z.string(),
  }),
  /**
   * The command could not be carried out: `message` is rides' own words, the same as the app shows
   * (for example a full ride, a ride code not found, someone else's booking code, a suspended member).
   */
  z.object({ kind: z.literal('refused'), command: z.enum(['find', 'book', 'my', 'cancel']), message: z.string() }),
]);
export type SmsCommandAnswer = z.infer<typeof smsCommandAnswer>;

/**
 * `krom.rides.sms_command.answered.v1`: rides' answer to one `sms_command.received`; notifications
 * texts it to `phone` once per `commandId`.
 */
export const smsCommandAnswered = defineEvent(
  'krom.rides.sms_command.answered.v1',
  z.object({
    commandId: uuid,
    memberId: uuid,
    phone: z.string(),
    answer: smsCommandAnswer,
    answeredAt: instant,
  }),
);
export type SmsCommandAnswered = z.infer<typeof smsCommandAnswered.schema>;
