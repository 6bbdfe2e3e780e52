import type { DriverDashboard } from '@krom/contracts/http/rides';
import type { User } from '@krom/contracts/http/auth';
import { formatMoney } from '@krom/contracts/money';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useState } from 'react';
import styled from 'styled-components';
import { PageColumn, PageLead, PageSection, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDriverDashboard } from '../api/get-driver-dashboard.ts';
import { greetingAt } from '../format-dashboard.ts';
import { ActiveRideCard } from './active-ride-card.tsx';
import { DashboardRideItem } from './dashboard-ride-item.tsx';
import { EarningsSection } from './earnings-section.tsx';
import { RatingsCard } from './ratings-card.tsx';

/**
 * /driver-dashboard (Payouts in the menus): the signed-in driver's real figures: earnings from
 * GET /api/payments/earnings (what was paid out to them), rides from GET /api/rides/driver-dashboard.
 */
export function DriverDashboardPage() {
  return <SignedInPage>{(user) => <DriverDashboardView user={user} />}</SignedInPage>;
}

function DriverDashboardView({ user }: { user: User }) {
  // Fixed when the page opens, so the heading does not change under the reader.
  const [greeting] = useState(() => greetingAt(new Date()));
  const dashboard = useDriverDashboard();
  return (
    <PageColumn $gap={24}>
      <header>
        <PageTitle>
          {greeting}, {user.firstName}
        </PageTitle>
        <PageLead>Your earnings and rides as a driver</PageLead>
      </header>
      <EarningsSection />
      {dashboard.isPending ? <Spinner /> : null}
      {dashboard.isError ? <QueryFailure message="Your driver dashboard could not be loaded." onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.data ? <Figures dashboard={dashboard.data} /> : null}
    </PageColumn>
  );
}

function Figures({ dashboard }: { dashboard: DriverDashboard }) {
  return (
    <>
      <PageSection title="Active ride">
        {dashboard.activeRide ? (
          <ActiveRideCard ride={dashboard.activeRide} />
        ) : (
          <Note>No ride departing in the next 24 hours.</Note>
        )}
      </PageSection>
      <PageSection title="Upcoming rides">
        {dashboard.totals.expectedCash !== undefined && dashboard.totals.bookings ? (
          <Note>
            {formatMoney(dashboard.totals.expectedCash, dashboard.currency)} in cash to collect from {dashboard.totals.bookings}{' '}
            {dashboard.totals.bookings === 1 ? 'booking' : 'bookings'} ({dashboard.totals.seatsSold ?? 0} {dashboard.totals.seatsSold === 1 ? 'seat' : 'seats'}).
          </Note>
        ) : null}
        {dashboard.upcomingRides.length === 0 ? (
          <EmptyState title="No upcoming rides" text="Rides you post will appear here." action={{ to: '/create-ride', label: 'Post a Ride' }} />
        ) : (
          <StackedList aria-label="Upcoming rides">
            {dashboard.upcomingRides.map((ride) => (
              <DashboardRideItem key={ride.id} ride={ride} bookings />
            ))}
          </StackedList>
        )}
      </PageSection>
      <PageSection title="Recent ride activity">
        {dashboard.recentRides.length === 0 ? (
          <Note>No ride activity yet.</Note>
        ) : (
          <StackedList aria-label="Recent ride activity">
            {dashboard.recentRides.map((ride) => (
              <DashboardRideItem key={ride.id} ride={ride} />
            ))}
          </StackedList>
        )}
      </PageSection>
      <PageSection title="Ratings and reviews">
        <RatingsCard rating={dashboard.rating} reviewCount={dashboard.reviewCount} />
      </PageSection>
    </>
  );
}

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
