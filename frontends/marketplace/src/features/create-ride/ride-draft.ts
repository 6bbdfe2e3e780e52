import { type PlaceDetails, placeDetailsSchema } from '@krom/contracts/http/places';
import { maxWizardStops } from '@krom/contracts/http/rides';
import { useState } from 'react';
import { z } from 'zod';

/**
 * The wizard's draft, kept in the browser as the spec says, in its three pieces: the route, the
 * date and time, and the seats and price. Each step writes its piece as it is edited, so a reload
 * (or a phone that drops the tab to free memory) keeps what was entered.
 *
 * Kept in sessionStorage: it lives as long as the tab, survives reloads, and is never left
 * behind for days (a stale date) or for the next person on a shared phone; keys carry the user's
 * id for the same reason. What is read back is parsed: anything corrupt or from an older shape
 * is dropped and that piece starts fresh.
 */

/** A chosen place as the picker returns it, plus the spec's `locality` (the district, kept under both names). */
export const draftPlaceSchema = placeDetailsSchema.extend({ locality: z.string().optional() });
export type DraftPlace = z.infer<typeof draftPlaceSchema>;

/** A picked place as the draft keeps it: the spec's `locality` is the picker's district. */
export const toDraftPlace = (place: PlaceDetails | null): DraftPlace | null => (place ? { ...place, locality: place.district } : null);

/** Where passengers meet the driver at a place, in the driver's words (absent in a draft from before it existed). */
const meetingPoint = z.string().max(200).optional();
const stopSchema = z.object({ id: z.string(), location: z.string(), locationData: draftPlaceSchema.nullable(), meetingPoint });
export type DraftStop = z.infer<typeof stopSchema>;

export const routeDraftSchema = z.object({
  departure: draftPlaceSchema.nullable(),
  /** The departure's meeting point: sent as the ride's pickup station. */
  meetingPoint,
  destination: draftPlaceSchema.nullable(),
  stops: z.array(stopSchema).max(maxWizardStops),
  description: z.string().max(500),
});
export type RouteDraft = z.infer<typeof routeDraftSchema>;

export const dateTimeDraftSchema = z.object({ date: z.string(), time: z.string() });
export type DateTimeDraft = z.infer<typeof dateTimeDraftSchema>;

/** The chosen vehicle as the review shows it, so the last step needs no request of its own. */
const draftVehicleSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  licensePlate: z.string(),
  seats: z.number().int(),
});
export type DraftVehicle = z.infer<typeof draftVehicleSchema>;

export const seatsPriceDraftSchema = z.object({
  selectedVehicle: draftVehicleSchema.nullable(),
  availableSeats: z.string(),
  pricePerSeat: z.string(),
});
export type SeatsPriceDraft = z.infer<typeof seatsPriceDraftSchema>;

const pieces = {
  route: { schema: routeDraftSchema, empty: (): RouteDraft => ({ departure: null, destination: null, stops: [], description: '' }) },
  dateTime: { schema: dateTimeDraftSchema, empty: (): DateTimeDraft => ({ date: '', time: '' }) },
  seatsPrice: { schema: seatsPriceDraftSchema, empty: (): SeatsPriceDraft => ({ selectedVehicle: null, availableSeats: '', pricePerSeat: '' }) },
} as const;

export type DraftPiece = keyof typeof pieces;
type DraftOf<P extends DraftPiece> = z.infer<(typeof pieces)[P]['schema']>;

const storageKey = (userId: string, piece: DraftPiece) => `krom.ride-draft.${userId}.${piece}`;

/** sessionStorage, or null where the browser refuses it (some private modes, storage disabled). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored piece, or null when there is none or what is there does not parse. */
export function readDraft<P extends DraftPiece>(userId: string, piece: P): DraftOf<P> | null {
  const store = storage();
  const key = storageKey(userId, piece);
  let text: string | null = null;
  try {
    text = store?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed = pieces[piece].schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data as DraftOf<P>;
  } catch {
    // Not JSON: dropped below like any other unreadable draft.
  }
  try {
    store?.removeItem(key);
  } catch {
    // Nothing more to do: the piece starts fresh either way.
  }
  return null;
}

export function writeDraft<P extends DraftPiece>(userId: string, piece: P, value: DraftOf<P>): void {
  try {
    storage()?.setItem(storageKey(userId, piece), JSON.stringify(value));
  } catch {
    // Full or refused: the wizard still works for this page view, it just will not survive a reload.
  }
}

/** After the ride is posted: the next ride starts from nothing. */
export function clearDrafts(userId: string): void {
  for (const piece of Object.keys(pieces) as DraftPiece[]) {
    try {
      storage()?.removeItem(storageKey(userId, piece));
    } catch {
      // As above.
    }
  }
}

/** A piece's value for a step (read once when the step opens, else empty) and its setter, which stores as it goes. */
export function useDraft<P extends DraftPiece>(userId: string, piece: P) {
  const [value, setValue] = useState<DraftOf<P>>(() => readDraft(userId, piece) ?? (pieces[piece].empty() as DraftOf<P>));
  const update = (next: DraftOf<P>) => {
    setValue(next);
    writeDraft(userId, piece, next);
  };
  return [value, update] as const;
}
