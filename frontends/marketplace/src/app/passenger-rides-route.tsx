import { PassengerRidesPage } from '../features/passenger-rides/components/passenger-rides-page.tsx';
import { MyRideRequests } from '../features/ride-request/components/my-ride-requests.tsx';

/** /rides/as-passenger and /my-rides: the passenger's rides, with the ride requests they filed (features/ride-request). */
export function PassengerRidesRoute() {
  return <PassengerRidesPage rideRequests={<MyRideRequests />} />;
}
