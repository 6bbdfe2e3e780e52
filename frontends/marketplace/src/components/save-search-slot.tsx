import { type ComponentType, createContext, useContext } from 'react';
import type { KnownPlace } from './ride-request-form-slot.tsx';

/** The listing's search as it can be saved: both places, the date searched (empty for any), the seats, and a price limit when the listing has one. */
export type SearchToSave = { from: KnownPlace; to: KnownPlace; date: string; passengers: number; maxPricePerSeat?: string | undefined };

/** The signed-in member's "Save this search" button, and a way to start downloading it before it shows. */
export type SaveSearchControl = { Button: ComponentType<{ search: SearchToSave }>; preload: () => void };

const SaveSearchContext = createContext<SaveSearchControl | null>(null);

/**
 * Where the listing finds the saved-searches feature's button. Features do not import each other
 * (frontends/README.md): the app puts it here (src/app/ride-listings-route.tsx), and a listing
 * rendered without it offers no saving.
 */
export const SaveSearchProvider = SaveSearchContext.Provider;

export function useSaveSearchControl(): SaveSearchControl | null {
  return useContext(SaveSearchContext);
}
