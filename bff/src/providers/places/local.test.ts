import { ghanaBounds, haversineKm, maxPlaceSuggestions, nearbyStationRadiusKm, placeQueryMinLength, shortTownNames } from '@krom/contracts/http/places';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GazetteerPlace } from '@krom/server-kit/ghana-gazetteer';
import { Gazetteer, loadGazetteer } from './local.ts';
import { GeoGrid } from './geo-grid.ts';

/** The gazetteer the BFF ships (packages/server-kit/data/ghana-places.csv). */
let ghana: Gazetteer;
beforeAll(async () => {
  ghana = await loadGazetteer();
});

const names = (query: string) => ghana.search(query).map((place) => `${place.name} (${place.kind})`);

describe('searching the shipped gazetteer', () => {
  it('holds every row of the file', () => {
    expect(ghana.places).toHaveLength(15_135);
  });

  it.each(['kumasi', 'KUMASI', 'Kumasi ', 'Kumsi', 'kumasii', 'Kúmàsi'])('finds the city Kumasi first for %j (case, accents, a typo)', (query) => {
    expect(names(query)[0]).toBe('Kumasi (city)');
  });

  it('puts the city before villages called Kumasi and places named after it', () => {
    const found = names('kumasi');
    expect(found.indexOf('Kumasi (city)')).toBe(0);
    expect(found.indexOf('Kumasi (village)')).toBeGreaterThan(0);
  });

  it('lists in the contracts every known town too short for the general rule (the picker searches them when typed exactly)', () => {
    const short = ghana.places.filter((place) => ['city', 'town', 'suburb'].includes(place.kind) && place.name.length < placeQueryMinLength);
    expect([...new Set(short.map((place) => place.name))].sort()).toEqual([...shortTownNames]);
  });

  it('finds a town typed with its region', () => {
    expect(names('Ho Volta')[0]).toBe('Ho (city)');
    expect(names('wa upper west')[0]).toBe('Wa (city)');
    expect(names('Kasoa Central')[0]).toBe('Kasoa (town)');
  });

  it('finds Accra first as soon as three letters are typed', () => {
    expect(names('acc')[0]).toBe('Accra (city)');
    expect(names('Accr')[0]).toBe('Accra (city)');
  });

  it.each([
    ['Techiman', 'Techiman (city)'],
    ['tamale', 'Tamale (city)'],
    ['cape coast', 'Cape Coast (city)'],
    ['sekondi-takoradi', 'Sekondi-Takoradi (city)'],
    ['kejetia', 'Kejetia Market (Kumasi) (landmark)'],
    ['kasoa', 'Kasoa (town)'],
    ['Agógó', 'Agogo (town)'],
    ['osu accra', 'Osu (suburb)'],
  ])('answers %j with %s first', (query, expected) => {
    expect(names(query)[0]).toBe(expected);
  });

  it('ranks a name that matches as typed above one that only matches with a typo', () => {
    // "Tema" is a city; "Tamale" is one letter away from "Tamle" but "Tamle" begins no name.
    const found = ghana.search('tema');
    expect(found[0]?.name).toBe('Tema');
    expect(found.every((place) => place.name.toLowerCase().includes('tema') || place.district?.toLowerCase().includes('tema'))).toBe(true);
  });

  it(`answers at most ${maxPlaceSuggestions} places, all in Ghana`, () => {
    for (const query of ['ada', 'aka', 'new', 'kwa', 'abo', 'market']) {
      const found = ghana.search(query);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(maxPlaceSuggestions);
      for (const place of found) {
        expect(place.latitude).toBeGreaterThanOrEqual(ghanaBounds.south);
        expect(place.latitude).toBeLessThanOrEqual(ghanaBounds.north);
        expect(place.longitude).toBeGreaterThanOrEqual(ghanaBounds.west);
        expect(place.longitude).toBeLessThanOrEqual(ghanaBounds.east);
      }
    }
  });

  it('reads a word typed twice as once', () => {
    expect(names('kumasi kumasi kumasi')[0]).toBe('Kumasi (city)');
    expect(names('ak ak ak ak ak ak ak ak ak ak')).toEqual(names('ak'));
  });

  it('answers nothing for text that names no place', async () => {
    expect(await ghana.autocomplete('zzqxv')).toEqual([]);
    expect(await ghana.autocomplete('   ')).toEqual([]);
  });

  it('describes each suggestion by kind, locality where the name lacks it, and region', async () => {
    const [kumasi] = await ghana.autocomplete('kumasi');
    expect(kumasi).toMatchObject({ placeId: 'osm-n261702404', name: 'Kumasi', description: 'City, Ashanti', kind: 'city' });
    const [kejetia] = await ghana.autocomplete('kejetia');
    expect(kejetia?.description).toBe('Landmark, Ashanti');
    const [osu] = await ghana.autocomplete('osu accra');
    expect(osu?.description).toBe('Suburb, Accra, Greater Accra');
  });
});

describe('a place in full', () => {
  it("gives a city's own name as its district and the address in the spec's shape", async () => {
    expect(await ghana.details('osm-n261702404')).toEqual({
      name: 'Kumasi',
      formatted_address: 'Kumasi, Ashanti, Ghana',
      place_id: 'osm-n261702404',
      latitude: 6.698081,
      longitude: -1.62304,
      district: 'Kumasi',
      region: 'Ashanti',
      kind: 'city',
    });
  });

  it('gives a landmark the city it lies in as its district', async () => {
    expect(await ghana.details('osm-n3577283350')).toMatchObject({
      name: 'Kejetia Market (Kumasi)',
      formatted_address: 'Kejetia Market (Kumasi), Ashanti, Ghana',
      district: 'Kumasi',
      region: 'Ashanti',
    });
  });

  it('is undefined for an id the gazetteer never gave', async () => {
    expect(await ghana.details('osm-n0')).toBeUndefined();
    expect(await ghana.details('ChIJ-made-up')).toBeUndefined();
  });
});

describe('the nearest pickup station', () => {
  it('finds a Kumasi bus station from Kejetia market', async () => {
    const { station, attribution } = await ghana.nearbyStation({ latitude: 6.695832, longitude: -1.621046 });
    expect(attribution).toBe(ghana.attribution);
    expect(station?.kind).toBe('station');
    expect(station?.district).toBe('Kumasi');
    expect(station?.distanceKm).toBeLessThanOrEqual(nearbyStationRadiusKm);
  });

  it('is null far from any station or landmark', async () => {
    // The middle of the Digya national park, on the Volta lake's western shore.
    expect((await ghana.nearbyStation({ latitude: 7.3, longitude: -0.5 })).station).toBeNull();
  });
});

describe('a route estimate', () => {
  it('makes Accra to Kumasi a plausible drive', async () => {
    const estimate = await ghana.route([
      { latitude: 5.56, longitude: -0.2057 },
      { latitude: 6.6981, longitude: -1.623 },
    ]);
    expect(estimate.estimated).toBe(true);
    expect(estimate.distanceKm).toBeGreaterThan(240);
    expect(estimate.distanceKm).toBeLessThan(300);
    expect(estimate.durationMinutes).toBeGreaterThan(4 * 60);
    expect(estimate.durationMinutes).toBeLessThan(6 * 60);
  });
});

/** A small gazetteer to show each rule on its own. */
function place(id: string, name: string, kind: GazetteerPlace['kind'], latitude: number, longitude: number, population?: number): GazetteerPlace {
  return { id, name, kind, region: 'Ashanti', latitude, longitude, ...(population ? { population } : {}) };
}

describe('the rules on a small gazetteer', () => {
  it('prefers a city within 12 km as a locality, else the nearest town within 15 km, else none', async () => {
    const small = new Gazetteer([
      place('c', 'Big City', 'city', 6.0, -1.0),
      place('t', 'Near Town', 'town', 6.0, -1.05),
      place('v1', 'Village One', 'village', 6.0, -1.06), // 1 km from the town, 6.6 km from the city
      place('v2', 'Village Two', 'village', 6.0, -1.17), // 13 km from the town, 19 km from the city
      place('v3', 'Far Village', 'village', 7.0, -1.0),
    ]);
    expect((await small.details('v1'))?.district).toBe('Big City');
    expect((await small.details('v2'))?.district).toBe('Near Town');
    expect((await small.details('v3'))?.district).toBeUndefined();
    expect((await small.details('t'))?.district).toBe('Near Town');
  });

  it('ranks by kind, then population, among equal matches', () => {
    const small = new Gazetteer([
      place('h', 'Asokwa', 'hamlet', 6.0, -1.0),
      place('v', 'Asokwa', 'village', 6.5, -1.0),
      place('t2', 'Asokwa', 'town', 7.0, -1.0),
      place('t1', 'Asokwa', 'town', 7.5, -1.0, 50_000),
    ]);
    expect(small.search('asokwa').map((found) => found.id)).toEqual(['t1', 't2', 'v', 'h']);
  });

  it('ranks a village whose name starts as typed above a city matched through a typo', () => {
    // "bekwi" begins Bekwiso and is one letter short of Bekwai.
    const small = new Gazetteer([place('c', 'Bekwai', 'city', 6.0, -1.0, 100_000), place('v', 'Bekwiso', 'village', 8.0, -1.0)]);
    expect(small.search('bekwi').map((found) => found.id)).toEqual(['v', 'c']);
  });
});

describe('the grid lookup', () => {
  it('finds the same nearest point as a look at every point', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const points = Array.from({ length: 2000 }, () => ({ latitude: 4.5 + random() * 6.7, longitude: -3.3 + random() * 4.5 }));
    const grid = new GeoGrid(points);
    for (let i = 0; i < 200; i++) {
      const at = { latitude: 4.5 + random() * 6.7, longitude: -3.3 + random() * 4.5 };
      const radiusKm = 1 + random() * 30;
      const inRadius = points.map((point) => ({ point, distanceKm: haversineKm(at, point) })).filter((entry) => entry.distanceKm <= radiusKm);
      const nearest = inRadius.sort((a, b) => a.distanceKm - b.distanceKm)[0];
      expect(grid.nearest(at, radiusKm)?.item).toBe(nearest?.point);
    }
  });
});
