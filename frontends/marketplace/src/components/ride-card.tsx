import type { DriverRide, RideSummary } from '@krom/contracts/http/rides';
import { formatClockTime, formatRideDate } from '@krom/contracts/ghana-time';
import { formatCedis } from '@krom/contracts/money';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { useId } from 'react';
import styled from 'styled-components';
import { driverRatingText } from '../lib/rating-text.ts';
import { Card } from './card.tsx';
import { RidePreferenceFacts } from './ride-preferences.tsx';

/*
 * How rides are written wherever they appear (listing, preview, dashboards): dates, times and
 * cedis through the contracts' Ghana time and money modules.
 */

/** "Sat, Nov 28, 2026 · 7:30 AM": a ride's departure on one line. */
export const formatDeparture = (ride: Pick<RideSummary, 'departureDate' | 'departureTime'>) =>
  `${formatRideDate(ride.departureDate)} · ${formatClockTime(ride.departureTime)}`;

/** "3 seats left", as passengers see a ride. */
export const seatsLeftText = (seats: number) => `${seats} seat${seats === 1 ? '' : 's'} left`;

/**
 * "2 of 3 seats left", as the driver sees their own ride: the free seats against the seats the
 * ride offers passengers, which are the free ones and the booked ones (a driver may offer fewer
 * than the car's passenger seats, `totalSeats`).
 */
export const seatsLeft = (ride: Pick<DriverRide, 'availableSeats' | 'bookedSeats'>) => {
  const offered = ride.availableSeats + ride.bookedSeats;
  return `${ride.availableSeats} of ${offered} seat${offered === 1 ? '' : 's'} left`;
};

/** How a ride's seats are booked: confirmed at once, or each request answered by the driver. */
export const bookingModeText = (mode: RideSummary['bookingMode']) => (mode === 'instant' ? 'Instant booking' : 'Driver approves');

/** `2019 Toyota Corolla`. */
export const vehicleName = (vehicle: Pick<RideSummary['vehicle'], 'year' | 'make' | 'model'>) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

/** The towns a ride stops at on the way, in order. */
export const stopNames = (ride: Pick<RideSummary, 'stops'>) =>
  [...ride.stops].sort((a, b) => a.stopOrder - b.stopOrder).map((stop) => stop.city ?? stop.location);

type RidePlaces = Pick<RideSummary, 'fromCity' | 'fromLocation' | 'toCity' | 'toLocation' | 'stops'>;

/** The name of the ride's place `index` (0 the departure, 1..n the stops in order, n + 1 the destination): its town, else its name. */
export function placeName(ride: RidePlaces, index: number): string {
  if (index <= 0) return ride.fromCity;
  const stop = [...ride.stops].sort((a, b) => a.stopOrder - b.stopOrder)[index - 1];
  return stop ? (stop.city ?? stop.location) : ride.toCity;
}

/** Whether the passenger's leg is part of the route only (they board at or leave at a stop). */
export const isPartOfRoute = (ride: Pick<RideSummary, 'leg' | 'stops'>) => ride.leg.boardAt > 0 || ride.leg.alightAt < ride.stops.length + 1;

/** "Nkawkaw → Kumasi": where the passenger boards and leaves. */
export const legText = (ride: RidePlaces & Pick<RideSummary, 'leg'>) => `${placeName(ride, ride.leg.boardAt)} → ${placeName(ride, ride.leg.alightAt)}`;

/**
 * The query a ride's preview and booking screen read the passenger's leg and seats from
 * (`?seats=2&board=1&alight=2`): the leg only when it is part of the route (the whole route is
 * both screens' default), the seats when asked for.
 */
export function legQuery(ride: Pick<RideSummary, 'leg' | 'stops'>, seats: number | null | undefined): string {
  const query = new URLSearchParams();
  if (seats) query.set('seats', String(seats));
  if (isPartOfRoute(ride)) {
    query.set('board', String(ride.leg.boardAt));
    query.set('alight', String(ride.leg.alightAt));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

const verifiedTick = (
  <svg width="14" height="14" viewBox="0 0 16 16">
    <path d="M3.5 8.5l3 3 6-7" />
  </svg>
);

/** The green tick and word beside a verified driver's name. */
export function VerifiedBadge({ label = 'Verified' }: { label?: string }) {
  return (
    <StatusBadge tone="success" icon={verifiedTick}>
      {label}
    </StatusBadge>
  );
}

/**
 * One ride in a list: route with stops, the passenger's own leg when they ride part of it, date
 * and time, seats left and price per seat on that leg (the server's `ride.leg`: the search found
 * it, so its seats and price are the ride's own, not a guess from the searched text), how it is
 * booked, driver and vehicle, and View Details to its preview. `detailsState` travels with that
 * link (the listing passes its search, so Back to Rides returns to it), and the seats searched for
 * and the leg in its address (`?seats=&board=&alight=`), so the preview shows that leg, its seat
 * selector starts there, and it passes the leg on to the booking.
 */
export function RideCard({
  ride,
  headingLevel = 3,
  detailsState,
  seats,
}: {
  ride: RideSummary;
  headingLevel?: 2 | 3;
  detailsState?: unknown;
  seats?: number | null | undefined;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const stops = stopNames(ride);
  const showPlaces = ride.fromLocation !== ride.fromCity || ride.toLocation !== ride.toCity;
  return (
    <Card aria-labelledby={titleId}>
      <Top>
        <div>
          <Heading id={titleId}>
            {ride.fromCity} <span aria-hidden="true">→</span>
            <VisuallyHidden>to</VisuallyHidden> {ride.toCity}
          </Heading>
          {showPlaces ? (
            <Muted>
              {ride.fromLocation} → {ride.toLocation}
            </Muted>
          ) : null}
          {stops.length > 0 ? <Muted>via {stops.join(', ')}</Muted> : null}
          {isPartOfRoute(ride) ? <Leg>Your trip: {legText(ride)}</Leg> : null}
        </div>
        <Price>
          <strong>{formatCedis(ride.leg.pricePerSeat)}</strong>
          <small>per seat</small>
        </Price>
      </Top>
      <Facts>
        <li>{formatRideDate(ride.departureDate)}</li>
        <li>{formatClockTime(ride.departureTime)}</li>
        <li>{seatsLeftText(ride.leg.seatsLeft)}</li>
        <li>{bookingModeText(ride.bookingMode)}</li>
      </Facts>
      <RidePreferenceFacts preferences={ride.preferences} womenOnly={ride.womenOnly} compact />
      <Bottom>
        <Driver>
          <Avatar name={ride.driverName} photoUrl={ride.driverPhotoUrl} />
          <span>
            <span>
              <strong>{ride.driverName}</strong>
              {ride.driverVerified ? <VerifiedBadge /> : null}
            </span>
            <small>
              {driverRatingText(ride.driverRating, ride.driverReviewCount)} · {vehicleName(ride.vehicle)}
            </small>
          </span>
        </Driver>
        <ButtonLink to={`/ride-preview/${ride.id}${legQuery(ride, seats)}`} state={detailsState} $variant="secondary" aria-describedby={titleId}>
          View Details
        </ButtonLink>
      </Bottom>
    </Card>
  );
}

/** Read by screen readers, not drawn (the arrow says it to the eye). */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 12px;

  > div { display: grid; gap: 2px; min-width: 0; }
  h2, h3 { font-size: 1.125rem; overflow-wrap: anywhere; }
`;

const Muted = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const Leg = styled.p`
  font-size: 0.875rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Price = styled.p`
  display: grid;
  justify-items: end;
  flex: none;

  strong { font-size: 1.125rem; color: ${({ theme }) => theme.color.primary}; white-space: nowrap; }
  small { font-size: 0.75rem; color: ${({ theme }) => theme.color.muted}; }
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.surface};
    font-size: 0.875rem;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;

  > a { flex: 1 0 auto; }
  @media (min-width: 480px) {
    > a { flex: none; }
  }
`;

const Driver = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 0;

  > span { display: grid; min-width: 0; }
  > span > span { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
  strong { font-weight: 600; }
  small { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
`;


