import { savedSearchMessages as texts } from '@krom/contracts/http/ride-request-values';
import type { SavedSearchInput } from '@krom/contracts/http/ride-requests';
import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import type { KnownPlace } from '../../../components/ride-request-form-slot.tsx';
import type { SearchToSave } from '../../../components/save-search-slot.tsx';
import { useSaveSearch } from '../api/saved-searches.ts';

/** A place's coordinates, when it has both. */
const pointOf = ({ latitude, longitude }: KnownPlace) => (latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined);

/** The listing's search as POST /api/saved-searches takes it: each place by the locality the listing searched by. */
export function savedSearchPayload({ from, to, date, passengers, maxPricePerSeat }: SearchToSave): SavedSearchInput {
  const [fromPoint, toPoint] = [pointOf(from), pointOf(to)];
  return {
    fromLocation: from.name,
    fromLocalityArea: from.name,
    ...(fromPoint ? { fromLatitude: fromPoint.latitude, fromLongitude: fromPoint.longitude } : {}),
    toLocation: to.name,
    toLocalityArea: to.name,
    ...(toPoint ? { toLatitude: toPoint.latitude, toLongitude: toPoint.longitude } : {}),
    ...(date ? { departureDate: date } : {}),
    passengers,
    ...(maxPricePerSeat ? { maxPricePerSeat } : {}),
  };
}

/**
 * "Save this search" on the listing, for a signed-in member: saves the search's places, date and
 * seats (and price limit, where the listing has one), confirms with a toast and then says it is
 * saved; a refusal (ten saved already, saved before) toasts the server's words.
 */
export function SaveSearchButton({ search }: { search: SearchToSave }) {
  const save = useSaveSearch();
  const { toast, toastFailure } = useToast();
  const done = save.isSuccess;
  return (
    <Button
      $variant="secondary"
      disabled={save.isPending || done}
      onClick={() =>
        save.mutate(savedSearchPayload(search), {
          onSuccess: () => toast({ title: texts.saved, description: texts.savedText }),
          onError: toastFailure('Error', texts.failed),
        })
      }
    >
      {done ? texts.saved : save.isPending ? texts.saving : texts.save}
    </Button>
  );
}
