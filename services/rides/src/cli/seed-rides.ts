import { parseArgs } from 'node:util';
import { createDatabase, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import { readRidesConfig } from '../config.ts';
import * as schema from '../db/schema.ts';
import { migrationsFolder } from '../open-rides.ts';
import { seedRides } from './seed/seed-rides.ts';

/**
 * Fills the rides database (DATABASE_URL) with realistic rides for benchmarks and demos, then
 * refreshes the planner's statistics. Usage:
 *   npm run seed-rides -w @krom/rides-service -- --count 100000 --drivers 2000 --days 30
 * Adds to what is there; writes no ride.posted events (see seed/seed-rides.ts).
 */
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    drivers: { type: 'string', default: '2000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string' },
  },
});
const config = readRidesConfig();
await ensureDatabase(config.DATABASE_URL);
const db = createDatabase(config.DATABASE_URL, schema, 2);
try {
  await migrateDatabase(db, migrationsFolder);
  const started = performance.now();
  const result = await seedRides(db.$client, {
    count: Number(values.count),
    drivers: Number(values.drivers),
    days: Number(values.days),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
  });
  await db.$client.query('ANALYZE rides, ride_stops, vehicles, user_profiles');
  console.log(`Seeded ${result.rides} rides with ${result.stops} stops for ${result.driverIds.length} drivers in ${Math.round(performance.now() - started)} ms.`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db.$client.end();
}
