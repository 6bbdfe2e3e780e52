import { randomUUID } from 'node:crypto';
import { estimatedDurationMinutes, estimatedRoadDistanceKm, formatDuration } from '@krom/contracts/http/places';
import { priceGuide } from '@krom/contracts/http/rides';
import { type SeedTown, seedCorridors } from './ghana-towns.ts';
import { routeBoxOf, routeSearchText } from '../../search/route-search.ts';

/** What the seeder writes through: a pg Pool, Client or PoolClient (`db.$client` in the service). */
export type SeedQueryable = { query: (text: string, values?: unknown[]) => Promise<unknown> };

export type SeedRidesOptions = {
  /** How many rides to write. */
  count: number;
  /** How many new drivers (approved, with one vehicle each) the rides are shared among. */
  drivers: number;
  /** Rides depart on the days from `firstDay` to `firstDay + days - 1` after today (Ghana = UTC). */
  days?: number;
  firstDay?: number;
  /** Share of rides with no free seat left, and of cancelled rides (searches must skip both). */
  fullShare?: number;
  cancelledShare?: number;
  /** Same seed, same routes, dates, seats and prices (ids are always new). */
  seed?: number;
  /** Rides per INSERT statement. */
  batchSize?: number;
  /** Fuel cost per km the prices are drawn from (the price guide's recommended range). */
  fuelCostPerKm?: number;
  now?: Date;
};

export type SeedRidesResult = { driverIds: string[]; rides: number; stops: number };

/** A small, fast deterministic generator (mulberry32): reproducible data without a dependency. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const firstNames = ['Kwame', 'Kofi', 'Ama', 'Akosua', 'Yaw', 'Abena', 'Kwabena', 'Efua', 'Kojo', 'Adwoa', 'Kwesi', 'Esi', 'Yaa', 'Kwaku', 'Afia', 'Nana', 'Selorm', 'Edem', 'Mawuli', 'Ibrahim', 'Fatima', 'Abdul', 'Amina', 'Elikem'];
const lastNames = ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Agyemang', 'Appiah', 'Darko', 'Addo', 'Tetteh', 'Quaye', 'Ansah', 'Amoah', 'Gyamfi', 'Adjei', 'Sarpong', 'Danso', 'Yeboah', 'Fosu', 'Agbeko', 'Mahama', 'Alhassan'];
const makesAndModels: readonly (readonly [string, readonly string[], number])[] = [
  ['Toyota', ['Corolla', 'Camry', 'RAV4', 'Highlander', 'Sienna'], 4],
  ['Honda', ['Civic', 'Accord', 'CR-V', 'Pilot'], 4],
  ['Hyundai', ['Elantra', 'Sonata', 'Tucson', 'Santa Fe'], 4],
  ['Kia', ['Rio', 'Sportage', 'Sorento'], 4],
  ['Nissan', ['Almera', 'X-Trail', 'Urvan'], 4],
  ['Toyota', ['HiAce'], 8],
  ['Mercedes-Benz', ['Sprinter'], 8],
];
const colors = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Gold'];
const plateRegions = ['GR', 'GT', 'GW', 'GN', 'GE', 'GC', 'AS', 'AW', 'BA', 'CR', 'ER', 'NR', 'UE', 'UW', 'VR', 'WR'];
const descriptions = [null, null, 'AC, phone charging, one bag each.', 'No smoking please. Leaving on time.', 'Stops briefly for food on the way.', 'Space for small luggage only.'];

type SeedPoint = { city: string; location: string; locality: string | null; region: string; latitude: number; longitude: number };

function boardingPoint(random: Random, town: SeedTown): SeedPoint {
  const spot = town.spots && random.next() < 0.85 ? random.pick(town.spots) : undefined;
  if (!spot) return { city: town.name, location: `${town.name} Main Station`, locality: null, region: town.region, latitude: town.latitude, longitude: town.longitude };
  const [locality, location, latitude, longitude] = spot;
  return { city: town.name, location, locality, region: town.region, latitude, longitude };
}

/** A route: part of a road (the whole road four times in ten), either way, with some towns between as stops. */
function route(random: Random, totalWeight: number) {
  let roll = random.next() * totalWeight;
  let corridor = seedCorridors[0] as (typeof seedCorridors)[number];
  for (const candidate of seedCorridors) {
    corridor = candidate;
    roll -= candidate.weight;
    if (roll < 0) break;
  }
  const last = corridor.towns.length - 1;
  const whole = random.next() < 0.4;
  const start = whole ? 0 : random.int(0, last - 1);
  const end = whole ? last : random.int(start + 1, last);
  const towns = corridor.towns.slice(start, end + 1);
  if (random.next() < 0.5) towns.reverse();
  const between = towns
    .slice(1, -1)
    .filter(() => random.next() < 0.35)
    .slice(0, 3);
  return { from: towns[0] as SeedTown, to: towns[towns.length - 1] as SeedTown, stops: between };
}

const ghanaDate = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function insertDrivers(db: SeedQueryable, random: Random, count: number, now: Date): Promise<{ driverIds: string[]; vehicles: { id: string; seats: number }[] }> {
  const driverIds = Array.from({ length: count }, () => randomUUID());
  await db.query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status,
                                is_driver, driver_verification_status, suspended, deleted, changed_at)
     SELECT id, 1, first_name, last_name, NULL, true, 'approved', true, 'approved', false, false, $4::timestamptz
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS d(id, first_name, last_name)
     ON CONFLICT (user_id) DO NOTHING`,
    [driverIds, driverIds.map(() => random.pick(firstNames)), driverIds.map(() => random.pick(lastNames)), now.toISOString()],
  );
  const vehicles: { id: string; seats: number }[] = [];
  let waiting = driverIds;
  // A plate another vehicle already holds is skipped by the unique index; those drivers get another.
  while (waiting.length > 0) {
    const rows = waiting.map((driverId) => {
      const [make, models, seats] = random.pick(makesAndModels);
      const plate = `${random.pick(plateRegions)}-${random.int(1, 9999)}-${String(random.int(0, 25)).padStart(2, '0')}`;
      return { id: randomUUID(), driverId, make, model: random.pick(models), year: random.int(2005, 2024), color: random.pick(colors), plate, seats: seats === 4 ? random.pick([4, 5, 5, 7]) : seats };
    });
    const result = (await db.query(
      `INSERT INTO vehicles (id, driver_id, make, model, year, color, license_plate, seats)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[])
       ON CONFLICT (license_plate) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id, driver_id, seats`,
      [rows.map((r) => r.id), rows.map((r) => r.driverId), rows.map((r) => r.make), rows.map((r) => r.model), rows.map((r) => r.year), rows.map((r) => r.color), rows.map((r) => r.plate), rows.map((r) => r.seats)],
    )) as { rows: { id: string; driver_id: string; seats: number }[] };
    const done = new Set(result.rows.map((row) => row.driver_id));
    vehicles.push(...result.rows.map((row) => ({ id: row.id, seats: row.seats })));
    waiting = waiting.filter((driverId) => !done.has(driverId));
  }
  return { driverIds, vehicles };
}

/**
 * Writes `count` realistic rides between real Ghanaian towns (with coordinates, boarding spots,
 * stops, seats and prices from the price guide) for `drivers` new approved drivers with a vehicle
 * each, straight into the tables: a multi-row `INSERT … SELECT FROM unnest(arrays)` per batch,
 * so 100,000 rides and their stops take seconds. No ride.posted event is written: this is data
 * for benchmarks and demos, not rides anyone posted.
 */
export async function seedRides(db: SeedQueryable, options: SeedRidesOptions): Promise<SeedRidesResult> {
  const random = generator(options.seed ?? 20_260_101);
  const now = options.now ?? new Date();
  const days = options.days ?? 30;
  const firstDay = options.firstDay ?? 1;
  const batchSize = options.batchSize ?? 5000;
  const fuelCostPerKm = options.fuelCostPerKm ?? 1.5;
  const totalWeight = seedCorridors.reduce((sum, corridor) => sum + corridor.weight, 0);
  const { driverIds, vehicles } = await insertDrivers(db, random, options.drivers, now);
  const ownerOf = (index: number) => ({ driverId: driverIds[index] as string, vehicle: vehicles[index] as { id: string; seats: number } });

  let written = 0;
  let stopsWritten = 0;
  while (written < options.count) {
    const size = Math.min(batchSize, options.count - written);
    const ride = {
      id: [] as string[], driverId: [] as string[], vehicleId: [] as string[],
      fromCity: [] as string[], toCity: [] as string[], fromLocation: [] as string[], toLocation: [] as string[],
      fromLat: [] as number[], fromLng: [] as number[], fromLocality: [] as (string | null)[], fromRegion: [] as string[],
      toLat: [] as number[], toLng: [] as number[], toLocality: [] as (string | null)[], toRegion: [] as string[],
      date: [] as string[], time: [] as string[], available: [] as number[], total: [] as number[], price: [] as string[],
      description: [] as (string | null)[], duration: [] as string[], status: [] as string[], routeSearch: [] as string[], south: [] as (number | null)[], north: [] as (number | null)[], west: [] as (number | null)[], east: [] as (number | null)[],
    };
    const stop = { rideId: [] as string[], order: [] as number[], location: [] as string[], city: [] as string[], region: [] as string[], lat: [] as number[], lng: [] as number[] };
    for (let i = 0; i < size; i++) {
      const { driverId, vehicle } = ownerOf(random.int(0, driverIds.length - 1));
      const { from, to, stops } = route(random, totalWeight);
      const start = boardingPoint(random, from);
      const end = boardingPoint(random, to);
      const distance = estimatedRoadDistanceKm([start, ...stops, end]);
      const guide = priceGuide(distance, fuelCostPerKm);
      const price = random.int(Number(guide.recommendedMin) * 2, Number(guide.recommendedMax) * 2) / 2;
      const id = randomUUID();
      const roll = random.next();
      ride.id.push(id);
      ride.driverId.push(driverId);
      ride.vehicleId.push(vehicle.id);
      ride.fromCity.push(start.city);
      ride.toCity.push(end.city);
      ride.fromLocation.push(start.location);
      ride.toLocation.push(end.location);
      ride.fromLat.push(start.latitude);
      ride.fromLng.push(start.longitude);
      ride.fromLocality.push(start.locality);
      ride.fromRegion.push(start.region);
      ride.toLat.push(end.latitude);
      ride.toLng.push(end.longitude);
      ride.toLocality.push(end.locality);
      ride.toRegion.push(end.region);
      ride.date.push(ghanaDate(now, firstDay + random.int(0, days - 1)));
      ride.time.push(`${String(random.int(4, 20)).padStart(2, '0')}:${String(random.int(0, 11) * 5).padStart(2, '0')}`);
      ride.available.push(roll < (options.fullShare ?? 0.03) ? 0 : random.int(1, vehicle.seats - 1));
      ride.total.push(vehicle.seats);
      ride.price.push(Math.max(price, 1).toFixed(2));
      ride.description.push(random.pick(descriptions));
      ride.duration.push(formatDuration(estimatedDurationMinutes(distance)));
      ride.status.push(random.next() < (options.cancelledShare ?? 0.02) ? 'cancelled' : 'active');
      const stopPlaces = stops.map((town) => ({ location: `${town.name} Lorry Station`, city: town.name, latitude: town.latitude, longitude: town.longitude }));
      const places = [{ ...start, localityArea: start.locality }, ...stopPlaces, { ...end, localityArea: end.locality }];
      ride.routeSearch.push(routeSearchText(places));
      const box = routeBoxOf(places);
      ride.south.push(box.routeSouth);
      ride.north.push(box.routeNorth);
      ride.west.push(box.routeWest);
      ride.east.push(box.routeEast);
      stops.forEach((town, index) => {
        stop.rideId.push(id);
        stop.order.push(index + 1);
        stop.location.push(stopPlaces[index]?.location ?? town.name);
        stop.city.push(town.name);
        stop.region.push(town.region);
        stop.lat.push(town.latitude);
        stop.lng.push(town.longitude);
      });
    }
    await db.query(
      `INSERT INTO rides (id, driver_id, vehicle_id, from_city, to_city, from_location, to_location,
                          from_latitude, from_longitude, from_locality_area, from_region,
                          to_latitude, to_longitude, to_locality_area, to_region,
                          departure_date, departure_time, departure_at, available_seats, seats_offered, total_seats, price_per_seat,
                          description, duration, status, route_search, route_south, route_north, route_west, route_east)
       SELECT id, driver_id, vehicle_id, from_city, to_city, from_location, to_location,
              from_lat, from_lng, from_locality, from_region, to_lat, to_lng, to_locality, to_region,
              date, time, (date + time::time) AT TIME ZONE 'UTC', available, available, total, price, description, duration, status,
              lower(route_search), south, north, west, east
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::numeric[], $9::numeric[], $10::text[], $11::text[], $12::numeric[], $13::numeric[], $14::text[], $15::text[],
                   $16::date[], $17::text[], $18::int[], $19::int[], $20::numeric[], $21::text[], $22::text[], $23::text[],
                   $24::text[], $25::float8[], $26::float8[], $27::float8[], $28::float8[])
         AS r(id, driver_id, vehicle_id, from_city, to_city, from_location, to_location, from_lat, from_lng, from_locality, from_region,
              to_lat, to_lng, to_locality, to_region, date, time, available, total, price, description, duration, status,
              route_search, south, north, west, east)`,
      [
        ride.id, ride.driverId, ride.vehicleId, ride.fromCity, ride.toCity, ride.fromLocation, ride.toLocation,
        ride.fromLat, ride.fromLng, ride.fromLocality, ride.fromRegion, ride.toLat, ride.toLng, ride.toLocality, ride.toRegion,
        ride.date, ride.time, ride.available, ride.total, ride.price, ride.description, ride.duration, ride.status,
        ride.routeSearch, ride.south, ride.north, ride.west, ride.east,
      ],
    );
    if (stop.rideId.length > 0) {
      await db.query(
        `INSERT INTO ride_stops (ride_id, stop_order, location, city, region, latitude, longitude)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[])`,
        [stop.rideId, stop.order, stop.location, stop.city, stop.region, stop.lat, stop.lng],
      );
    }
    written += size;
    stopsWritten += stop.rideId.length;
  }
  return { driverIds, rides: written, stops: stopsWritten };
}
