import { accraToKumasiRide } from '@krom/contracts/examples/rides';
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { ridePosted } from '@krom/contracts/events/rides';
import type { VehicleInput } from '@krom/contracts/http/vehicles';
import type { Caller } from '@krom/server-kit/internal-auth';
import { pactFile } from '@krom/server-kit/pact';
import { MessageProviderPact } from '@pact-foundation/pact';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { applyUserSnapshot } from '../src/events/user-profile-projection.ts';
import { useRidesService } from '../test/rides-test-env.ts';

/**
 * The rides service produces the ride.posted message the notifications service expects: a real
 * ride posted through the service's own routes (the vehicle, then the ride, as the BFF calls them
 * for a signed-in driver), read back from the outbox row written in the posting's transaction.
 */
const handle = useRidesService();

async function call(caller: Caller, url: string, payload: object) {
  const response = await handle.service.app.inject({ method: 'POST', url, headers: await handle.as(caller), payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json() as { id: string };
}

/** A driver identity approved of both verifications, as rides learns it from identity's snapshot. */
async function approvedDriver(): Promise<Caller & { kind: 'user' }> {
  const userId = randomUUID();
  await applyUserSnapshot(handle.service.db, {
    userId,
    version: 5,
    firstName: 'Kwame',
    lastName: 'Asante',
    profileImageUrl: null,
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: true,
    driverVerificationStatus: 'approved',
    suspended: false,
    deleted: false,
    changedAt: new Date().toISOString(),
  });
  return { kind: 'user', userId };
}

/** A week from today, in Ghana (GMT all year). */
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** The consumer's example: Accra to Kumasi through Nkawkaw, every place picked from suggestions. */
async function postedRide(): Promise<string> {
  const driver = await approvedDriver();
  const vehicle: VehicleInput = {
    make: 'Toyota',
    model: 'Corolla',
    year: 2018,
    color: 'Silver',
    licensePlate: `GR-${randomInt(1000, 10_000)}-${randomInt(10, 25)}`,
    seats: 5,
  };
  const { id: vehicleId } = await call(driver, '/vehicles', vehicle);
  const ride = accraToKumasiRide(vehicleId, inAWeek(), '14:30');
  return (await call(driver, '/rides', ride)).id;
}

/** The envelope of the ride's ride.posted event in the outbox, as the relay publishes it. */
async function outboxEnvelope(rideId: string): Promise<EventEnvelope> {
  const [row] = await handle.service.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.subject, ridePosted.subject), sql`${outbox.envelope}->'data'->>'rideId' = ${rideId}`));
  if (!row) throw new Error(`no ${ridePosted.subject} event in the outbox for ride ${rideId}`);
  return row.envelope;
}

it('produces the ride.posted event krom-notifications expects', async () => {
  const file = pactFile('krom-notifications', 'krom-rides');
  expect(existsSync(file), `${file} is written by the notifications service's consumer test`).toBe(true);
  await new MessageProviderPact({
    provider: 'krom-rides',
    pactUrls: [file],
    logLevel: 'warn',
    stateHandlers: {
      'a verified driver posted a ride from Accra to Kumasi with a stop at Nkawkaw': async () => undefined,
    },
    messageProviders: {
      [`a ${ridePosted.subject} event`]: async () => outboxEnvelope(await postedRide()),
    },
  }).verify();
});
