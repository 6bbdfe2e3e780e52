import {
  estimatedDurationMinutes,
  estimatedRoadDistanceKm,
  gazetteerAttribution,
  maxPlaceSuggestions,
  nearbyStationRadiusKm,
  type PlaceDetails,
  type PlaceSuggestion,
  type RouteEstimate,
  type RoutePoint,
} from '@krom/contracts/http/places';
import {
  defaultGazetteerFile,
  foldText,
  type GazetteerKind,
  type GazetteerPlace,
  gazetteerPlacesFromCsv,
  readGazetteerFile,
} from '@krom/server-kit/ghana-gazetteer';
import MiniSearch, { type SearchResult } from 'minisearch';
import { GeoGrid } from './geo-grid.ts';
import type { NearbyStation, PlacesProvider } from './port.ts';

/** Words as minisearch's default tokenizer splits them (at spaces and punctuation), folded. */
const words = (text: string) => foldText(text).split(/[\n\r\p{Z}\p{P}]+/u).filter(Boolean);

/**
 * How well known a kind of place is, for ranking: people type a city or town far more often than
 * one of the 13,728 villages that share its first letters.
 */
const kindWeight: Record<GazetteerKind, number> = { city: 10, town: 5, station: 3, landmark: 3, suburb: 2, village: 1, hamlet: 0.6 };
const kindLabel: Record<GazetteerKind, string> = {
  city: 'City',
  town: 'Town',
  suburb: 'Suburb',
  village: 'Village',
  hamlet: 'Hamlet',
  station: 'Station',
  landmark: 'Landmark',
};

/**
 * A place's locality: a city within 12 km (a city's suburbs sprawl), else the nearest city or town
 * within 15 km, the rule the gazetteer's own station names follow ("Kejetia Market (Kumasi)").
 */
const cityReachKm = 12;
const districtReachKm = 15;

/** Words of a query searched for; the longest names in the file have about as many. */
const maxQueryWords = 6;

/**
 * Where a result stands before its score: every word typed begins a word of the name (best), or
 * of the name, locality or region, or not (a typo matched): exact and prefix matches come before fuzzy ones.
 */
const matchTier = { fuzzy: 0, nameOrLocality: 1, name: 2 } as const;
type MatchTier = (typeof matchTier)[keyof typeof matchTier];

type Indexed = { index: number; name: string; district: string; region: string };

/**
 * The built-in gazetteer as a places provider: 15,135 places of Ghana searched in memory with
 * minisearch (prefix and small-typo matches, case and accents folded), best known first; the
 * nearest station and each place's locality from a grid of cells; routes estimated from
 * straight-line distance. Built once at start; every answer is computed without I/O.
 */
export class Gazetteer implements PlacesProvider {
  readonly attribution = gazetteerAttribution;
  /** The file changes only with a release: a day in the browser's cache saves a call per keystroke. */
  readonly answerMaxAgeSeconds = 86_400;
  private readonly byId = new Map<string, GazetteerPlace>();
  private readonly index: MiniSearch<Indexed>;
  /** Per place (by position): its ranking weight, its folded name, and the words of its name and of its locality and region. */
  private readonly weights: number[];
  private readonly foldedNames: string[];
  private readonly nameWords: string[][];
  private readonly districtWords: string[][];
  private readonly pickupPoints: GeoGrid<GazetteerPlace>;
  /** Every place, in the file's order, with its locality. */
  readonly places: readonly GazetteerPlace[];

  constructor(rows: readonly GazetteerPlace[]) {
    const localities = new GeoGrid(rows.filter((place) => place.kind === 'city' || place.kind === 'town'));
    const localityOf = (place: GazetteerPlace) => {
      if (place.kind === 'city' || place.kind === 'town') return place.name;
      const city = localities.nearest(place, cityReachKm, (candidate) => candidate.kind === 'city');
      return (city ?? localities.nearest(place, districtReachKm))?.item.name;
    };
    const places = rows.map((row) => ({ ...row, district: localityOf(row) }));
    this.places = places;
    for (const place of places) this.byId.set(place.id, place);
    this.pickupPoints = new GeoGrid(places.filter((place) => place.kind === 'station' || place.kind === 'landmark'));
    this.weights = places.map((place) => kindWeight[place.kind] * (place.population ? 1 + Math.log10(place.population) / 10 : 1));
    this.foldedNames = places.map((place) => words(place.name).join(' '));
    this.nameWords = places.map((place) => words(place.name));
    // A place is typed with its region too ("Ho Volta"): the region's words count as the locality's.
    this.districtWords = places.map((place) => [...words(place.district ?? ''), ...words(place.region)]);

    this.index = new MiniSearch<Indexed>({
      idField: 'index',
      fields: ['name', 'district', 'region'],
      processTerm: (term) => foldText(term),
    });
    this.index.addAll(places.map((place, index) => ({ index, name: place.name, district: place.district ?? '', region: place.region })));
  }

  /** The gazetteer in a CSV file of the shared gazetteer's columns (see packages/server-kit/data/README.md). */
  static fromCsv(text: string): Gazetteer {
    return new Gazetteer(gazetteerPlacesFromCsv(text));
  }

  has(placeId: string): boolean {
    return this.byId.has(placeId);
  }

  async autocomplete(query: string): Promise<PlaceSuggestion[]> {
    return this.search(query).map((place) => ({ placeId: place.id, name: place.name, description: this.describe(place), kind: place.kind }));
  }

  /** The places matching `query`, best first, at most `limit`. */
  search(query: string, limit: number = maxPlaceSuggestions): GazetteerPlace[] {
    // Each word once, and a few at most: place names are short, and every extra word is another
    // prefix and typo expansion over the whole index ("ak ak ak …" must not cost a second).
    const typed = [...new Set(words(query))].slice(0, maxQueryWords);
    if (typed.length === 0) return [];
    const joined = typed.join(' ');
    const results = this.index.search(joined, {
      combineWith: 'AND',
      boost: { name: 3, district: 1, region: 0.5 },
      // A single letter is matched whole: as a prefix it would match most of the country.
      prefix: (term) => term.length >= 2,
      // One typo from 4 letters on, two from 8 ("Kumsi" finds Kumasi; "acc" finds no "ace").
      fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      weights: { prefix: 0.5, fuzzy: 0.25 },
      boostDocument: (index: number) => this.weights[index] ?? 1,
    });
    const ranked = results.map((result) => ({ result, tier: this.tier(result, typed), rank: this.rank(result, joined) }));
    ranked.sort((a, b) => b.tier - a.tier || b.rank - a.rank);
    return ranked.slice(0, limit).map(({ result }) => this.places[result.id as number] as GazetteerPlace);
  }

  /** Whether each typed word begins a word of the name (the best), of the name or the locality or region, or of neither (a fuzzy match). */
  private tier(result: SearchResult, typed: string[]): MatchTier {
    const name = this.nameWords[result.id as number] ?? [];
    const begins = (candidates: string[], word: string) => candidates.some((candidate) => candidate.startsWith(word));
    if (typed.every((word) => begins(name, word))) return matchTier.name;
    const district = this.districtWords[result.id as number] ?? [];
    if (typed.every((word) => begins(name, word) || begins(district, word))) return matchTier.nameOrLocality;
    return matchTier.fuzzy;
  }

  /** Within a tier: the score (which carries the kind and population weight), tripled for the exact name and doubled for a name that starts with the text. */
  private rank(result: SearchResult, joined: string): number {
    const name = this.foldedNames[result.id as number] ?? '';
    if (name === joined) return result.score * 3;
    if (name.startsWith(joined)) return result.score * 2;
    return result.score;
  }

  async details(placeId: string): Promise<PlaceDetails | undefined> {
    const place = this.byId.get(placeId);
    return place && toDetails(place);
  }

  async nearbyStation(point: RoutePoint): Promise<{ station: NearbyStation | null; attribution: string }> {
    return { station: this.nearestPickup(point), attribution: this.attribution };
  }

  /** The nearest station within `nearbyStationRadiusKm`, else the nearest landmark (a market, a junction), else null. */
  nearestPickup(point: RoutePoint): NearbyStation | null {
    const found =
      this.pickupPoints.nearest(point, nearbyStationRadiusKm, (place) => place.kind === 'station') ??
      this.pickupPoints.nearest(point, nearbyStationRadiusKm, (place) => place.kind === 'landmark');
    return found ? { ...toDetails(found.item), distanceKm: Math.round(found.distanceKm * 100) / 100 } : null;
  }

  async route(points: readonly RoutePoint[]): Promise<RouteEstimate> {
    return estimateRoute(points);
  }

  /** A suggestion's second line: its kind, its locality when that says more than its name, and its region (`Suburb, Accra, Greater Accra`). */
  private describe(place: GazetteerPlace): string {
    return [kindLabel[place.kind], addsToName(place), place.region].filter(Boolean).join(', ');
  }
}

/** The straight-line estimate every provider falls back on (see `estimatedRoadDistanceKm` in the contracts). */
export function estimateRoute(points: readonly RoutePoint[]): RouteEstimate {
  const distanceKm = estimatedRoadDistanceKm(points);
  return { distanceKm, durationMinutes: estimatedDurationMinutes(distanceKm), estimated: true };
}

/** The place's locality when it is not already in its name ("Kejetia Market (Kumasi)" says it). */
function addsToName(place: GazetteerPlace): string | undefined {
  if (!place.district) return undefined;
  return foldText(place.name).includes(foldText(place.district)) ? undefined : place.district;
}

function toDetails(place: GazetteerPlace): PlaceDetails {
  return {
    name: place.name,
    formatted_address: [place.name, addsToName(place), place.region, 'Ghana'].filter(Boolean).join(', '),
    place_id: place.id,
    latitude: place.latitude,
    longitude: place.longitude,
    ...(place.district ? { district: place.district } : {}),
    region: place.region,
    kind: place.kind,
  };
}

const loaded = new Map<string, Promise<Gazetteer>>();

/**
 * The gazetteer of a file, read and indexed once per process: it never changes while the BFF runs,
 * and every app built in one process (tests build many) shares the one copy.
 */
export function loadGazetteer(file: string = defaultGazetteerFile): Promise<Gazetteer> {
  let gazetteer = loaded.get(file);
  if (!gazetteer) {
    gazetteer = readGazetteerFile(file).then((places) => new Gazetteer(places));
    loaded.set(file, gazetteer);
    // A failed read is not kept: the next start tries again.
    gazetteer.catch(() => loaded.delete(file));
  }
  return gazetteer;
}
