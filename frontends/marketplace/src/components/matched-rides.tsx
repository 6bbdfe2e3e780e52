import type { MatchedRide } from '@krom/contracts/http/ride-requests';
import { formatCedis } from '@krom/contracts/money';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDeparture, seatsLeftText } from './ride-card.tsx';

/**
 * The rides a ride request or a saved search was matched with that can still be booked (the
 * server's list, soonest first), each a link to its preview with `seats` as the seats wanted;
 * `none` when there is none yet. Shown by the ride-request and saved-searches features.
 */
export function MatchedRides({ rides, seats, title, none }: { rides: MatchedRide[]; seats: number; title: string; none: string }) {
  const titleId = useId();
  if (rides.length === 0) return <None>{none}</None>;
  return (
    <Matches aria-labelledby={titleId}>
      <h4 id={titleId}>{title}</h4>
      <ul>
        {rides.map((ride) => (
          <li key={ride.id}>
            <MatchLink to={`/ride-preview/${ride.id}?seats=${seats}`}>
              <strong>
                {ride.fromCity} → {ride.toCity}
              </strong>
              <span>{formatDeparture(ride)}</span>
              <span>
                {formatCedis(ride.pricePerSeat)} per seat · {seatsLeftText(ride.availableSeats)}
              </span>
            </MatchLink>
          </li>
        ))}
      </ul>
    </Matches>
  );
}

const None = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Matches = styled.section`
  display: grid;
  gap: 6px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.color.border};

  h4 { font-size: 0.9375rem; }
  ul { display: grid; gap: 6px; margin: 0; padding: 0; list-style: none; }
`;

/** A whole row is the link: a large target on a phone. */
const MatchLink = styled(Link)`
  display: grid;
  gap: 2px;
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: inherit;
  font-size: 0.875rem;
  text-decoration: none;

  strong { color: ${({ theme }) => theme.color.primary}; overflow-wrap: anywhere; }
  span { color: ${({ theme }) => theme.color.muted}; }
  &:hover strong, &:focus-visible strong { text-decoration: underline; }
`;
