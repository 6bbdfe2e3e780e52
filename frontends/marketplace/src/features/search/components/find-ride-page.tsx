import type { PlaceDetails } from '@krom/contracts/http/places';
import { searchSeatOptions } from '@krom/contracts/http/ride-values';
import { Button } from '@krom/ui-kit/button.tsx';
import { DatePicker } from '@krom/ui-kit/date-picker.tsx';
import { LocationField } from '@krom/ui-kit/location-picker.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { rideSearchParams, searchPlaceOf } from '../ride-search-params.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { SeatsSelect } from './seats-select.tsx';

/** The spec's nav links of this screen (/support has no screen yet: it shows Page Not Found). */
const navLinks = [
  { to: '/find-ride', label: 'Find a Ride' },
  { to: '/profile', label: 'Profile' },
  { to: '/support', label: 'Support' },
] as const;

/**
 * /find-ride and /find-rides (spec "Find a ride"): where, when and how many seats, then the
 * listing with those as its address's parameters (empty ones left out).
 */
export function FindRidePage() {
  const navigate = useNavigate();
  const [from, setFrom] = useState<PlaceDetails | null>(null);
  const [to, setTo] = useState<PlaceDetails | null>(null);
  const [date, setDate] = useState('');
  const [seats, setSeats] = useState<number>(searchSeatOptions[0]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const params = rideSearchParams({
      from: from ? searchPlaceOf(from) : null,
      to: to ? searchPlaceOf(to) : null,
      date,
      seats,
    });
    navigate(`/ride-listings?${params}`);
  };

  return (
    <PageFrame>
      <Column>
        <PageNav aria-label="Find a ride">
          {navLinks.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </PageNav>
        <h1>Find Your Perfect Ride</h1>
        <Card aria-labelledby="find-ride-form-title" onSubmit={search}>
          <h2 id="find-ride-form-title">Where do you want to go?</h2>
          <LocationField id="find-ride-from" label="From" placeholder="Leaving from" value={from} onChange={setFrom} />
          <LocationField id="find-ride-to" label="To" placeholder="Going to" value={to} onChange={setTo} />
          <Pair>
            <DatePicker id="find-ride-date" label="Date" value={date} onChange={setDate} />
            <SeatsSelect label="Number of seats" value={seats} onChange={setSeats} />
          </Pair>
          <Button type="submit" $size="lg" $block>
            Search Available Rides
          </Button>
        </Card>
      </Column>
    </PageFrame>
  );
}

const Column = styled.div`
  display: grid;
  gap: 20px;
  max-width: 560px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; letter-spacing: -0.01em; }
  ${({ theme }) => theme.media.md} {
    h1 { font-size: 2.25rem; }
  }
`;

const PageNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
    white-space: nowrap;
  }
`;

const Card = styled.form`
  display: grid;
  gap: 16px;

  h2 { font-size: 1.25rem; }
  ${({ theme }) => theme.media.md} {
    padding: 28px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
`;

const Pair = styled.div`
  display: grid;
  gap: 16px;

  @media (min-width: 480px) {
    grid-template-columns: 3fr 2fr;
  }
`;
