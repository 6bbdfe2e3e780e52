import { lazy } from 'react';
import { type RideRequestForm, RideRequestFormProvider } from '../components/ride-request-form-slot.tsx';
import { RideListingsPage } from '../features/search/components/ride-listings-page.tsx';

const loadRideRequestDialog = () => import('../features/ride-request/components/ride-request-dialog.tsx');

/**
 * The ride request form (features/ride-request) for the listing's empty state. Its own chunk: the
 * listing's first load does without it, and it downloads once a signed-in user sees no rides.
 */
const rideRequestForm: RideRequestForm = {
  Dialog: lazy(() => loadRideRequestDialog().then((m) => ({ default: m.RideRequestDialog }))),
  preload: () => {
    // A failed download shows where the dialog is opened (the route's error screen), not here.
    loadRideRequestDialog().catch(() => {});
  },
};

/** /ride-listings: the search, whose empty state offers a signed-in user the ride request form. */
export function RideListingsRoute() {
  return (
    <RideRequestFormProvider value={rideRequestForm}>
      <RideListingsPage />
    </RideRequestFormProvider>
  );
}
