/** What other features may use of the bookings feature: where a booking's page is. */
export { bookingPath } from './booking-path.ts';
