import type { PostRideInput } from '../http/rides.ts';

/**
 * The ride the contract tests describe on every side (the marketplace's wizard, the BFF, the rides
 * service and its ride.posted event): Accra to Kumasi through Nkawkaw, every place as the picker
 * gives it. One example, so the pacts' two sides cannot drift apart.
 */
export const accraToKumasiRide = (vehicleId: string, departureDate: string, departureTime = '08:30'): PostRideInput & { stops: NonNullable<PostRideInput['stops']> } => ({
  vehicleId,
  fromCity: 'Accra',
  toCity: 'Kumasi',
  fromLocation: 'Kaneshie Station',
  toLocation: 'Kejetia',
  fromLatitude: 5.5667,
  fromLongitude: -0.2333,
  fromLocalityArea: 'Kaneshie',
  fromRegion: 'Greater Accra',
  fromPlaceId: 'osm-n1234567001',
  toLatitude: 6.6966,
  toLongitude: -1.6224,
  toLocalityArea: 'Adum',
  toRegion: 'Ashanti',
  toPlaceId: 'osm-n1234567002',
  stops: [
    { location: 'Nkawkaw Station', city: 'Nkawkaw', localityArea: 'Nkawkaw', region: 'Eastern', placeId: 'osm-n1234567003', latitude: 6.5509, longitude: -0.7663, stopType: 'either', meetingPoint: 'By the Total fuel station' },
  ],
  departureDate,
  departureTime,
  availableSeats: 3,
  pricePerSeat: '80.00',
  currency: 'GHS',
  description: 'Leaving from the station car park. One small bag each.',
  duration: '4h 10min',
  // The driver's own words, not a station chosen for them.
  pickupStation: 'Kaneshie Station car park',
});

/**
 * A ride straight from Accra (Circle) to Kumasi (Kejetia), no stops, as the BFF's pact with the
 * rides service and the BFF's own tests post it; the provider's state posts the same ride.
 */
export const directAccraToKumasiRide = (vehicleId: string, departureDate: string): PostRideInput => ({
  vehicleId,
  fromCity: 'Accra',
  toCity: 'Kumasi',
  fromLocation: 'Circle, Accra',
  toLocation: 'Kejetia Market (Kumasi)',
  fromLatitude: 5.5703,
  fromLongitude: -0.2151,
  fromLocalityArea: 'Accra',
  fromRegion: 'Greater Accra',
  toLatitude: 6.6958,
  toLongitude: -1.621,
  toLocalityArea: 'Kumasi',
  toRegion: 'Ashanti',
  departureDate,
  departureTime: '09:30',
  availableSeats: 3,
  pricePerSeat: '120',
  duration: '4h 45min',
  pickupStation: 'Circle Station (Accra)',
  preferences: { luggage: 'medium', smoking: false, pets: false, airConditioning: true, maxTwoInBack: true },
  womenOnly: false,
});
