import { DatePicker } from '@krom/ui-kit/date-picker.tsx';
import { LocationField } from '@krom/ui-kit/location-picker.tsx';
import { placeShownFor, type RideSearch, searchPlaceOf } from '../ride-search-params.ts';

/** The listing's origin and destination pickers and its date picker (grid items of its filter bar). */
export function PlaceAndDateFilters({ search, change }: { search: RideSearch; change: (next: Partial<RideSearch>) => void }) {
  return (
    <>
      <LocationField
        id="listing-from"
        label="From"
        placeholder="Any departure"
        value={placeShownFor(search.from)}
        onChange={(place) => change({ from: place ? searchPlaceOf(place) : null })}
      />
      <LocationField
        id="listing-to"
        label="To"
        placeholder="Any destination"
        value={placeShownFor(search.to)}
        onChange={(place) => change({ to: place ? searchPlaceOf(place) : null })}
      />
      <DatePicker id="listing-date" label="Date" value={search.date} onChange={(date) => change({ date })} />
    </>
  );
}
