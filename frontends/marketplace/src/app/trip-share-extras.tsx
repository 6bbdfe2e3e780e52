import type { Booking } from '@krom/contracts/http/bookings';
import { lazy, Suspense } from 'react';

// Wanted only once a seat is booked: the booking form's first load stays as it was.
const TripShareControls = lazy(() => import('../features/trip-share/components/trip-share-controls.tsx').then((m) => ({ default: m.TripShareControls })));

/** The trip sharing (features/trip-share) a confirmed booking offers on its confirmation, as on My Rides. */
export const tripShareExtras = (booking: Booking) => (
  <Suspense fallback={null}>
    <TripShareControls booking={booking} />
  </Suspense>
);
