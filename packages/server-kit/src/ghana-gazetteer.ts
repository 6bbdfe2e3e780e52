import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readCsvObjects } from './read-csv.ts';

/**
 * The built-in gazetteer of Ghana (`data/ghana-places.csv`, data/README.md says where it is from
 * and its licence): the BFF's location picker searches it, and the rides service places a ride's
 * towns with it to work out the distance behind the price cap. One copy, read by both.
 */
export const gazetteerKinds = ['city', 'town', 'suburb', 'village', 'hamlet', 'station', 'landmark'] as const;
export type GazetteerKind = (typeof gazetteerKinds)[number];

/** One row of the gazetteer (the BFF works out each place's locality when it indexes them). */
export type GazetteerPlace = {
  id: string;
  name: string;
  kind: GazetteerKind;
  region: string;
  latitude: number;
  longitude: number;
  population?: number;
  /** The city or town the place lies in or beside; a city's or town's own name. Undefined far from any. */
  district?: string;
};

/** Lower case without accents or other marks: `Agogo`, `AGOGO` and `Agógó` are one term. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

export const defaultGazetteerFile = fileURLToPath(new URL('../data/ghana-places.csv', import.meta.url));

/** The places of a CSV file of the gazetteer's columns; an incomplete row stops the load, naming it. */
export function gazetteerPlacesFromCsv(text: string): GazetteerPlace[] {
  return readCsvObjects(text).map(placeFromRow);
}

/** The places of the gazetteer file (the shipped one unless told), read once per process and file. */
export function readGazetteerFile(file: string = defaultGazetteerFile): Promise<GazetteerPlace[]> {
  let places = loaded.get(file);
  if (!places) {
    places = readFile(file, 'utf8').then(gazetteerPlacesFromCsv);
    loaded.set(file, places);
    // A failed read is not kept: the next start tries again.
    places.catch(() => loaded.delete(file));
  }
  return places;
}
const loaded = new Map<string, Promise<GazetteerPlace[]>>();

function placeFromRow(row: Record<string, string>, index: number): GazetteerPlace {
  const kind = row.kind as GazetteerKind;
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  if (!row.id || !row.name || !gazetteerKinds.includes(kind) || !row.region || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    throw new Error(`Gazetteer record ${index + 1} (${row.id ?? 'no id'}) is incomplete`);
  }
  const population = row.population ? Number(row.population) : undefined;
  return {
    id: row.id,
    name: row.name,
    kind,
    region: row.region,
    latitude,
    longitude,
    ...(population && Number.isFinite(population) ? { population } : {}),
  };
}
