import type { RideRequestInput } from '../http/ride-requests.ts';

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
