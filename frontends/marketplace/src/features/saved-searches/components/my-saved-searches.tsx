import { formatRideDate, ghanaDate } from '@krom/contracts/ghana-time';
import { savedSearchMessages as texts } from '@krom/contracts/http/ride-request-values';
import type { SavedSearch } from '@krom/contracts/http/ride-requests';
import { formatCedis } from '@krom/contracts/money';
import { Button } from '@krom/ui-kit/button.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { ListCard as Card, CardActions, CardFacts as Facts, CardTitle, SectionLead } from '../../../components/card.tsx';
import { MatchedRides } from '../../../components/matched-rides.tsx';
import { PageSection } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDeleteSavedSearch, useMySavedSearches } from '../api/saved-searches.ts';

/**
 * The signed-in member's saved searches (route, date or Any date, passengers, price limit, when it
 * lapses, the rides it matched), each deleted with one tap: nothing is lost that a search of the
 * listing cannot save again.
 */
export function MySavedSearches() {
  return (
    <PageSection title={texts.listTitle}>
      <SectionLead>{texts.listLead}</SectionLead>
      <SearchList />
    </PageSection>
  );
}

const routeOf = (search: SavedSearch) => `${search.fromLocation} → ${search.toLocation}`;

function SearchList() {
  const searches = useMySavedSearches();
  const remove = useDeleteSavedSearch();
  const { toast, toastFailure } = useToast();

  if (searches.isPending) return <Spinner />;
  if (searches.isError) return <QueryFailure message={texts.loadFailed} onRetry={() => void searches.refetch()} />;
  if (searches.data.length === 0) return <EmptyState title={texts.listTitle} text={texts.empty} />;

  return (
    <StackedList aria-label={texts.listTitle}>
      {searches.data.map((search) => (
        <Card key={search.id} aria-label={routeOf(search)}>
          <CardTitle>{routeOf(search)}</CardTitle>
          <Facts>
            <span>{search.departureDate ? formatRideDate(search.departureDate) : 'Any date'}</span>
            <span>{`${search.passengers} passenger${search.passengers === 1 ? '' : 's'}`}</span>
            {search.maxPricePerSeat !== null ? <span>Up to {formatCedis(search.maxPricePerSeat)} per seat</span> : null}
            <span>Expires {formatRideDate(ghanaDate(search.expiresAt))}</span>
          </Facts>
          <MatchedRides rides={search.matchedRides} seats={search.passengers} title="Matching rides" none="No matching ride yet. We'll tell you when one is posted." />
          <CardActions>
            <Button
              $variant="ghost"
              disabled={remove.isPending && remove.variables === search.id}
              aria-label={`${texts.delete} saved search ${routeOf(search)}`}
              onClick={() =>
                remove.mutate(search.id, {
                  onSuccess: () => toast({ title: texts.deleted, description: routeOf(search) }),
                  onError: toastFailure('Error', texts.deleteFailed),
                })
              }
            >
              {texts.delete}
            </Button>
          </CardActions>
        </Card>
      ))}
    </StackedList>
  );
}
