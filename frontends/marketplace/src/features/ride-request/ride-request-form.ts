import type { PlaceDetails } from '@krom/contracts/http/places';
import { type RideRequestInput, rideRequestInputSchema } from '@krom/contracts/http/ride-requests';
import { searchSeatOptions } from '@krom/contracts/http/rides';
import { ghanaToday } from '@krom/contracts/ghana-time';
import type { KnownPlace, RideRequestPrefill } from '../../components/ride-request-form-slot.tsx';

/**
 * A place as a request sends it (spec "ride_request"): its name, its locality area (the
 * district, else the town it is), region, place id and coordinates, each only where known.
 */
export type RequestPlace = {
  location: string;
  localityArea?: string | undefined;
  region?: string | undefined;
  placeId?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
};

/** The form's values (spec "Ride request modal"). */
export type RideRequestFormValues = {
  from: RequestPlace | null;
  to: RequestPlace | null;
  /** yyyy-MM-dd, or '' for any date. */
  preferredDate: string;
  passengers: number;
  maxPricePerSeat: string;
  notes: string;
  notifyByEmail: boolean;
  notifyBySMS: boolean;
};

/** The spec's defaults (section 9): one passenger, told by e-mail, not by SMS. */
export const emptyRideRequestForm = (): RideRequestFormValues => ({
  from: null,
  to: null,
  preferredDate: '',
  passengers: 1,
  maxPricePerSeat: '',
  notes: '',
  notifyByEmail: true,
  notifyBySMS: false,
});

/** A place the picker chose. */
export const requestPlaceOf = (place: PlaceDetails): RequestPlace => ({
  location: place.name,
  localityArea: place.district ?? place.name,
  region: place.region,
  placeId: place.place_id || undefined,
  latitude: place.latitude,
  longitude: place.longitude,
});

/** A search's place: its text is the locality it searched by (or the place's own name). */
const knownPlaceOf = (place: KnownPlace): RequestPlace => ({
  location: place.name,
  localityArea: place.name,
  latitude: place.latitude,
  longitude: place.longitude,
});

/**
 * The form as it opens: empty, or with the search that found nothing. A date already past (an
 * old shared link) is left out, as the calendar would not offer it.
 */
export function rideRequestFormFor(prefill: RideRequestPrefill | undefined, today = ghanaToday()): RideRequestFormValues {
  const empty = emptyRideRequestForm();
  if (!prefill) return empty;
  return {
    ...empty,
    from: knownPlaceOf(prefill.from),
    to: knownPlaceOf(prefill.to),
    preferredDate: prefill.date && prefill.date >= today ? prefill.date : '',
    passengers: (searchSeatOptions as readonly number[]).includes(prefill.passengers) ? prefill.passengers : empty.passengers,
  };
}

/** What the kit's location field shows for a place (it takes the picker's shape). */
export function shownPlace(place: RequestPlace | null): PlaceDetails | null {
  if (!place) return null;
  return {
    name: place.location,
    formatted_address: place.location,
    place_id: place.placeId ?? '',
    latitude: place.latitude ?? 0,
    longitude: place.longitude ?? 0,
    district: place.localityArea,
    region: place.region,
  };
}

export type RideRequestField = 'from' | 'to' | 'preferredDate' | 'passengers' | 'maxPricePerSeat' | 'notes';
export type RideRequestFieldErrors = Partial<Record<RideRequestField, string>>;

export type RideRequestCheck =
  | { outcome: 'missing-locations' }
  | { outcome: 'invalid'; errors: RideRequestFieldErrors }
  | { outcome: 'ready'; request: RideRequestInput };

/** The field that shows a contract message, by the payload key it is about. */
function fieldOf(key: PropertyKey | undefined): RideRequestField | undefined {
  if (typeof key !== 'string') return undefined;
  if (key.startsWith('from')) return 'from';
  if (key.startsWith('to')) return 'to';
  if (key === 'preferredDepartureDate') return 'preferredDate';
  if (key === 'passengers' || key === 'maxPricePerSeat' || key === 'notes') return key;
  return undefined;
}

/**
 * The form's check before anything is sent: both places are needed (the spec's toast), then the
 * contract's rules, each message for the field it is about. `request` is the spec's payload.
 */
export function checkRideRequest(values: RideRequestFormValues): RideRequestCheck {
  const { from, to } = values;
  if (!from || !to) return { outcome: 'missing-locations' };
  const notes = values.notes.trim();
  const checked = rideRequestInputSchema.safeParse({
    fromLocation: from.location,
    toLocation: to.location,
    fromLatitude: from.latitude,
    fromLongitude: from.longitude,
    fromLocalityArea: from.localityArea,
    fromRegion: from.region,
    fromPlaceId: from.placeId,
    toLatitude: to.latitude,
    toLongitude: to.longitude,
    toLocalityArea: to.localityArea,
    toRegion: to.region,
    toPlaceId: to.placeId,
    preferredDepartureDate: values.preferredDate,
    passengers: values.passengers,
    maxPricePerSeat: values.maxPricePerSeat.trim(),
    notes: notes === '' ? undefined : notes,
    notifyByEmail: values.notifyByEmail,
    notifyBySMS: values.notifyBySMS,
  });
  if (checked.success) return { outcome: 'ready', request: checked.data };
  const errors: RideRequestFieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { outcome: 'invalid', errors };
}
