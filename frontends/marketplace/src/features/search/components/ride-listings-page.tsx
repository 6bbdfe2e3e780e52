import { Button } from '@krom/ui-kit/button.tsx';
import { lazy, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { RideCard } from '../../../components/ride-card.tsx';
import { useRides } from '../api/search-rides.ts';
import { hasAnyFilter, type RideSearch, readRideSearch, rideFiltersOf, rideSearchParams } from '../ride-search-params.ts';
import { emptyRidesChunk } from './listing-deferred-parts.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { loadPlaceAndDatePickers, PlaceAndDateFields } from './place-and-date-fields.tsx';
import { SeatsSelect } from './seats-select.tsx';
import { PreferenceFiltersFields } from './preference-filters.tsx';
import { SaveSearchOffer } from './save-search-offer.tsx';

const EmptyRides = lazy(() => emptyRidesChunk.then((m) => ({ default: m.EmptyRides })));

/** The spec's texts (ride marketplace, "Ride listings"). */
const texts = {
  loading: 'Loading rides...',
  error: 'Error loading rides. Please try again.',
  count: (total: number) => `${total} ride(s) found`,
  matching: ' matching your search',
} as const;

/**
 * /ride-listings (spec "Ride listings"): the search lives in the address (from, to, date, seats,
 * the places' coordinates and the ride preferences asked for); the filters rewrite it and GET /api/rides answers it, a page at a
 * time. The server does all the matching; nothing is filtered here.
 */
export function RideListingsPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const search = readRideSearch(params);
  const rides = useRides(rideFiltersOf(search));
  const change = (next: Partial<RideSearch>) => setParams(rideSearchParams({ ...search, ...next }), { replace: true });
  const filtered = hasAnyFilter(search);

  const total = rides.data?.pages[0]?.total ?? 0;
  const list = rides.data?.pages.flatMap((page) => page.rides) ?? [];

  return (
    <PageFrame>
      <Column>
        <h1>Available Rides</h1>
        <Filters
          role="search"
          aria-label="Ride search"
          onSubmit={(event) => event.preventDefault()}
          // Someone about to filter: the pickers' code starts downloading before a field is chosen.
          onFocus={() => void loadPlaceAndDatePickers().catch(() => {})}
          onPointerOver={() => void loadPlaceAndDatePickers().catch(() => {})}
        >
          <PlaceAndDateFields search={search} change={change} />
          <SeatsSelect label="Seats" value={search.seats ?? 1} onChange={(seats) => change({ seats })} />
        </Filters>
        <PreferenceFiltersFields value={search.preferences} onChange={(preferences) => change({ preferences })} />
        {filtered ? (
          <ClearFilters $variant="ghost" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear filters
          </ClearFilters>
        ) : null}
        <SaveSearchOffer search={search} />
        <Stack as="section" $gap={12} aria-busy={rides.isFetching}>
          {rides.isPending ? (
            <Status role="status">{texts.loading}</Status>
          ) : rides.isError && list.length === 0 ? (
            <Failure role="alert">
              <p>{texts.error}</p>
              <Button $variant="secondary" onClick={() => void rides.refetch()}>
                Try again
              </Button>
            </Failure>
          ) : (
            <>
              <Count role="status">
                {texts.count(total)}
                {filtered ? texts.matching : ''}
              </Count>
              {list.length === 0 ? (
                <Suspense fallback={null}>
                  <EmptyRides search={search} />
                </Suspense>
              ) : (
                <RideList aria-label="Rides">
                  {list.map((ride) => (
                    <li key={ride.id}>
                      <RideCard ride={ride} headingLevel={2} detailsState={{ listingSearch: location.search }} seats={search.seats} />
                    </li>
                  ))}
                </RideList>
              )}
              {rides.isFetchNextPageError ? <Failure role="alert">{texts.error}</Failure> : null}
              {rides.hasNextPage ? (
                <Button $variant="secondary" $block disabled={rides.isFetchingNextPage} onClick={() => void rides.fetchNextPage()}>
                  {rides.isFetchingNextPage ? 'Loading more rides...' : 'Load more rides'}
                </Button>
              ) : null}
            </>
          )}
        </Stack>
      </Column>
    </PageFrame>
  );
}

const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 960px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; }
`;

/** Places one under the other on a phone, date and seats side by side; one row from 768 px. */
const Filters = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 6.5rem;
  gap: 12px;

  > :nth-child(-n + 2) { grid-column: 1 / -1; }
  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1.3fr) minmax(0, 1.2fr) minmax(0, 0.6fr);
    > :nth-child(-n + 2) { grid-column: auto; }
  }
`;

const ClearFilters = styled(Button)`
  justify-self: start;
  min-height: 36px;
  padding: 0 10px;
  margin-top: -8px;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.color.primary};
`;

const RideList = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Status = styled.p`
  padding: 24px 0;
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`;

const Count = styled.p`
  font-weight: 600;
`;

const Failure = styled.div`
  display: grid;
  gap: 12px;
  justify-items: center;
  padding: 24px 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  text-align: center;
`;
