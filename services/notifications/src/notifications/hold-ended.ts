import { derivedEventId } from '@krom/server-kit/derived-event-id';

// Fixed namespace of the hold-ended SMS key (a UUID v5 namespace; this one must not change).
const HOLD_ENDED_NAMESPACE = Buffer.from('c3a81f5e2d6b4a7e9f1b3c5d7e9a2b4c', 'hex');

/**
 * The one SMS a passenger gets when a booking's hold for its mobile money payment ends unpaid:
 * payments' `payment.failed` and rides' `booking.expired` (from awaiting_payment) both tell of it,
 * in either order, and record their SMS under this key, so whichever comes first texts and the
 * other finds the row (each still leaves its in-app notice).
 */
export const holdEndedSmsKey = (bookingId: string) => derivedEventId(HOLD_ENDED_NAMESPACE, `${bookingId}:hold-ended`);
