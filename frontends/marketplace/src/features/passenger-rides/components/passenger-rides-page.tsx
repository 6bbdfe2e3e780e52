import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { type ReactNode, useState } from 'react';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';

type TabId = 'upcoming' | 'past';
const tabs: TabItem<TabId>[] = [
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past' },
];

/**
 * /rides/as-passenger and /my-rides: the seats the user has booked. Booking arrives with a later
 * release, so there is nothing to ask the server yet and both tabs say so (the spec's demo
 * bookings are not shown: Krom shows only what happened). Under them, `rideRequests`: the
 * requests the user filed, a section the app puts in from the ride-request feature.
 */
export function PassengerRidesPage({ rideRequests }: { rideRequests?: ReactNode }) {
  const [tab, setTab] = useState<TabId>('upcoming');
  return (
    <SignedInPage>
      {() => (
        <PageColumn $gap={16}>
          <header>
            <PageTitle>My Rides</PageTitle>
            <PageLead>Seats you book as a passenger</PageLead>
          </header>
          <ResponsiveTabs label="Ride sections" idPrefix="passenger-rides" tabs={tabs} selected={tab} onSelect={setTab} />
          <TabPanel idPrefix="passenger-rides" id={tab}>
            {tab === 'upcoming' ? (
              <EmptyState
                title="No upcoming rides"
                text="Seats you book will appear here."
                action={{ to: '/find-ride', label: 'Find a Ride' }}
              />
            ) : (
              <EmptyState
                title="No past rides"
                text="Trips you have taken will appear here."
                action={{ to: '/find-ride', label: 'Find a Ride' }}
              />
            )}
          </TabPanel>
          {rideRequests}
        </PageColumn>
      )}
    </SignedInPage>
  );
}
