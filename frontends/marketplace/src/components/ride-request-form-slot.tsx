import { type ComponentType, createContext, useContext } from 'react';

/** A place a screen outside the ride-request feature knows (a search's): its name and, when known, its coordinates. */
export type KnownPlace = { name: string; latitude?: number | undefined; longitude?: number | undefined };

/** What the ride request form can be opened with: the search that found nothing. */
export type RideRequestPrefill = { from: KnownPlace; to: KnownPlace; date: string; passengers: number };

export type RideRequestFormProps = {
  /** Absent: the form opens empty, with the spec's defaults. */
  prefill?: RideRequestPrefill | undefined;
  onClose: () => void;
};

/** The ride request form (the spec's modal), and a way to start downloading it before it is opened. */
export type RideRequestForm = { Dialog: ComponentType<RideRequestFormProps>; preload: () => void };

const RideRequestFormContext = createContext<RideRequestForm | null>(null);

/**
 * Where a screen finds the ride request form. Features do not import each other
 * (frontends/README.md): the app puts the ride-request feature's dialog here for the screens it
 * composes (src/app/ride-listings-route.tsx), and a screen without one offers no request.
 */
export const RideRequestFormProvider = RideRequestFormContext.Provider;

export function useRideRequestForm(): RideRequestForm | null {
  return useContext(RideRequestFormContext);
}
