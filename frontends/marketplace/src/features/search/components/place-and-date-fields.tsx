import { formatPickedDate } from '@krom/contracts/ghana-time';
import { CalendarIcon, PickerField, PinIcon } from '@krom/ui-kit/picker-field.tsx';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RideSearch, SearchPlace } from '../ride-search-params.ts';

/** The pickers' code; called again it is the same download. */
export const loadPlaceAndDatePickers = () => import('./place-and-date-filters.tsx');

const PlaceAndDateFilters = lazy(() => loadPlaceAndDatePickers().then((m) => ({ default: m.PlaceAndDateFilters })));

type FiltersProps = { search: RideSearch; change: (next: Partial<RideSearch>) => void };

/**
 * The listing's From, To and Date filters (grid items of its filter bar). Reading the results
 * needs none of the pickers' code (the place search and its dialog, the calendar), so the page
 * shows the fields themselves first, drawn by the kit's PickerField as the pickers draw them, and
 * loads the pickers when a field is chosen; that field's picker then opens. Clearing a field needs
 * no picker. The page starts the download earlier when the filter bar gets focus or the pointer.
 */
export function PlaceAndDateFields({ search, change }: FiltersProps) {
  const [opening, setOpening] = useState<string>();
  const fields = <FieldsBeforePickers search={search} change={change} open={setOpening} />;
  if (opening === undefined) return fields;
  return (
    <Suspense fallback={fields}>
      <PlaceAndDateFilters search={search} change={change} />
      <OpenOnArrival id={opening} />
    </Suspense>
  );
}

/** Opens the chosen field's picker once the pickers have replaced the fields: as a click on it would, focus on its button. */
function OpenOnArrival({ id }: { id: string }) {
  const opened = useRef(false);
  useEffect(() => {
    // Once: the date picker's button toggles its calendar (and StrictMode runs effects twice).
    if (opened.current) return;
    opened.current = true;
    const trigger = document.getElementById(id);
    trigger?.focus();
    trigger?.click();
  }, [id]);
  return null;
}

function FieldsBeforePickers({ search, change, open }: FiltersProps & { open: (id: string) => void }) {
  const place = (id: string, label: string, placeholder: string, value: SearchPlace | null, key: 'from' | 'to') => (
    <PickerField
      id={id}
      label={label}
      icon={<PinIcon size={20} />}
      shown={value ? <strong>{value.text}</strong> : null}
      placeholder={placeholder}
      stacked
      onOpen={() => open(id)}
      onClear={() => change({ [key]: null })}
    />
  );
  return (
    <>
      {place('listing-from', 'From', 'Any departure', search.from, 'from')}
      {place('listing-to', 'To', 'Any destination', search.to, 'to')}
      <PickerField
        id="listing-date"
        label="Date"
        icon={<CalendarIcon />}
        shown={search.date ? formatPickedDate(search.date) : null}
        placeholder="Select a date"
        expanded={false}
        onOpen={() => open('listing-date')}
        onClear={() => change({ date: '' })}
      />
    </>
  );
}
