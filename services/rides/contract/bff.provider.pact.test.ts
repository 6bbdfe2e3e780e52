import { accraToKumasiRequest, accraToKumasiSearch } from '@krom/contracts/examples/ride-requests';
import { directAccraToKumasiRide } from '@krom/contracts/examples/rides';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { pactFile, pactRequestFilter, verifierTimeoutMs } from '@krom/server-kit/pact';
import { dropDatabaseWhenIdle } from '@krom/server-kit/testing';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openRidesService } from '../src/open-rides.ts';
import { completeRides } from '../src/jobs/sweeps.ts';
import { matchRideRequests } from '../src/ride-requests/match-ride-requests.ts';
import { type RidesService, ridesTestConfig } from '../test/rides-test-env.ts';

/** The real rides service verifies what the BFF's pact expects of it. */
const { config } = ridesTestConfig();
let service: RidesService;
let baseUrl: string;

beforeAll(async () => {
  service = await openRidesService(config);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabaseWhenIdle(config.DATABASE_URL);
});

const query = (text: string, values: unknown[]) => service.db.$client.query(text, values);

/** What identity told rides of a user whose identity and driver checks were approved (rides' projection, written directly). */
async function approvedUser(userId: string, firstName = 'Kwame', lastName = 'Mensah') {
  await query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status,
                                is_driver, driver_verification_status, suspended, deleted, changed_at)
     VALUES ($1, 1, $2, $3, NULL, true, 'approved', true, 'approved', false, false, now())
     ON CONFLICT (user_id) DO UPDATE SET first_name = $2, last_name = $3, profile_image_url = NULL, is_verified = true,
       verification_status = 'approved', is_driver = true, driver_verification_status = 'approved', suspended = false, deleted = false`,
    [userId, firstName, lastName],
  );
}

/** Removes the vehicles of a user, or with a plate, and the rides made with them. */
async function removeVehicles(where: { driverId?: string; licensePlate?: string }) {
  const match = 'driver_id = $1 OR license_plate = $2';
  const values = [where.driverId ?? null, where.licensePlate ?? null];
  const rides = `SELECT id FROM rides WHERE vehicle_id IN (SELECT id FROM vehicles WHERE ${match}) OR driver_id = $1`;
  // Bookings keep their ride and reviews their booking (no cascade: they are members' records); a state starting afresh removes them first.
  await query(`DELETE FROM reviews WHERE booking_id IN (SELECT id FROM bookings WHERE ride_id IN (${rides}))`, values);
  await query(`DELETE FROM bookings WHERE ride_id IN (${rides})`, values);
  await query(`DELETE FROM rides WHERE id IN (${rides})`, values);
  await query(`DELETE FROM vehicles WHERE ${match}`, values);
}

/**
 * A call to the service's own route as `userId`, as the BFF would make it: vehicles and rides are
 * set up the way they are made, so every column the service keeps (search texts, route boxes)
 * is as it would be.
 */
async function asUser<T>(userId: string, method: 'POST', url: string, payload: object): Promise<T> {
  const response = await service.app.inject({
    method,
    url,
    payload,
    headers: { [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, { kind: 'user', userId }, 'rides') },
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

const addVehicle = (driverId: string, licensePlate: string) =>
  asUser<{ id: string }>(driverId, 'POST', '/vehicles', { make: 'Toyota', model: 'Corolla', year: 2018, color: 'Silver', licensePlate, seats: 5 });

/** Posts the pact's Accra to Kumasi ride for `driverId` through the service's own route. */
const postedAccraToKumasi = (driverId: string, vehicleId: string, departureDate: string) =>
  asUser<{ id: string }>(driverId, 'POST', '/rides', { ...directAccraToKumasiRide(vehicleId, departureDate), description: 'AC, one bag each.' });

type MessagingState = { userId: string; driverId: string; departureDate: string };

/** A ride of `driverId` the user may write to, with no conversation of the user yet. */
async function writableRide({ userId, driverId, departureDate }: MessagingState) {
  await query('DELETE FROM conversations WHERE passenger_id = $1 OR driver_id = $1', [userId]);
  await removeVehicles({ driverId, licensePlate: 'AS-8853-23' });
  await approvedUser(userId, 'Esi', 'Mensah');
  await approvedUser(driverId, 'Kofi', 'Boateng');
  const vehicle = await addVehicle(driverId, 'AS-8853-23');
  const ride = await postedAccraToKumasi(driverId, vehicle.id, departureDate);
  return { rideId: ride.id };
}

/** Books a seat on `rideId` for `passengerId` through the service's own route (Accra to Kumasi, no stops: places 0 and 1). */
async function bookAs(passengerId: string, rideId: string): Promise<{ id: string; boardingCode: string }> {
  const response = await service.app.inject({
    method: 'POST',
    url: '/bookings',
    payload: { rideId, seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama Serwaa', passengerPhone: '0244123456' },
    headers: { [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, { kind: 'user', userId: passengerId }, 'rides'), 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(`booking answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/**
 * A trip `driverId` drove with Ama (`passengerId`, a new member unless given): posted, booked,
 * boarded, departed 13 hours ago and completed by the sweep, so both may review it; the driver's
 * earlier trips with their reviews, and both members' ratings, gone first.
 */
async function completedTrip(driverId: string, passengerId: string = randomUUID()): Promise<{ rideId: string; bookingId: string; passengerId: string }> {
  await removeVehicles({ driverId, licensePlate: 'AS-7741-25' });
  await query('DELETE FROM reviews WHERE booking_id IN (SELECT id FROM bookings WHERE passenger_id = $1)', [passengerId]);
  await query('DELETE FROM member_ratings WHERE user_id IN ($1, $2)', [driverId, passengerId]);
  await approvedUser(driverId);
  const vehicle = await addVehicle(driverId, 'AS-7741-25');
  const departure = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
  const ride = await postedAccraToKumasi(driverId, vehicle.id, departure.slice(0, 10));
  await approvedUser(passengerId, 'Ama', 'Serwaa');
  const booking = await bookAs(passengerId, ride.id);
  const departed = new Date(Date.now() - 13 * 3_600_000).toISOString();
  await query('UPDATE rides SET departure_at = $2, departure_date = $3::date, departure_time = $4, duration = NULL WHERE id = $1', [
    ride.id,
    departed,
    departed.slice(0, 10),
    departed.slice(11, 16),
  ]);
  await asUser(driverId, 'POST', `/rides/${ride.id}/board`, { code: booking.boardingCode });
  await completeRides(service.db, new Date(Date.now() + 2 * 3_600_000));
  return { rideId: ride.id, bookingId: booking.id, passengerId };
}

/** A completed trip both sides reviewed, so both reviews are visible: their ids. */
async function reviewedBothWays(driverId: string, passengerId?: string): Promise<{ ofDriver: string; ofPassenger: string }> {
  const trip = await completedTrip(driverId, passengerId);
  const ofDriver = await asUser<{ id: string }>(trip.passengerId, 'POST', `/bookings/${trip.bookingId}/review`, { rating: 5, comment: 'Safe driver, on time, friendly.' });
  const ofPassenger = await asUser<{ id: string }>(driverId, 'POST', `/bookings/${trip.bookingId}/review`, { rating: 4, comment: 'Polite passenger, ready on time.' });
  return { ofDriver: ofDriver.id, ofPassenger: ofPassenger.id };
}

it('honours the BFF pact', async () => {
  const file = pactFile('krom-bff', 'krom-rides');
  expect(existsSync(file), `${file} is written by the BFF's consumer test`).toBe(true);
  await new Verifier({
    provider: 'krom-rides',
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    requestFilter: pactRequestFilter({ resign: { secret: config.INTERNAL_AUTH_SECRET, audience: 'rides' } }),
    stateHandlers: {
      'an active ride from Accra to Kumasi': async (params: unknown) => {
        const { driverId, departureDate } = params as { driverId: string; departureDate: string };
        // The only ride of its day, so a search for that day lists exactly what the pact describes.
        await query('DELETE FROM reviews WHERE ride_id IN (SELECT id FROM rides WHERE departure_date = $1)', [departureDate]);
        await query('DELETE FROM bookings WHERE ride_id IN (SELECT id FROM rides WHERE departure_date = $1)', [departureDate]);
        await query('DELETE FROM rides WHERE departure_date = $1', [departureDate]);
        await removeVehicles({ driverId, licensePlate: 'AS-5521-22' });
        await approvedUser(driverId);
        const vehicle = await addVehicle(driverId, 'AS-5521-22');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, departureDate);
        return { rideId: ride.id };
      },
      'an instant ride to book': async (params: unknown) => {
        const { driverId, departureDate } = params as { driverId: string; departureDate: string };
        await removeVehicles({ driverId, licensePlate: 'AS-5521-22' });
        await approvedUser(driverId);
        const vehicle = await addVehicle(driverId, 'AS-5521-22');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, departureDate);
        return { rideId: ride.id };
      },
      'a passenger has a booking': async (params: unknown) => {
        const { userId, driverId, departureDate } = params as { userId: string; driverId: string; departureDate: string };
        await query('DELETE FROM reviews WHERE booking_id IN (SELECT id FROM bookings WHERE passenger_id = $1)', [userId]);
        await query('DELETE FROM bookings WHERE passenger_id = $1', [userId]);
        await removeVehicles({ driverId, licensePlate: 'AS-5521-22' });
        await approvedUser(driverId);
        await approvedUser(userId, 'Ama', 'Serwaa');
        const vehicle = await addVehicle(driverId, 'AS-5521-22');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, departureDate);
        await bookAs(userId, ride.id);
        return undefined;
      },
      // The passenger's confirmed seat on an instant ride, shared: its booking and the link's token.
      'a passenger has shared their trip': async (params: unknown) => {
        const { userId, driverId, departureDate } = params as { userId: string; driverId: string; departureDate: string };
        await query('DELETE FROM reviews WHERE booking_id IN (SELECT id FROM bookings WHERE passenger_id = $1)', [userId]);
        await query('DELETE FROM bookings WHERE passenger_id = $1', [userId]);
        await removeVehicles({ driverId, licensePlate: 'AS-7719-25' });
        await approvedUser(driverId);
        await approvedUser(userId, 'Ama', 'Serwaa');
        const vehicle = await addVehicle(driverId, 'AS-7719-25');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, departureDate);
        const booking = await bookAs(userId, ride.id);
        const share = await asUser<{ link: string }>(userId, 'POST', `/bookings/${booking.id}/trip-share`, { textContactAtDeparture: false, contact: null });
        return { bookingId: booking.id, token: share.link.replace('/trip/', '') };
      },
      // The passenger's confirmed seat on the driver's ride, which leaves in two hours; identity sent the driver's phone, shown to passengers.
      'a passenger has a confirmed booking departing within a day': async (params: unknown) => {
        const { userId, driverId } = params as { userId: string; driverId: string };
        await query('DELETE FROM reviews WHERE booking_id IN (SELECT id FROM bookings WHERE passenger_id = $1)', [userId]);
        await query('DELETE FROM bookings WHERE passenger_id = $1', [userId]);
        await removeVehicles({ driverId, licensePlate: 'AS-4432-21' });
        await approvedUser(driverId);
        await query('UPDATE user_profiles SET phone = $2, show_phone = true WHERE user_id = $1', [driverId, '0201112233']);
        await approvedUser(userId, 'Ama', 'Serwaa');
        const vehicle = await addVehicle(driverId, 'AS-4432-21');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, new Date(Date.now() + 3 * 24 * 3_600_000).toISOString().slice(0, 10));
        const booking = await bookAs(userId, ride.id);
        const soon = new Date(Date.now() + 2 * 3_600_000).toISOString();
        await query('UPDATE rides SET departure_at = $2, departure_date = $3::date, departure_time = $4 WHERE id = $1', [ride.id, soon, soon.slice(0, 10), soon.slice(11, 16)]);
        return { bookingId: booking.id };
      },
      // A passenger's confirmed seat on the driver's instant ride (the BFF forwards staff's cancellation).
      'a booking staff may cancel': async (params: unknown) => {
        const { driverId, departureDate } = params as { driverId: string; departureDate: string };
        await removeVehicles({ driverId, licensePlate: 'AS-6617-24' });
        await approvedUser(driverId);
        const vehicle = await addVehicle(driverId, 'AS-6617-24');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, departureDate);
        const passengerId = randomUUID();
        await approvedUser(passengerId, 'Ama', 'Serwaa');
        return { bookingId: (await bookAs(passengerId, ride.id)).id };
      },
      'a driver has a completed trip with a passenger to review': async (params: unknown) => {
        const { driverId } = params as { driverId: string };
        const { rideId, bookingId } = await completedTrip(driverId);
        return { rideId, bookingId };
      },
      // Ama reviewed the driver and the driver reviewed her: both visible (the driver's review of her for the passenger's states).
      'a driver has a visible review': async (params: unknown) => {
        const { driverId } = params as { driverId: string };
        return { reviewId: (await reviewedBothWays(driverId)).ofDriver };
      },
      'a passenger has a visible review of them': async (params: unknown) => {
        const { passengerId } = params as { passengerId: string };
        return { reviewId: (await reviewedBothWays(randomUUID(), passengerId)).ofPassenger };
      },
      'a driver has a booking request on their ride': async (params: unknown) => {
        const { driverId, departureDate } = params as { driverId: string; departureDate: string };
        await removeVehicles({ driverId, licensePlate: 'AS-8813-23' });
        await approvedUser(driverId);
        const vehicle = await addVehicle(driverId, 'AS-8813-23');
        const ride = await asUser<{ id: string }>(driverId, 'POST', '/rides', {
          ...directAccraToKumasiRide(vehicle.id, departureDate),
          bookingMode: 'approval',
        });
        const passengerId = randomUUID();
        await approvedUser(passengerId, 'Ama', 'Serwaa');
        const booking = await bookAs(passengerId, ride.id);
        return { bookingId: booking.id, rideId: ride.id };
      },
      'a user may post rides': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await removeVehicles({ driverId: userId, licensePlate: 'AS-6630-23' });
        await approvedUser(userId);
        const vehicle = await addVehicle(userId, 'AS-6630-23');
        return { vehicleId: vehicle.id };
      },
      'a user has not verified their identity': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await removeVehicles({ driverId: userId });
        await query('DELETE FROM user_profiles WHERE user_id = $1', [userId]);
        return undefined;
      },
      // Adding a vehicle needs a verified identity.
      'a verified user has no vehicles': async (params: unknown) => {
        const { userId, licensePlate } = params as { userId: string; licensePlate: string };
        await removeVehicles({ driverId: userId, licensePlate });
        await approvedUser(userId);
        return undefined;
      },
      'another user has registered the plate a verified user adds': async (params: unknown) => {
        const { userId, licensePlate } = params as { userId: string; licensePlate: string };
        await removeVehicles({ driverId: userId, licensePlate });
        await approvedUser(userId);
        const holder = randomUUID();
        await approvedUser(holder);
        await addVehicle(holder, licensePlate);
        return undefined;
      },
      'a member another user may block': async (params: unknown) => {
        const { userId, memberId } = params as { userId: string; memberId: string };
        await query('DELETE FROM member_blocks WHERE blocker_id = $1', [userId]);
        await approvedUser(memberId, 'Yaw', 'Darko');
        return undefined;
      },
      'a user has blocked a member': async (params: unknown) => {
        const { userId, memberId } = params as { userId: string; memberId: string };
        await query('DELETE FROM member_blocks WHERE blocker_id = $1', [userId]);
        await approvedUser(memberId, 'Yaw', 'Darko');
        await asUser(userId, 'POST', '/blocks', { memberId });
        return undefined;
      },
      "a user may write to a ride's driver": async (params: unknown) => writableRide(params as MessagingState),
      "a user has written to a ride's driver": async (params: unknown) => {
        const state = params as MessagingState;
        const { rideId } = await writableRide(state);
        await asUser(state.userId, 'POST', `/rides/${rideId}/messages`, { body: 'Is there space for 2 seats?' });
        return { rideId };
      },
      // The user wrote first, then the driver answered: the conversation's id and the driver's message, unread by the user.
      "a ride's driver has answered a user's message": async (params: unknown) => {
        const state = params as MessagingState;
        const { rideId } = await writableRide(state);
        const opened = await asUser<{ conversationId: string }>(state.userId, 'POST', `/rides/${rideId}/messages`, { body: 'Is there space for 2 seats?' });
        const answer = await asUser<{ id: string }>(state.driverId, 'POST', `/messages/${opened.conversationId}`, {
          body: 'Yes, 2 seats are free. We leave from the station car park.',
        });
        return { rideId, conversationId: opened.conversationId, messageId: answer.id };
      },
      'a user has no ride requests': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query('DELETE FROM ride_requests WHERE user_id = $1', [userId]);
        return undefined;
      },
      'a user has an open ride request': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query('DELETE FROM ride_requests WHERE user_id = $1', [userId]);
        const request = await asUser<{ id: string }>(userId, 'POST', '/ride-requests', accraToKumasiRequest(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)));
        return { requestId: request.id };
      },
      'a user has an open ride request a posted ride matched': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query('DELETE FROM ride_requests WHERE user_id = $1', [userId]);
        const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
        const request = await asUser<{ id: string }>(userId, 'POST', '/ride-requests', accraToKumasiRequest(date));
        const driverId = randomUUID();
        await removeVehicles({ licensePlate: 'AS-7742-23' });
        await approvedUser(driverId);
        const vehicle = await addVehicle(driverId, 'AS-7742-23');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, date);
        // What rides does on the ride's ride.posted event, done here so the state is ready when it returns.
        await matchRideRequests(service.db, ride.id);
        return { requestId: request.id };
      },
      "a driver's upcoming ride fits a passenger's open ride request": async (params: unknown) => {
        const { userId } = params as { userId: string };
        const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
        await removeVehicles({ licensePlate: 'AS-7743-23' });
        await approvedUser(userId);
        const vehicle = await addVehicle(userId, 'AS-7743-23');
        const ride = await postedAccraToKumasi(userId, vehicle.id, date);
        const passengerId = randomUUID();
        await approvedUser(passengerId, 'Ama', 'Owusu');
        const request = await asUser<{ id: string }>(passengerId, 'POST', '/ride-requests', accraToKumasiRequest(date));
        return { requestId: request.id, rideId: ride.id };
      },
      'a user has no saved searches': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query("DELETE FROM ride_requests WHERE user_id = $1 AND kind = 'saved_search'", [userId]);
        return undefined;
      },
      // Ten searches of the same trip, one a day from tomorrow: the most one member may have.
      'a user has ten saved searches': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query("DELETE FROM ride_requests WHERE user_id = $1 AND kind = 'saved_search'", [userId]);
        for (let day = 1; day <= 10; day++) {
          await asUser(userId, 'POST', '/saved-searches', accraToKumasiSearch(new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)));
        }
        return undefined;
      },
      'a user has a saved search a posted ride matched': async (params: unknown) => {
        const { userId } = params as { userId: string };
        await query("DELETE FROM ride_requests WHERE user_id = $1 AND kind = 'saved_search'", [userId]);
        const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
        const search = await asUser<{ id: string }>(userId, 'POST', '/saved-searches', accraToKumasiSearch(date));
        const driverId = randomUUID();
        await removeVehicles({ licensePlate: 'AS-7744-23' });
        await approvedUser(driverId);
        const vehicle = await addVehicle(driverId, 'AS-7744-23');
        const ride = await postedAccraToKumasi(driverId, vehicle.id, date);
        // What rides does on the ride's ride.posted event, done here so the state is ready when it returns.
        await matchRideRequests(service.db, ride.id);
        return { savedSearchId: search.id };
      },
      "another user's ride request": async (params: unknown) => {
        const { id } = params as { id: string };
        await query('DELETE FROM ride_requests WHERE id = $1', [id]);
        await query(
          "INSERT INTO ride_requests (id, user_id, from_location, to_location, expires_at) VALUES ($1, $2, 'Accra', 'Kumasi', now() + interval '30 days')",
          [id, randomUUID()],
        );
        return undefined;
      },
    },
  }).verifyProvider();
});
