/*
 * What a driver states about the ride when posting it (luggage, smoking, pets, air conditioning,
 * at most two in the back) and whether it is for women only, with the rules' messages: no zod
 * here, so the listing, the preview and the booking screen show them without downloading it.
 * rides.ts builds the schemas from them.
 */

/** The largest bag each passenger may bring, smallest first (a filter for `medium` lists medium and large). */
export const luggageSizes = ['small', 'medium', 'large'] as const;
export type LuggageSize = (typeof luggageSizes)[number];

/** The ride's stated preferences; null on a ride posted before they were asked. */
export type RidePreferences = {
  luggage: LuggageSize;
  smoking: boolean;
  pets: boolean;
  airConditioning: boolean;
  /** The back seat takes at most two passengers. */
  maxTwoInBack: boolean;
};

/** The genders a member may state in their profile (optional; shown to nobody). */
export const genders = ['woman', 'man'] as const;
export type Gender = (typeof genders)[number];

/**
 * The listing's preference filters, as query parameters: each narrows the list when set; a ride
 * whose driver stated nothing matches none of them. `luggage` lists rides taking at least that size.
 */
export const ridePreferenceFilterNames = ['luggage', 'noSmoking', 'pets', 'airConditioning', 'maxTwoInBack', 'womenOnly'] as const;
export type RidePreferenceFilterName = (typeof ridePreferenceFilterNames)[number];

export const womenOnlyMessages = {
  /** POST /rides with womenOnly by a member whose profile does not say woman (posting rights are checked first). */
  post: 'Only verified members whose profile says they are a woman can post a women-only ride',
  /** A booking on a women-only ride by a member whose profile does not say woman. */
  book: 'This ride is for women only: only verified members whose profile says they are a woman can book it',
  /** …by a woman not yet verified. */
  bookUnverified: 'Verify your identity to book a women-only ride',
  luggage: 'Please choose a luggage size: small, medium or large',
  /** An edit turning women-only off once a seat is booked or requested. */
  keptOnceBooked: 'Women have booked this ride as women-only: it stays women-only. Cancel it and post a new ride instead.',
  /** An edit turning women-only on once a seat is booked or requested. */
  notOnceBooked: 'Passengers have booked this ride: it can no longer become women-only. Post a new women-only ride instead.',
} as const;
