import type { DriverProfile } from '@krom/contracts/http/rides';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageSection } from '../../../components/page-layout.tsx';
import { formatCedis } from '@krom/contracts/money';
import { formatDeparture, seatsLeftText, vehicleName } from '../../../components/ride-card.tsx';
import { FactsLine, LicencePlate } from '../../../components/licence-plate.tsx';
import { reviewCountText } from '../../../lib/rating-text.ts';

/**
 * A driver's profile as the rides service knows it. Call leads to the /call page of the viewer's
 * booking when the server says the number may be shown now; Message (not on one's own profile)
 * opens a conversation about the driver's next upcoming ride, as messages are always about a ride;
 * the upcoming rides lead to booking.
 */
export function DriverProfileView({
  profile,
  ownNotes,
  latestReviews,
  own = false,
}: {
  profile: DriverProfile;
  ownNotes: ReactNode;
  latestReviews?: ReactNode;
  own?: boolean;
}) {
  const allReviews = `/all-reviews?member=${profile.id}`;
  // A hidden profile ("show profile to others" off) comes without a last name.
  const name = profile.lastName ? `${profile.firstName} ${profile.lastName}` : profile.firstName;
  const identity = (
      <Identity>
        <Avatar name={name} photoUrl={profile.profileImageUrl} size={88} />
        <div>
          <h1>{name}</h1>
          <Cluster as="p" $gap={6}>
            <VerifiedBadge done={profile.isVerified} label="ID verified" missing="ID not verified" />
            <VerifiedBadge done={profile.driverVerified} label="Driver verified" missing="Driver not verified" />
          </Cluster>
        </div>
      </Identity>
  );
  // The driver's number, to a passenger whose confirmed seat is within a day of departure (the server says which booking).
  const callPage = profile.callBookingId ? `/call/${profile.callBookingId}` : null;
  const nextRide = profile.upcomingRides[0];
  const messagePage = nextRide ? `/messages/ride/${nextRide.id}` : '/messages';
  const call = (
    <>
      {callPage && screenExists(callPage) ? (
        <div>
          <ButtonLink to={callPage} $variant="secondary">
            Call Driver
          </ButtonLink>
        </div>
      ) : null}
      {own || !screenExists(messagePage) ? null : nextRide ? (
        <Cluster $gap={8}>
          <ButtonLink to={messagePage} $variant="secondary">
            Message
          </ButtonLink>
          <Muted>
            About {nextRide.fromCity} → {nextRide.toCity}, {formatDeparture(nextRide)}
          </Muted>
        </Cluster>
      ) : (
        <Muted>Messages are about a ride: you can write to {profile.firstName} once they post an upcoming ride.</Muted>
      )}
    </>
  );
  // A driver the viewer blocked: whom, and (in `ownNotes`) that they did, with Unblock; nothing else.
  if (profile.blockedByYou) {
    return (
      <>
        {identity}
        {ownNotes}
      </>
    );
  }
  if (profile.profileHidden) {
    return (
      <>
        {identity}
        {call}
        {ownNotes}
        <Muted>{profile.firstName} keeps their profile private: only their first name, photo and verification are shown.</Muted>
      </>
    );
  }
  return (
    <>
      {identity}
      {call}
      {ownNotes}
      <Stats aria-label="Driver stats">
        <dl>
          <div>
            <dt>Rating</dt>
            <dd>
              {profile.rating === null ? (
                'No ratings yet'
              ) : (
                <>
                  <Star aria-hidden="true">★ </Star>
                  {profile.rating.toFixed(1)} ({profile.reviewCount})
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>Completion rate</dt>
            <dd>{profile.completionRate === null ? '—' : `${Math.round(profile.completionRate)}%`}</dd>
          </div>
          <div>
            <dt>Rides completed</dt>
            <dd>{profile.ridesCompleted}</dd>
          </div>
        </dl>
      </Stats>
      <PageSection title="Vehicle">
        {profile.vehicles.length === 0 ? (
          <Muted>No vehicle registered yet</Muted>
        ) : (
          <StackedList aria-label="Vehicles">
            {profile.vehicles.map((vehicle) => (
              <Card key={`${vehicleName(vehicle)}-${vehicle.licensePlate ?? vehicle.color}`}>
                <strong>{vehicleName(vehicle)}</strong>
                <Muted>
                  <FactsLine parts={[vehicle.color, vehicle.licensePlate && <LicencePlate>{vehicle.licensePlate}</LicencePlate>, `${vehicle.seats} seats`]} />
                </Muted>
              </Card>
            ))}
          </StackedList>
        )}
      </PageSection>
      <PageSection title="Reviews">
        {profile.reviewCount === 0 ? (
          <EmptyState title="No reviews yet" text="Reviews from passengers who travelled with this driver will appear here." />
        ) : (
          <>
            <Muted>
              {profile.rating === null ? null : `★ ${profile.rating.toFixed(1)} out of 5 · `}
              {reviewCountText(profile.reviewCount)}
            </Muted>
            {latestReviews}
            {screenExists('/all-reviews') ? <Link to={allReviews}>See all reviews</Link> : null}
          </>
        )}
      </PageSection>
      <PageSection title="Upcoming rides">
        {profile.upcomingRides.length === 0 ? (
          <Muted>No upcoming rides</Muted>
        ) : (
          <StackedList aria-label="Upcoming rides">
            {profile.upcomingRides.map((ride) => {
              const route = `${ride.fromCity} → ${ride.toCity}`;
              const details = `/ride-preview/${ride.id}`;
              return (
                <Card key={ride.id} aria-label={route}>
                  <strong>{route}</strong>
                  <Muted>
                    {formatDeparture(ride)}
                  </Muted>
                  <Muted>
                    {seatsLeftText(ride.leg.seatsLeft)} · {formatCedis(ride.leg.pricePerSeat)} per seat
                  </Muted>
                  {screenExists(details) ? <Link to={details}>View Details</Link> : null}
                </Card>
              );
            })}
          </StackedList>
        )}
      </PageSection>
    </>
  );
}

function VerifiedBadge({ done, label, missing }: { done: boolean; label: string; missing: string }) {
  return (
    <StatusBadge tone={done ? 'success' : 'neutral'} size="md">
      {done ? `✓ ${label}` : missing}
    </StatusBadge>
  );
}

const Identity = styled.header`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;

  > div { display: grid; gap: 8px; min-width: 0; }
  h1 { font-size: 1.5rem; overflow-wrap: anywhere; }
`;



const Stats = styled.section`
  /* Three narrow boxes on a 360 px phone put "No ratings yet" on three lines: there the rating
     takes the first row and the two figures share the second. */
  dl {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
    margin: 0;
  }
  dl > div:first-child { grid-column: 1 / -1; }
  ${({ theme }) => theme.media.md} {
    dl { grid-template-columns: repeat(3, minmax(0, 1fr)); }
    dl > div:first-child { grid-column: auto; }
  }
  dl > div {
    display: grid;
    gap: 2px;
    padding: 12px 8px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    text-align: center;
  }
  dt { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; font-size: 1.0625rem; font-weight: 700; }
`;

const Star = styled.span`
  color: ${({ theme }) => theme.color.star};
`;

const Card = styled.li`
  display: grid;
  gap: 2px;
  padding: 12px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  a { justify-self: start; display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.9375rem;
`;
