import { PassengerRidesPage } from '../features/passenger-rides/components/passenger-rides-page.tsx';
import { DriverReview } from '../features/reviews/components/driver-review.tsx';
import { MyRideRequests } from '../features/ride-request/components/my-ride-requests.tsx';
import { MySavedSearches } from '../features/saved-searches/components/my-saved-searches.tsx';
import { TripShareControls } from '../features/trip-share/components/trip-share-controls.tsx';

/** /rides/as-passenger and /my-rides: the passenger's rides, each active one with its trip sharing (features/trip-share), the review of a driver after a trip (features/reviews), the ride requests they filed (features/ride-request) and their saved searches (features/saved-searches). */
export function PassengerRidesRoute() {
  return (
    <PassengerRidesPage rideRequests={
        <>
          <MyRideRequests />
          <MySavedSearches />
        </>
      } bookingExtras={(booking) => <TripShareControls booking={booking} />} review={(booking) => <DriverReview booking={booking} />} />
  );
}
