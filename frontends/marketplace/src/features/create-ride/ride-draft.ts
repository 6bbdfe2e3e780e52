import type { PlaceDetails } from '@krom/contracts/http/places';
import { useEffect, useState } from 'react';
import type { DateTimeDraft, DraftPlace, draftSchemas, RouteDraft, SeatsPriceDraft } from './ride-draft-schemas.ts';

export type { DateTimeDraft, DraftPlace, DraftStop, DraftVehicle, RouteDraft, SeatsPriceDraft } from './ride-draft-schemas.ts';

/**
 * The wizard's draft, kept in the browser as the spec says, in its three pieces: the route, the
 * date and time, and the seats and price. Each step writes its piece as it is edited, so a reload
 * (or a phone that drops the tab to free memory) keeps what was entered.
 *
 * Kept in sessionStorage: it lives as long as the tab, survives reloads, and is never left
 * behind for days (a stale date) or for the next person on a shared phone; keys carry the user's
 * id for the same reason. What is read back is parsed (ride-draft-schemas.ts, zod, loaded only when
 * there is a draft to read or as one is first written): anything corrupt or from an older shape is
 * dropped and that piece starts fresh.
 */

/** A picked place as the draft keeps it: the spec's `locality` is the picker's district. */
export const toDraftPlace = (place: PlaceDetails | null): DraftPlace | null => (place ? { ...place, locality: place.district } : null);

type Drafts = { route: RouteDraft; dateTime: DateTimeDraft; seatsPrice: SeatsPriceDraft };
export type DraftPiece = keyof Drafts;
type DraftOf<P extends DraftPiece> = Drafts[P];

const empties: { [P in DraftPiece]: () => Drafts[P] } = {
  route: () => ({ departure: null, destination: null, stops: [], description: '' }),
  dateTime: () => ({ date: '', time: '' }),
  seatsPrice: () => ({ selectedVehicle: null, availableSeats: '', pricePerSeat: '' }),
};
type DraftSchemas = typeof draftSchemas;

let schemas: DraftSchemas | undefined;
let loadingSchemas: Promise<DraftSchemas> | undefined;

/** Loads the draft's schemas (once; again after a failed download). */
export function loadDraftSchemas(): Promise<DraftSchemas> {
  loadingSchemas ??= import('./ride-draft-schemas.ts').then(
    (module) => {
      schemas = module.draftSchemas;
      return schemas;
    },
    (error: unknown) => {
      loadingSchemas = undefined;
      throw error;
    },
  );
  return loadingSchemas;
}

const storageKey = (userId: string, piece: DraftPiece) => `krom.ride-draft.${userId}.${piece}`;

/** sessionStorage, or null where the browser refuses it (some private modes, storage disabled). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored text of a piece, or null when there is none or storage is refused. */
function storedText(userId: string, piece: DraftPiece): string | null {
  try {
    return storage()?.getItem(storageKey(userId, piece)) ?? null;
  } catch {
    return null;
  }
}

/**
 * The stored piece, or null when there is none or what is there does not parse. A stored piece is
 * read once the schemas have loaded (useDraftsReadable waits for them).
 */
export function readDraft<P extends DraftPiece>(userId: string, piece: P): DraftOf<P> | null {
  const text = storedText(userId, piece);
  if (text === null) return null;
  if (!schemas) throw new Error('A ride draft was read before its schemas loaded (useDraftsReadable).');
  const store = storage();
  const key = storageKey(userId, piece);
  try {
    const parsed = schemas[piece].safeParse(JSON.parse(text));
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
  for (const piece of Object.keys(empties) as DraftPiece[]) {
    try {
      storage()?.removeItem(storageKey(userId, piece));
    } catch {
      // As above.
    }
  }
}

function hasStoredDraft(userId: string): boolean {
  return (Object.keys(empties) as DraftPiece[]).some((piece) => storedText(userId, piece) !== null);
}

/**
 * Whether this user's drafts can be read: at once when none is stored (a first ride), else once
 * the schemas have loaded, which this starts (beside the posting-rights check). A failed download
 * is thrown to the route's error screen, as when a screen's own code cannot be loaded.
 */
export function useDraftsReadable(userId: string): boolean {
  const [readable, setReadable] = useState(() => schemas !== undefined || !hasStoredDraft(userId));
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (readable) return;
    let current = true;
    loadDraftSchemas().then(
      () => current && setReadable(true),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [readable]);
  if (failure) throw failure.error;
  return readable;
}

/**
 * A piece's value for a step (read once when the step opens, else empty) and its setter, which
 * stores as it goes. The first edit starts loading the schemas, so the next step (or a reload)
 * can read the draft without a wait.
 */
export function useDraft<P extends DraftPiece>(userId: string, piece: P) {
  const [value, setValue] = useState<DraftOf<P>>(() => readDraft(userId, piece) ?? empties[piece]());
  const update = (next: DraftOf<P>) => {
    setValue(next);
    writeDraft(userId, piece, next);
    // Offline, the next step's wait for them fails and says so; nothing is lost from the draft.
    loadDraftSchemas().catch(() => {});
  };
  return [value, update] as const;
}
