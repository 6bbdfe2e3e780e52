import { PassengerRidesPage } from '../features/passenger-rides/components/passenger-rides-page.tsx';
import { MyRideRequests } from '../features/ride-request/components/my-ride-requests.tsx';
import { TripShareControls } from '../features/trip-share/components/trip-share-controls.tsx';

/** /rides/as-passenger and /my-rides: the passenger's rides, each active one with its trip sharing (features/trip-share), and the ride requests they filed (features/ride-request). */
export function PassengerRidesRoute() {
  return <PassengerRidesPage rideRequests={<MyRideRequests />} bookingExtras={(booking) => <TripShareControls booking={booking} />} />;
}
