import type { DriverDashboard } from '@krom/contracts/http/rides';
import type { User } from '@krom/contracts/http/auth';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { Button } from '@krom/ui-kit/button.tsx';
import { type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { useDriverDashboard } from '../api/get-driver-dashboard.ts';
import { greetingAt } from '../format-dashboard.ts';
import { ActiveRideCard } from './active-ride-card.tsx';
import { DashboardRideItem } from './dashboard-ride-item.tsx';
import { EarningsCards } from './earnings-cards.tsx';
import { RatingsCard } from './ratings-card.tsx';

/**
 * /driver-dashboard (Payouts in the menus): the signed-in driver's real figures from
 * GET /api/rides/driver-dashboard. Earnings stay GH₵0.00 until passengers pay for seats.
 */
export function DriverDashboardPage() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <DriverDashboardView user={user} />
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function DriverDashboardView({ user }: { user: User }) {
  // Fixed when the page opens, so the heading does not change under the reader.
  const [greeting] = useState(() => greetingAt(new Date()));
  const dashboard = useDriverDashboard();
  return (
    <Column>
      <header>
        <h1>
          {greeting}, {user.firstName}
        </h1>
        <Lead>Your earnings and rides as a driver</Lead>
      </header>
      {dashboard.isPending ? <Spinner /> : null}
      {dashboard.isError ? (
        <Failure>
          <p role="alert">Your driver dashboard could not be loaded.</p>
          <div>
            <Button $variant="secondary" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          </div>
        </Failure>
      ) : null}
      {dashboard.data ? <Figures dashboard={dashboard.data} /> : null}
    </Column>
  );
}

function Figures({ dashboard }: { dashboard: DriverDashboard }) {
  return (
    <>
      <Section title="Earnings">
        <EarningsCards dashboard={dashboard} />
        <Note>What passengers have paid for seats on your rides.</Note>
      </Section>
      <Section title="Active ride">
        {dashboard.activeRide ? (
          <ActiveRideCard ride={dashboard.activeRide} />
        ) : (
          <Note>No ride departing in the next 24 hours.</Note>
        )}
      </Section>
      <Section title="Upcoming rides">
        {dashboard.upcomingRides.length === 0 ? (
          <EmptyState title="No upcoming rides" text="Rides you post will appear here." action={{ to: '/create-ride', label: 'Post a Ride' }} />
        ) : (
          <StackedList aria-label="Upcoming rides">
            {dashboard.upcomingRides.map((ride) => (
              <DashboardRideItem key={ride.id} ride={ride} />
            ))}
          </StackedList>
        )}
      </Section>
      <Section title="Recent ride activity">
        {dashboard.recentRides.length === 0 ? (
          <Note>No ride activity yet.</Note>
        ) : (
          <StackedList aria-label="Recent ride activity">
            {dashboard.recentRides.map((ride) => (
              <DashboardRideItem key={ride.id} ride={ride} />
            ))}
          </StackedList>
        )}
      </Section>
      <Section title="Ratings and reviews">
        <RatingsCard rating={dashboard.rating} reviewCount={dashboard.reviewCount} />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Block aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Block>
  );
}

const Column = styled.div`
  display: grid;
  gap: 24px;
  max-width: 760px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; overflow-wrap: anywhere; }
`;

const Lead = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
`;

const Block = styled.section`
  display: grid;
  gap: 12px;

  h2 { font-size: 1.125rem; }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Failure = styled.div`
  display: grid;
  gap: 12px;
`;
