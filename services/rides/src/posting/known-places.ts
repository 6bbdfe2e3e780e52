import { haversineKm, type RoutePoint } from '@krom/contracts/http/places';
import { foldText, type GazetteerKind, type GazetteerPlace, readGazetteerFile } from '@krom/server-kit/ghana-gazetteer';

/**
 * How far a point may lie from the place it names and still be in it: the gazetteer's own reach
 * of a town (a station or suburb belongs to the city within 12 km, else the town within 15 km).
 */
export const placeReachKm = 15;

/** A place of a ride as the client names it: the picker's name, town, locality and id, and maybe its point. */
export type PlaceClaim = {
  location: string;
  city?: string | null | undefined;
  localityArea?: string | null | undefined;
  placeId?: string | null | undefined;
  latitude: number | null;
  longitude: number | null;
};

/**
 * Where the server puts a claimed place: `placed` at a point it can stand behind (the client's
 * point when it lies in what the claim names, see `locate`; without one, the named place's own),
 * `elsewhere` when the claim's point (or names) disagree with what it names (Bawku's coordinates
 * for Tema), `unknown` when it names nothing the server knows.
 */
export type Located = { kind: 'placed'; point: RoutePoint } | { kind: 'elsewhere' } | { kind: 'unknown' };

/** Cities first, then towns: the place a bare name most likely means (five villages are called Kumasi). */
const kindRank: Record<GazetteerKind, number> = { city: 0, town: 1, suburb: 2, station: 3, landmark: 3, village: 4, hamlet: 5 };
const nameKey = (name: string) => foldText(name).replace(/\s+/g, ' ').trim();

/**
 * The places of Ghana the server knows (the gazetteer the BFF's picker searches, by id and by
 * name), so the distance behind a ride's price cap never rests on coordinates only the client vouches for.
 */
export class KnownPlaces {
  private readonly byId = new Map<string, GazetteerPlace>();
  private readonly byName = new Map<string, GazetteerPlace[]>();

  constructor(places: readonly GazetteerPlace[]) {
    for (const place of places) {
      this.byId.set(place.id, place);
      const key = nameKey(place.name);
      const named = this.byName.get(key);
      if (named) named.push(place);
      else this.byName.set(key, [place]);
    }
    for (const named of this.byName.values()) named.sort((a, b) => kindRank[a.kind] - kindRank[b.kind] || (b.population ?? 0) - (a.population ?? 0));
  }

  /** The shipped gazetteer, read once per process. */
  static async load(file?: string): Promise<KnownPlaces> {
    return new KnownPlaces(await readGazetteerFile(file));
  }

  /**
   * Where the claim is: its point (or, without one, the place its id or first known name gives)
   * must lie within `placeReachKm` of the place its id names and of a place of each name it gives
   * that the server knows (its name, locality, town), so `"Tema"` at Bawku's coordinates, or
   * `"Tema"` in the town of Bawku, is elsewhere.
   */
  locate(claim: PlaceClaim): Located {
    const byId = claim.placeId ? this.byId.get(claim.placeId) : undefined;
    const keys = [...new Set([claim.location, claim.localityArea, claim.city].flatMap((name) => (name?.trim() ? [nameKey(name)] : [])))];
    // Each anchor is one thing the claim says, with the places it may mean (five villages are called Kumasi).
    const named = keys.flatMap((key) => {
      const places = this.byName.get(key);
      return places ? [places] : [];
    });
    const anchors = byId ? [[byId], ...named] : named;
    if (anchors.length === 0) return { kind: 'unknown' };
    const fits = (point: RoutePoint) => anchors.every((places) => places.some((place) => haversineKm(place, point) <= placeReachKm));
    const candidates: RoutePoint[] =
      claim.latitude !== null && claim.longitude !== null ? [{ latitude: claim.latitude, longitude: claim.longitude }] : (anchors[0] ?? []).map(({ latitude, longitude }) => ({ latitude, longitude }));
    const point = candidates.find(fits);
    return point ? { kind: 'placed', point } : { kind: 'elsewhere' };
  }
}
