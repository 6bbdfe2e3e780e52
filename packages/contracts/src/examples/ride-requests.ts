import type { RideRequestInput, SavedSearchInput } from '../http/ride-requests.ts';

/**
 * The ride request the tests file on every side (the BFF's tests and its pact with rides, the
 * rides service's provider states): Accra to Kumasi for two, both places as the picker gives them,
 * told by e-mail and SMS. One example, so the pacts' two sides cannot drift apart.
 */
export const accraToKumasiRequest = (preferredDepartureDate: string, changes: Partial<RideRequestInput> = {}): RideRequestInput => ({
  fromLocation: 'Circle, Accra',
  fromLatitude: 5.5703,
  fromLongitude: -0.2151,
  fromLocalityArea: 'Accra',
  fromRegion: 'Greater Accra',
  toLocation: 'Kejetia Market (Kumasi)',
  toLatitude: 6.6958,
  toLongitude: -1.621,
  toLocalityArea: 'Kumasi',
  toRegion: 'Ashanti',
  preferredDepartureDate,
  flexibleDates: true,
  passengers: 2,
  maxPricePerSeat: '150',
  notes: 'One bag each.',
  notifyByEmail: true,
  notifyBySMS: true,
  ...changes,
});

/** The saved search the tests make on every side: the listing's search of the same trip for two, at most GH₵150 a seat. */
export const accraToKumasiSearch = (departureDate: string, changes: Partial<SavedSearchInput> = {}): SavedSearchInput => {
  const { preferredDepartureDate: _date, flexibleDates: _flexible, notes: _notes, notifyByEmail: _email, notifyBySMS: _sms, ...trip } = accraToKumasiRequest(departureDate);
  return { ...trip, departureDate, ...changes };
};
