import pg from 'pg';
import { readLocalRun, serviceDatabaseUrl } from '../../../scripts/lib/service-databases.ts';
import { e2ePortOffset } from '../../playwright.config.ts';

/**
 * Stands for a trip's time passing, so a test does not wait for a real ride to leave and arrive:
 * the ride's departure is moved to 2 minutes ago, written directly in the e2e system's rides
 * database (the one the run recorded for its ports: scripts/lib/service-databases.ts). It is the
 * one thing written behind the product's back, and only what the clock would have done: the ride
 * was posted, booked and boarded through the product, and what follows is the product's own. With
 * a duration of 1 minute the ride's planned end has passed, so rides' completion sweep (every few
 * seconds and with no grace in the e2e system: e2eMoneyTimings in e2e-env.ts) completes it and its
 * boarded bookings, and the payout and the review window follow from its events as after a real
 * trip. departure_date and departure_time move with departure_at: the service keeps them as the
 * same instant in UTC.
 */
export async function departureMovedIntoThePast(rideId: string): Promise<void> {
  const run = readLocalRun({ KROM_PORT_OFFSET: String(e2ePortOffset) });
  if (!run.postgresUrl || run.prefix === undefined) throw new Error(`the e2e system recorded no databases for port offset ${e2ePortOffset}`);
  const client = new pg.Client({ connectionString: serviceDatabaseUrl({ postgresUrl: run.postgresUrl, prefix: run.prefix }, 'rides') });
  await client.connect();
  try {
    const moved = await client.query(
      `UPDATE rides SET departure_at = d.at,
         departure_date = (d.at AT TIME ZONE 'UTC')::date,
         departure_time = to_char(d.at AT TIME ZONE 'UTC', 'HH24:MI')
       FROM (SELECT date_trunc('minute', now()) - interval '2 minutes' AS at) d
       WHERE id = $1 AND status = 'active'`,
      [rideId],
    );
    if (moved.rowCount !== 1) throw new Error(`ride ${rideId} is not an active ride of the e2e system`);
  } finally {
    await client.end();
  }
}
