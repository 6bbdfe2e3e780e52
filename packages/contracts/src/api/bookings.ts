import { defineEndpoint, defineForwarded } from '../endpoint.ts';
import { bookingRequestSchema } from '../http/bookings.ts';
import {
  acceptBookingRoute,
  boardPassengerRoute,
  bookingContactRoute,
  cancelBookingRoute,
  createBookingRoute,
  declineBookingRoute,
  getBookingRoute,
  myBookingsRoute,
  reportNoShowRoute,
  rideBookingsRoute,
} from '../services/rides/bookings.ts';

/** Bookings as the marketplace calls them: signed-in members only, each on their own bookings or their own rides' bookings. */
/** Rides' route with a saved wallet named by id too (`bookingRequestSchema`): the BFF swaps it for the number before forwarding. */
export const createBooking = defineEndpoint({
  ...createBookingRoute,
  path: '/api/bookings',
  summary:
    'Books seats on a ride, paying in cash, from a mobile money number typed or from one of the member\'s saved numbers (paymentMethodId) (Idempotency-Key required: a retry with the same key and body answers as the first time and books nothing more; another body 422; still in progress 409)',
  body: bookingRequestSchema,
});
export const getMyBookings = defineForwarded(myBookingsRoute, { summary: "The signed-in passenger's bookings, upcoming or past" });
export const getBooking = defineForwarded(getBookingRoute, { summary: "One of the signed-in passenger's bookings" });
export const getBookingContact = defineForwarded(bookingContactRoute, {
  summary: "The other party's phone number on the signed-in member's confirmed booking, from 24 hours before departure until 24 hours after",
});
export const cancelBooking = defineForwarded(cancelBookingRoute, { summary: 'Cancels one of the signed-in passenger’s bookings by the cancellation policy' });
export const acceptBooking = defineForwarded(acceptBookingRoute, { summary: "Accepts a request on the signed-in driver's ride" });
export const declineBooking = defineForwarded(declineBookingRoute, { summary: "Declines a request on the signed-in driver's ride" });
export const reportNoShow = defineForwarded(reportNoShowRoute, { summary: "Reports a passenger of the signed-in driver's ride who did not show up" });
export const getRideBookings = defineForwarded(rideBookingsRoute, { summary: "The bookings on the signed-in driver's ride" });
export const boardPassenger = defineForwarded(boardPassengerRoute, { summary: "Boards a passenger of the signed-in driver's ride by boarding code" });
