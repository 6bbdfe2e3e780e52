import type { Booking } from '@krom/contracts/http/bookings';
import { lazy, Suspense } from 'react';
import { BookSeatPage } from '../features/book-seat/components/book-seat-page.tsx';
import { BookingPaymentPage } from '../features/book-seat/components/booking-payment-page.tsx';

// Wanted only once a seat is booked: the booking form's first load stays as it was.
const TripShareControls = lazy(() => import('../features/trip-share/components/trip-share-controls.tsx').then((m) => ({ default: m.TripShareControls })));

/** The trip sharing (features/trip-share) a confirmed booking offers on its confirmation, as on My Rides. */
const shareControls = (booking: Booking) => (
  <Suspense fallback={null}>
    <TripShareControls booking={booking} />
  </Suspense>
);

/** /book-seat/{id}: booking a seat; its confirmation offers Share my trip and the emergency screen. */
export function BookSeatRoute() {
  return <BookSeatPage bookingExtras={shareControls} />;
}

/** /booking-payment/{id}: a mobile money booking; once paid, its confirmation offers the same. */
export function BookingPaymentRoute() {
  return <BookingPaymentPage bookingExtras={shareControls} />;
}
