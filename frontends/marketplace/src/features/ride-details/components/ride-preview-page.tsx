import { isMaskedLicensePlate } from '@krom/contracts/http/licence-plate-values';
import { gazetteerAttribution } from '@krom/contracts/http/place-values';
import type { RideDetails } from '@krom/contracts/http/rides';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatClockTime, formatRideDate } from '@krom/contracts/ghana-time';
import { formatCedis } from '@krom/contracts/money';
import { bookingModeText, formatDeparture, isPartOfRoute, legText, VisuallyHidden, vehicleName } from '../../../components/ride-card.tsx';
import { RouteMap, type RouteMapPoint } from '../../../components/route-map.tsx';
import { useRide } from '../../../lib/api/ride.ts';
import { DriverSummary } from './driver-summary.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { OwnRidePanel } from './own-ride-panel.tsx';
import { SeatBookingPanel } from './seat-booking-panel.tsx';
import { LicencePlate } from '../../../components/licence-plate.tsx';
import { RidePreferenceFacts } from '../../../components/ride-preferences.tsx';

const failureText = 'Failed to load ride details';
export const womenOnlyNote = 'Only verified members whose profile says they are a woman can book this ride.';

/** Back to Rides returns to the search the ride was opened from (the listing passes it along), else the whole listing. */
function useBackToRidesPath(): string {
  const state = useLocation().state as { listingSearch?: unknown } | null;
  const search = typeof state?.listingSearch === 'string' && state.listingSearch.startsWith('?') ? state.listingSearch : '';
  return `/ride-listings${search}`;
}

/**
 * /ride-preview/{id} (spec "Ride preview"): a ride's details, the passenger's leg (`?board=&alight=`,
 * from the listing: its seats left and price, as the server reads them for that leg), the seats
 * wanted (`?seats=`) and their total, and Book This Ride with that leg; its own driver gets Edit and
 * Cancel Ride instead.
 */
export function RidePreviewPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const ride = useRide(id, { board: params.get('board'), alight: params.get('alight') });
  const backToRides = useBackToRidesPath();
  return (
    <PageFrame>
      {ride.isPending ? (
        <Spinner fullPage />
      ) : ride.isError ? (
        <Failed>
          <h1>{failureText}</h1>
          <ButtonLink to={backToRides}>Back to Rides</ButtonLink>
        </Failed>
      ) : (
        <RidePreview ride={ride.data} backToRides={backToRides} address={params} />
      )}
    </PageFrame>
  );
}

/** The ride's stops in order, then the map's points (those with coordinates). */
function routeOf(ride: RideDetails) {
  const stops = [...ride.stops].sort((a, b) => a.stopOrder - b.stopOrder);
  const points: RouteMapPoint[] = [];
  const add = (name: string, latitude: number | null, longitude: number | null, role: RouteMapPoint['role']) => {
    if (latitude !== null && longitude !== null) points.push({ name, latitude, longitude, role });
  };
  add(ride.fromCity, ride.fromLatitude, ride.fromLongitude, 'from');
  for (const stop of stops) add(stop.city ?? stop.location, stop.latitude, stop.longitude, 'stop');
  add(ride.toCity, ride.toLatitude, ride.toLongitude, 'to');
  return { stops, points };
}

const localityLine = (...parts: (string | null)[]) => [...new Set(parts.filter((part): part is string => Boolean(part)))].join(', ');

function RidePreview({ ride, backToRides, address }: { ride: RideDetails; backToRides: string; address: URLSearchParams }) {
  const { stops, points } = routeOf(ride);
  const { vehicle } = ride;
  const facts: [string, ReactNode][] = [
    ['Date', formatRideDate(ride.departureDate)],
    ['Time', formatClockTime(ride.departureTime)],
    ['Duration', ride.duration ?? 'Not provided'],
    ...(isPartOfRoute(ride) ? ([['Your trip', legText(ride)]] as [string, ReactNode][]) : []),
    ['Seats available', `${ride.leg.seatsLeft} of ${ride.totalSeats}`],
    ['Booking', bookingModeText(ride.bookingMode)],
    ...(ride.pickupStation ? ([['Pickup station', ride.pickupStation]] as [string, ReactNode][]) : []),
    ['Vehicle', vehicleName(vehicle)],
    ['Colour', vehicle.color],
    [
      'Licence plate',
      vehicle.licensePlate ? (
        <span key="plate">
          <LicencePlate>{vehicle.licensePlate}</LicencePlate>
          {isMaskedLicensePlate(vehicle.licensePlate) ? ' (shown in full once your seat is confirmed)' : null}
        </span>
      ) : (
        'Not provided'
      ),
    ],
  ];

  return (
    <Layout>
      <Heading>
        <h1>
          {ride.fromCity} <span aria-hidden="true">→</span>
          <VisuallyHidden>to</VisuallyHidden> {ride.toCity}
        </h1>
        <p>
          {formatDeparture(ride)} · {formatCedis(ride.leg.pricePerSeat)} per seat{isPartOfRoute(ride) ? ` from ${legText(ride)}` : ''}
        </p>
        {/* What a passenger texts after BOOK to book this ride from any phone. */}
        {ride.rideCode ? <RideCode>Ride code: {ride.rideCode}</RideCode> : null}
        {ride.status !== 'active' ? <Notice role="note">This ride is {ride.status} and can no longer be booked.</Notice> : null}
      </Heading>

      <MainColumn>
        <Section aria-labelledby="ride-route-title">
          <h2 id="ride-route-title">Route</h2>
          <Stops>
            <li data-role="from">
              <strong>{ride.fromLocation}</strong>
              <small>{localityLine(ride.fromLocalityArea, ride.fromCity, ride.fromRegion)}</small>
            </li>
            {stops.map((stop) => (
              <li key={stop.stopOrder} data-role="stop">
                <strong>{stop.location}</strong>
                <small>{localityLine(stop.localityArea, stop.city, stop.region)}</small>
                {stop.meetingPoint ? <small>Meeting point: {stop.meetingPoint}</small> : null}
              </li>
            ))}
            <li data-role="to">
              <strong>{ride.toLocation}</strong>
              <small>{localityLine(ride.toLocalityArea, ride.toCity, ride.toRegion)}</small>
            </li>
          </Stops>
          {/* The coordinates come from the place search, whose data licence asks for this line where they are shown. */}
          <RouteMap points={points} label={`Map of the route from ${ride.fromCity} to ${ride.toCity}`} attribution={gazetteerAttribution} />
        </Section>

        <Section aria-labelledby="ride-facts-title">
          <h2 id="ride-facts-title">Trip details</h2>
          <Facts>
            {facts.map(([term, detail]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{detail}</dd>
              </div>
            ))}
          </Facts>
          <RidePreferenceFacts preferences={ride.preferences} womenOnly={ride.womenOnly} />
          {ride.womenOnly ? <p>{womenOnlyNote}</p> : null}
          {ride.description ? (
            <Description>
              <h3>About this ride</h3>
              <p>{ride.description}</p>
            </Description>
          ) : null}
        </Section>

        <DriverSummary ride={ride} />
      </MainColumn>

      <Aside>
        {ride.isOwnRide ? <OwnRidePanel ride={ride} /> : <SeatBookingPanel ride={ride} backToRides={backToRides} address={address} />}
      </Aside>
    </Layout>
  );
}

const Failed = styled.div`
  display: grid;
  justify-items: start;
  gap: 16px;
  max-width: 560px;
  margin: 0 auto;
  padding: 40px 0;

  h1 { font-size: 1.5rem; }
`;

/** One column on a phone; from 1024 px the seat panel stands beside the details and stays in view. */
const Layout = styled.div`
  display: grid;
  gap: 16px;
  max-width: 1040px;
  margin: 0 auto;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 340px;
    grid-template-areas: 'heading heading' 'main aside';
    align-items: start;
    gap: 24px;
  }
`;

const Heading = styled.header`
  display: grid;
  gap: 4px;

  ${({ theme }) => theme.media.lg} {
    grid-area: heading;
  }

  h1 { font-size: 1.75rem; overflow-wrap: anywhere; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;

const RideCode = styled.p`
  font-size: 0.875rem;
`;

const Notice = styled.p`
  margin-top: 8px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger} !important;
`;

const MainColumn = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;

  ${({ theme }) => theme.media.lg} {
    grid-area: main;
  }
`;

const Aside = styled.aside`
  ${({ theme }) => theme.media.lg} {
    grid-area: aside;
    position: sticky;
    top: 76px;
  }
`;

const Section = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h2 { font-size: 1.125rem; }
`;

/** Departure, stops and destination joined by a line, like the map's markers. */
const Stops = styled.ol`
  display: grid;
  gap: 14px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    position: relative;
    display: grid;
    padding-left: 26px;
  }
  li::before {
    content: '';
    position: absolute;
    left: 3px;
    top: 5px;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    box-sizing: border-box;
    border: 3px solid ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.background};
  }
  li[data-role='from']::before { background: ${({ theme }) => theme.color.primary}; }
  li[data-role='to']::before { border-color: ${({ theme }) => theme.color.text}; background: ${({ theme }) => theme.color.text}; }
  li:not(:last-child)::after {
    content: '';
    position: absolute;
    left: 8px;
    top: 19px;
    bottom: -12px;
    width: 2px;
    background: ${({ theme }) => theme.color.border};
  }
  strong { overflow-wrap: anywhere; }
  small { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
`;

const Facts = styled.dl`
  display: grid;
  gap: 10px;
  margin: 0;

  @media (min-width: 480px) {
    grid-template-columns: 1fr 1fr;
  }
  div { display: grid; gap: 2px; }
  dt { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Description = styled.div`
  display: grid;
  gap: 4px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.color.border};

  h3 { font-size: 1rem; }
  p { white-space: pre-line; overflow-wrap: anywhere; }
`;
