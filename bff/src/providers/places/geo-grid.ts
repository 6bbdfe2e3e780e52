import { haversineKm, type RoutePoint } from '@krom/contracts/http/places';

/** About 11 km of latitude: a radius of a few km looks at 9 cells at most. */
const CELL_DEGREES = 0.1;
const KM_PER_DEGREE_LATITUDE = 111.2;

const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
const keyOf = (row: number, column: number) => `${row}:${column}`;

/**
 * Points bucketed by a fixed grid of latitude/longitude cells, for "the nearest X within r km":
 * only the cells the radius touches are looked at, so a lookup costs a handful of distance
 * calculations, not one per point (the gazetteer asks this for every place when it loads).
 */
export class GeoGrid<T extends RoutePoint> {
  private readonly cells = new Map<string, T[]>();

  constructor(items: Iterable<T> = []) {
    for (const item of items) this.add(item);
  }

  add(item: T): void {
    const key = keyOf(cellOf(item.latitude), cellOf(item.longitude));
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }

  /** The item nearest `point` within `radiusKm` that `accept` allows (all by default), with its distance; undefined when none is. */
  nearest(point: RoutePoint, radiusKm: number, accept: (item: T) => boolean = () => true): { item: T; distanceKm: number } | undefined {
    const latitudeSpan = radiusKm / KM_PER_DEGREE_LATITUDE;
    // A degree of longitude shrinks with the cosine of latitude (Ghana lies at 4.5 to 11.2° N).
    const longitudeSpan = radiusKm / (KM_PER_DEGREE_LATITUDE * Math.max(0.01, Math.cos((point.latitude * Math.PI) / 180)));
    let best: { item: T; distanceKm: number } | undefined;
    for (let row = cellOf(point.latitude - latitudeSpan); row <= cellOf(point.latitude + latitudeSpan); row++) {
      for (let column = cellOf(point.longitude - longitudeSpan); column <= cellOf(point.longitude + longitudeSpan); column++) {
        for (const item of this.cells.get(keyOf(row, column)) ?? []) {
          if (!accept(item)) continue;
          const distanceKm = haversineKm(point, item);
          if (distanceKm <= radiusKm && (!best || distanceKm < best.distanceKm)) best = { item, distanceKm };
        }
      }
    }
    return best;
  }
}
