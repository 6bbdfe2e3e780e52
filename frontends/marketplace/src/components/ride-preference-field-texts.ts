import type { RidePreferences } from '@krom/contracts/http/ride-preference-values';

/** What the fields start from when the driver has stated nothing yet. */
export const defaultPreferences: RidePreferences = { luggage: 'medium', smoking: false, pets: false, airConditioning: false, maxTwoInBack: false };

/** The ride preferences' fields, as the wizard's step 3 and the edit-ride form ask them (Krom's own words). */
export const ridePreferenceFieldTexts = {
  preferencesTitle: 'Ride preferences',
  preferencesLead: 'Passengers see these on your ride and can search by them.',
  luggage: 'Luggage each passenger may bring',
  smoking: 'Smoking allowed',
  pets: 'Pets welcome',
  airConditioning: 'Air conditioning',
  maxTwoInBack: 'At most two passengers in the back seat',
  womenOnly: 'Women only',
  womenOnlyHint: 'Only verified members whose profile says they are a woman can book this ride.',
} as const;
