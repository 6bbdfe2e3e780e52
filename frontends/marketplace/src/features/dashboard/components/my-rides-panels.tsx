import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { NoRidesPosted } from '../../../components/no-rides-posted.tsx';
import styled from 'styled-components';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useMyRides } from '../../../lib/api/my-rides.ts';
import { RideRow } from './ride-row.tsx';

/** How many rides a tab lists before sending the user to the full list. */
const shownRides = 5;
const shownActivity = 3;


/** My Rides: the user's upcoming rides as a driver, and the way to all of them. */
export function MyRidesPanel() {
  const rides = useMyRides('upcoming');
  if (rides.isPending) return <Spinner />;
  if (rides.isError) return <QueryFailure message="Your rides could not be loaded." onRetry={() => void rides.refetch()} />;
  if (rides.data.length === 0) return <NoRidesPosted />;
  return (
    <Stack>
      <h2>Upcoming rides you drive</h2>
      <StackedList aria-label="Upcoming rides you drive">
        {rides.data.slice(0, shownRides).map((ride) => (
          <RideRow key={ride.id} ride={ride} />
        ))}
      </StackedList>
      {screenExists('/rides/as-driver') ? (
        <ButtonLink to="/rides/as-driver" $variant="secondary" $block>
          Manage your rides
        </ButtonLink>
      ) : null}
    </Stack>
  );
}

/**
 * Recent Activity: the rides the user has posted that are still to come. Bookings and payments
 * join this feed when they exist; nothing is shown that did not happen.
 */
export function RecentActivityPanel() {
  const rides = useMyRides('upcoming');
  if (rides.isPending) return <Spinner />;
  if (rides.isError) return <QueryFailure message="Your recent activity could not be loaded." onRetry={() => void rides.refetch()} />;
  if (rides.data.length === 0) {
    return <EmptyState title="No recent activity yet" text="Rides you post and seats you book will show up here." />;
  }
  return (
    <Stack>
      <h2>Rides you posted</h2>
      <StackedList aria-label="Recent activity">
        {rides.data.slice(0, shownActivity).map((ride) => (
          <RideRow key={ride.id} ride={ride} eyebrow={ride.status === 'cancelled' ? 'Ride cancelled' : 'Ride posted'} />
        ))}
      </StackedList>
    </Stack>
  );
}

/** A tab's heading, list and link, one under the other. */
export const Stack = styled.div`
  display: grid;
  gap: 12px;

  h2 { font-size: 1.125rem; }
`;
