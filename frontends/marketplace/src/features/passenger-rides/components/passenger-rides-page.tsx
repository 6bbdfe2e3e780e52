import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { useState } from 'react';
import styled from 'styled-components';

type TabId = 'upcoming' | 'past';
const tabs: TabItem<TabId>[] = [
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past' },
];

/**
 * /rides/as-passenger and /my-rides: the seats the user has booked. Booking arrives with a later
 * release, so there is nothing to ask the server yet and both tabs say so (the spec's demo
 * bookings are not shown: Krom shows only what happened).
 */
export function PassengerRidesPage() {
  const [tab, setTab] = useState<TabId>('upcoming');
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <header>
              <h1>My Rides</h1>
              <Lead>Seats you book as a passenger</Lead>
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
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 760px;
  margin: 0 auto;
  width: 100%;

  h1 { font-size: 1.75rem; }
`;

const Lead = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
`;
