import type { DriverRide } from '@krom/contracts/http/rides';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import { NoRidesPosted } from '../../../components/no-rides-posted.tsx';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { type RidesWhen, useMyRides } from '../../../lib/api/my-rides.ts';
import { CancelRideDialog, useConfirmedRideCancel } from '../../../components/cancel-ride-dialog.tsx';
import { DriverRideCard } from './driver-ride-card.tsx';

const tabs: TabItem<RidesWhen>[] = [
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past' },
];

/** The query that opens the cancel question for one upcoming ride as the list loads (`/cancel-ride/{id}` leads here). */
const cancelParam = 'cancel';

/**
 * /cancel-ride/{id}, a link target the spec names: the driver's rides with the question for that
 * ride open, so the driver sees what they are cancelling among their rides and answers there.
 */
export function CancelRideRoute() {
  const { id = '' } = useParams();
  return <Navigate to={`/rides/as-driver?${new URLSearchParams({ [cancelParam]: id })}`} replace />;
}

/** /rides/as-driver and /my-rides-driver: the signed-in driver's own rides, upcoming and past. */
export function DriverRidesPage() {
  const [tab, setTab] = useState<RidesWhen>('upcoming');
  return (
    <SignedInPage>
      {() => (
        <PageColumn $gap={16}>
          <Cluster $gap={12} $justify="between">
            <div>
              <PageTitle>My Rides</PageTitle>
              <PageLead>Rides you drive</PageLead>
            </div>
            {screenExists('/create-ride') ? <ButtonLink to="/create-ride">Post a Ride</ButtonLink> : null}
          </Cluster>
          <ResponsiveTabs label="Ride sections" idPrefix="driver-rides" tabs={tabs} selected={tab} onSelect={setTab} />
          <TabPanel idPrefix="driver-rides" id={tab}>
            <RideList key={tab} when={tab} />
          </TabPanel>
        </PageColumn>
      )}
    </SignedInPage>
  );
}

function RideList({ when }: { when: RidesWhen }) {
  const rides = useMyRides(when);
  // When the list was read: what the cards offer (Manage Bookings, Report No-Show) follows the clock at that moment.
  const now = new Date(rides.dataUpdatedAt || Date.now());
  const [asking, setAsking] = useState<DriverRide | null>(null);
  const closeDialog = useCallback(() => setAsking(null), []);
  const { cancel, confirm: confirmCancel } = useConfirmedRideCancel(closeDialog);
  const [params, setParams] = useSearchParams();
  const askedFor = when === 'upcoming' ? params.get(cancelParam) : null;
  // Asked for by /cancel-ride/{id}: the question opens once, for a ride of the list that can still change.
  useEffect(() => {
    if (askedFor === null || !rides.data) return;
    const ride = rides.data.find((candidate) => candidate.id === askedFor);
    if (ride?.status === 'active' && ride.editable) setAsking(ride);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(cancelParam);
      return next;
    }, { replace: true });
  }, [askedFor, rides.data, setParams]);

  if (rides.isPending) return <Spinner />;
  if (rides.isError) {
    return <QueryFailure message="Your rides could not be loaded." onRetry={() => void rides.refetch()} />;
  }
  if (rides.data.length === 0) {
    return when === 'upcoming' ? (
      <NoRidesPosted />
    ) : (
      <EmptyState title="No past rides yet" text="Rides you have driven will appear here." />
    );
  }

  return (
    <>
      <StackedList aria-label={when === 'upcoming' ? 'Upcoming rides' : 'Past rides'}>
        {rides.data.map((ride) => (
          <DriverRideCard
            key={ride.id}
            ride={ride}
            upcoming={when === 'upcoming'}
            now={now}
            busy={cancel.isPending && cancel.variables === ride.id}
            onCancel={() => setAsking(ride)}
          />
        ))}
      </StackedList>
      {asking ? (
        <CancelRideDialog
          route={`${asking.fromCity} → ${asking.toCity}`}
          when={formatDeparture(asking)}
          bookedSeats={asking.bookedSeats}
          pending={cancel.isPending}
          onConfirm={() => confirmCancel(asking)}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}

