import { lazy } from 'react';
import { type RideRequestForm, RideRequestFormProvider } from '../components/ride-request-form-slot.tsx';
import { type SaveSearchControl, SaveSearchProvider } from '../components/save-search-slot.tsx';
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

const loadSaveSearchButton = () => import('../features/saved-searches/components/save-search-button.tsx');

/** "Save this search" (features/saved-searches): its own chunk, downloaded once a signed-in member searches between two places. */
const saveSearchControl: SaveSearchControl = {
  Button: lazy(() => loadSaveSearchButton().then((m) => ({ default: m.SaveSearchButton }))),
  preload: () => {
    loadSaveSearchButton().catch(() => {});
  },
};

/** /ride-listings: the search, whose empty state offers a signed-in user the ride request form, and which a signed-in member can save. */
export function RideListingsRoute() {
  return (
    <RideRequestFormProvider value={rideRequestForm}>
      <SaveSearchProvider value={saveSearchControl}>
        <RideListingsPage />
      </SaveSearchProvider>
    </RideRequestFormProvider>
  );
}
