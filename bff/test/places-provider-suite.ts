import { gazetteerAttribution, ghanaBounds, haversineKm, maxPlaceSuggestions, nearbyStationRadiusKm, type RoutePoint } from '@krom/contracts/http/places';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlacesProvider } from '../src/providers/places/port.ts';

const ACCRA: RoutePoint = { latitude: 5.56, longitude: -0.2057 };
const KUMASI: RoutePoint = { latitude: 6.6981, longitude: -1.623 };
const KEJETIA: RoutePoint = { latitude: 6.695832, longitude: -1.621046 };
const CAPE_COAST: RoutePoint = { latitude: 5.1053, longitude: -1.2466 };

const inGhana = (point: RoutePoint) =>
  point.latitude > ghanaBounds.south && point.latitude < ghanaBounds.north && point.longitude > ghanaBounds.west && point.longitude < ghanaBounds.east;

/** One places provider as the suite sees it: how to open it and what it says of itself. */
export type PlacesProviderUnderTest = {
  name: string;
  open: () => Promise<PlacesProvider>;
  attribution: string;
  /** Whether a route is measured by the provider (false: the straight-line estimate). */
  measuredRoute: boolean;
};

/**
 * The places port, the one test every implementation passes (the gazetteer for real, Google
 * against a local stand-in of its web services): suggestions in Ghana best first and bounded,
 * details in the spec's shape with district and region, the nearest pickup station, and routes
 * through the stops in order.
 */
export function describePlacesProvider(target: PlacesProviderUnderTest) {
  describe(`the ${target.name} places provider`, () => {
    let places: PlacesProvider;
    beforeAll(async () => {
      places = await target.open();
    });

    it("names its source's attribution", () => {
      expect(places.attribution).toBe(target.attribution);
    });

    it('suggests Kumasi first for "kumasi", and its details are the city in Ghana with its district and region', async () => {
      const [kumasi] = await places.autocomplete('kumasi');
      expect(kumasi).toMatchObject({ name: 'Kumasi', placeId: expect.any(String), description: expect.any(String) });
      const details = await places.details(kumasi!.placeId);
      expect(details).toMatchObject({ name: 'Kumasi', place_id: kumasi!.placeId, district: 'Kumasi', region: 'Ashanti' });
      expect(details!.formatted_address).toContain('Kumasi');
      expect(inGhana(details!)).toBe(true);
      expect(haversineKm(details!, KUMASI)).toBeLessThan(5);
    });

    it(`suggests at most ${maxPlaceSuggestions} places, and none for text that names no place`, async () => {
      const many = await places.autocomplete('market');
      expect(many.length).toBeGreaterThan(0);
      expect(many.length).toBeLessThanOrEqual(maxPlaceSuggestions);
      expect(await places.autocomplete('zzqxvw')).toEqual([]);
    });

    it('has no details for a place it never suggested', async () => {
      for (const placeId of ['osm-n0', 'ChIJ-nowhere']) expect(await places.details(placeId)).toBeUndefined();
    });

    it("finds a bus station near Kejetia, Kumasi, whose id leads back to it, with the gazetteer's attribution", async () => {
      const { station, attribution } = await places.nearbyStation(KEJETIA);
      expect(attribution).toBe(gazetteerAttribution);
      expect(station).toMatchObject({ kind: 'station', district: 'Kumasi', region: 'Ashanti' });
      expect(station!.distanceKm).toBeLessThanOrEqual(nearbyStationRadiusKm);
      expect((await places.details(station!.place_id))?.name).toBe(station!.name);
    });

    it('finds no station far from any', async () => {
      expect((await places.nearbyStation({ latitude: 7.3, longitude: -0.5 })).station).toBeNull();
    });

    it('makes Accra to Kumasi 240-300 km and 4 to 6 hours, and a detour through Cape Coast longer', async () => {
      const direct = await places.route([ACCRA, KUMASI]);
      expect(direct.estimated).toBe(!target.measuredRoute);
      expect(direct.distanceKm).toBeGreaterThan(240);
      expect(direct.distanceKm).toBeLessThan(300);
      expect(direct.durationMinutes).toBeGreaterThanOrEqual(4 * 60);
      expect(direct.durationMinutes).toBeLessThanOrEqual(6 * 60);
      const detour = await places.route([ACCRA, CAPE_COAST, KUMASI]);
      expect(detour.distanceKm).toBeGreaterThan(direct.distanceKm);
      expect(detour.durationMinutes).toBeGreaterThan(direct.durationMinutes);
    });
  });
}
