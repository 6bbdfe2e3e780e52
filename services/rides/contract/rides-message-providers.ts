import { randomInt, randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type BookingFactName, bookingEvents, rideDepartingSoon } from '@krom/contracts/events/bookings';
import { reviewEvents, reviewReminderDue } from '@krom/contracts/events/reviews';
import { rideChanged, ridePosted, rideRequestExpired, rideRequestInvited, rideRequestMatched } from '@krom/contracts/events/rides';
import { tripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { messageReported, messageSent } from '@krom/contracts/events/messages';
import { type SmsRideCommand, smsCommandAnswered, smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { accraToKumasiRide } from '@krom/contracts/examples/rides';
import type { RideRequestInput, SavedSearchInput } from '@krom/contracts/http/ride-requests';
import type { VehicleInput } from '@krom/contracts/http/vehicles';
import type { Caller } from '@krom/server-kit/internal-auth';
import { deliverToConsumer, eventually, testEnvelope } from '@krom/server-kit/testing';
import { and, eq, sql } from 'drizzle-orm';
import { outbox, rides } from '../src/db/schema.ts';
import { applyUserSnapshot } from '../src/events/user-profile-projection.ts';
import { completeRides, remindDepartures } from '../src/jobs/sweeps.ts';
import { remindReviewers } from '../src/reviews/remind-reviewers.ts';
import { expireRideRequests } from '../src/ride-requests/expire-ride-requests.ts';
import type { useRidesService } from '../test/rides-test-env.ts';

type Handle = ReturnType<typeof useRidesService>;
type User = Caller & { kind: 'user' };

/**
 * How the message providers make what a pact names: members, rides and bookings through the
 * service's own routes as the BFF calls them, and the events read back from the outbox.
 */
export function ridesMakers(handle: Handle) {
  /** Calls a route as `caller`, as the BFF does; anything but `expected` (201 for a POST, 200 for a PUT) is thrown. */
  async function call<T>(caller: Caller, url: string, payload: object, method: 'POST' | 'PUT' = 'POST', expected = method === 'POST' ? 201 : 200): Promise<T> {
    const response = await handle.service.app.inject({ method, url, headers: await handle.as(caller), payload });
    if (response.statusCode !== expected) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json() as T;
  }

  /** A driver identity approved of both verifications, as rides learns it from identity's snapshot (a woman's profile when `statedWoman`). */
  async function approvedDriver(firstName = 'Kwame', lastName = 'Asante', statedWoman = false): Promise<User> {
    const userId = randomUUID();
    await applyUserSnapshot(handle.service.db, {
      userId,
      version: 5,
      firstName,
      lastName,
      profileImageUrl: null,
      isVerified: true,
      verificationStatus: 'approved',
      isDriver: true,
      driverVerificationStatus: 'approved',
      suspended: false,
      deleted: false,
      statedWoman,
      changedAt: new Date().toISOString(),
    });
    return { kind: 'user', userId };
  }

  /** A week from today, in Ghana (GMT all year). */
  const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);

  /** The consumers' example: Accra to Kumasi through Nkawkaw, every place picked from suggestions. */
  async function postedRide(departureDate: string, by?: User, bookingMode: 'instant' | 'approval' = 'instant', changes: object = {}): Promise<string> {
    const driver = by ?? (await approvedDriver());
    const vehicle: VehicleInput = {
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      color: 'Silver',
      licensePlate: `GR-${randomInt(1000, 10_000)}-${randomInt(10, 25)}`,
      seats: 5,
    };
    const { id: vehicleId } = await call<{ id: string }>(driver, '/vehicles', vehicle);
    return (await call<{ id: string }>(driver, '/rides', { ...accraToKumasiRide(vehicleId, departureDate, '14:30'), bookingMode, ...changes })).id;
  }

  /**
   * The consumers' booking: a verified member books 2 seats from Nkawkaw to Kumasi (places 1 and 2)
   * on a ride of `bookingMode`, through the booking route as the BFF calls it (with an
   * Idempotency-Key), in cash or, given a `wallet`, by mobile money; then, if asked, `then` acts
   * on it as its driver or passenger would. Answers the booking's and its ride's ids and both sides.
   */
  async function booking(
    bookingMode: 'instant' | 'approval',
    then?: { by: 'driver' | 'passenger'; action: 'accept' | 'decline' | 'cancel' },
    wallet?: { phone: string; network: 'mtn' | 'vodafone' | 'airteltigo' },
  ) {
    const driver = await approvedDriver();
    const passenger = await approvedDriver('Ama', 'Mensah');
    const rideId = await postedRide(inAWeek(), driver, bookingMode);
    const form = { rideId, seats: 2, boardAt: 1, alightAt: 2, passengerName: 'Ama Mensah', passengerPhone: '024 412 3456', ...(wallet ? { paymentMethod: 'mobile_money', wallet } : {}) };
    const booked = await handle.service.app.inject({ method: 'POST', url: '/bookings', headers: { ...(await handle.as(passenger)), 'idempotency-key': randomUUID() }, payload: form });
    if (booked.statusCode !== 201) throw new Error(`POST /bookings answered ${booked.statusCode}: ${booked.body}`);
    const bookingId = (booked.json() as { id: string }).id;
    if (then) {
      const caller = then.by === 'driver' ? driver : passenger;
      const acted = await handle.service.app.inject({ method: 'POST', url: `/bookings/${bookingId}/${then.action}`, headers: await handle.as(caller) });
      if (acted.statusCode !== 200) throw new Error(`POST /bookings/${bookingId}/${then.action} answered ${acted.statusCode}: ${acted.body}`);
    }
    return { bookingId, rideId, driver, passenger };
  }
  /** The booking's `fact` event, read back from the outbox row its transition wrote. */
  const bookingFact = async (fact: BookingFactName, { bookingId }: { bookingId: string }) => {
    const { subject } = bookingEvents[fact];
    return required(subject, await outboxEnvelope(subject, { bookingId }));
  };

  /** The envelope of the one `subject` event in the outbox whose data matches `fields`, as the relay publishes it. */
  async function outboxEnvelope(subject: string, fields: Record<string, string>): Promise<EventEnvelope | undefined> {
    const [row] = await handle.service.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.subject, subject), ...Object.entries(fields).map(([field, value]) => sql`${outbox.envelope}->'data'->>${field} = ${value}`)));
    return row?.envelope;
  }
  const required = (subject: string, envelope: EventEnvelope | undefined) => {
    if (!envelope) throw new Error(`no ${subject} event in the outbox`);
    return envelope;
  };

  /**
   * The consumers' booking made a trip: its ride moved to have left 13 hours ago, the passenger
   * boarded by their code as the driver does it, the ride completed by the scheduled sweep (run
   * with a clock past its planned end, as its job runs it).
   */
  async function completedBooking() {
    const made = await booking('instant');
    const left = new Date(Date.now() - 13 * 3_600_000).toISOString();
    await handle.service.db.$client.query('UPDATE rides SET departure_at = $2, departure_date = $3::date, departure_time = $4 WHERE id = $1', [
      made.rideId,
      left,
      left.slice(0, 10),
      left.slice(11, 16),
    ]);
    const ticket = await handle.service.app.inject({ method: 'GET', url: `/bookings/${made.bookingId}`, headers: await handle.as(made.passenger) });
    await call(made.driver, `/rides/${made.rideId}/board`, { code: (ticket.json() as { boardingCode: string }).boardingCode }, 'POST', 200);
    await completeRides(handle.service.db, new Date(Date.now() + 12 * 3_600_000));
    return made;
  }

  return { handle, call, approvedDriver, inAWeek, postedRide, booking, bookingFact, outboxEnvelope, required, completedBooking };
}

/**
 * Every message the rides service publishes that krom-notifications' pact names, each made the way
 * it is made in production (the service's own routes as the BFF calls them, its own event
 * consumers) and read back from its real outbox row. A provider test verifies a whole pact file,
 * so every one supplies all of these, whichever interactions the file holds.
 */
export function ridesMessageProviders(handle: Handle) {
  const { call, approvedDriver, inAWeek, postedRide, booking, bookingFact, outboxEnvelope, required, completedBooking } = ridesMakers(handle);
  /** The ride's short code, as its details show it. */
  const rideCodeOf = async (rideId: string) => (await handle.service.db.select({ code: rides.rideCode }).from(rides).where(eq(rides.id, rideId)))[0]!.code;
  /** `member` texts `command` from an MTN number (notifications' sms_command.received on the bus); rides' answer, read back from the outbox. */
  async function smsAnswer(member: User, command: SmsRideCommand) {
    const data = { commandId: randomUUID(), memberId: member.userId, phone: '+233241234567', command, receivedAt: new Date().toISOString() };
    await deliverToConsumer(handle.service.bus, 'rides', smsCommandReceived, testEnvelope(smsCommandReceived, data));
    return required(smsCommandAnswered.subject, await outboxEnvelope(smsCommandAnswered.subject, { commandId: data.commandId }));
  }
  const review = { rating: 5, comment: 'Safe driver, on time, friendly.' };
  /** A completed trip whose passenger and driver reviewed each other through the route (the second publishes both). */
  async function reviewedTrip() {
    const trip = await completedBooking();
    await call(trip.passenger, `/bookings/${trip.bookingId}/review`, review);
    await call(trip.driver, `/bookings/${trip.bookingId}/review`, { ...review, comment: 'Ready on time, pleasant company.' });
    return trip;
  }
  /** The passenger's review of the driver's `fact` event, read back from the outbox. */
  const passengersReviewFact = async (fact: 'published' | 'replied', { bookingId }: { bookingId: string }) => {
    const { subject } = reviewEvents[fact];
    return required(subject, await outboxEnvelope(subject, { bookingId, reviewType: 'driver' }));
  };
  return {
    stateHandlers: {
      'a verified driver posted a ride from Accra to Kumasi with a stop at Nkawkaw': async () => undefined,
      "a posted ride matched a passenger's ride request": async () => undefined,
      "a posted ride matched a member's saved search": async () => undefined,
      "a driver accepted a passenger's ride request for their ride from Accra to Kumasi": async () => undefined,
      "a passenger's ride request for a date now past expired": async () => undefined,
      "a ride matched to a passenger's request had its price raised above the passenger's maximum": async () => undefined,
      'a ride with a confirmed booking had smoking and pets allowed by its driver': async () => undefined,
      'a passenger asked for 2 seats from Nkawkaw to Kumasi on a driver-approved ride': async () => undefined,
      'a passenger booked 2 seats from Nkawkaw to Kumasi on an instant-booking ride': async () => undefined,
      'a driver declined a request for 2 seats from Nkawkaw to Kumasi': async () => undefined,
      'a passenger cancelled a confirmed booking of 2 seats from Nkawkaw to Kumasi': async () => undefined,
      'a ride from Accra to Kumasi with a confirmed booking of 2 seats from Nkawkaw leaves within two hours': async () => undefined,
      'the passenger and the driver of a completed trip from Accra to Kumasi have not reviewed each other the morning after': async () => undefined,
      'the passenger and the driver of a completed trip reviewed each other': async () => undefined,
      'a driver replied to the review a passenger wrote of them': async () => undefined,
      'a passenger with a confirmed booking pressed the emergency button to text their emergency contact the trip link': async () => undefined,
      'a member reported a message the driver of their conversation wrote': async () => undefined,
      'a member texted FIND Accra Kumasi and a ride from Accra to Kumasi has seats left': async () => undefined,
      'a member texted BOOK for 2 seats by mobile money on an instant-booking ride from Accra to Kumasi': async () => undefined,
      'a member texted BOOK for more seats than a ride from Accra to Kumasi has left': async () => undefined,
    },
    messageProviders: {
      [`a ${ridePosted.subject} event`]: async () => {
        const rideId = await postedRide(inAWeek());
        return required(ridePosted.subject, await outboxEnvelope(ridePosted.subject, { rideId }));
      },
      // A passenger asked for Accra to Kumasi on that day, told by SMS too; the ride's posting
      // matches it through the service's own ride.posted consumer.
      [`a ${rideRequestMatched.subject} event`]: async () => {
        const date = inAWeek();
        const passenger: User = { kind: 'user', userId: randomUUID() };
        const request: RideRequestInput = {
          fromLocation: 'Accra',
          fromLocalityArea: 'Accra',
          toLocation: 'Kumasi',
          toLocalityArea: 'Kumasi',
          preferredDepartureDate: date,
          passengers: 2,
          notifyByEmail: true,
          notifyBySMS: true,
        };
        const { id: requestId } = await call<{ id: string }>(passenger, '/ride-requests', request);
        const rideId = await postedRide(date);
        return eventually(() => outboxEnvelope(rideRequestMatched.subject, { requestId, rideId }));
      },
      // A member saved the listing's search from Accra to Kumasi for that day; a driver posted a ride for it.
      [`a ${rideRequestMatched.subject} event for a saved search`]: async () => {
        const date = inAWeek();
        const member: User = { kind: 'user', userId: randomUUID() };
        const search: SavedSearchInput = { fromLocation: 'Accra', fromLocalityArea: 'Accra', toLocation: 'Kumasi', toLocalityArea: 'Kumasi', departureDate: date, passengers: 2 };
        const { id: requestId } = await call<{ id: string }>(member, '/saved-searches', search);
        const rideId = await postedRide(date);
        return eventually(() => outboxEnvelope(rideRequestMatched.subject, { requestId, rideId }));
      },
      // A passenger asked for 2 seats from Accra to Kumasi on that day; the driver accepted it for their ride through the route.
      [`a ${rideRequestInvited.subject} event`]: async () => {
        const date = inAWeek();
        const passenger: User = { kind: 'user', userId: randomUUID() };
        const request: RideRequestInput = { fromLocation: 'Accra', fromLocalityArea: 'Accra', toLocation: 'Kumasi', toLocalityArea: 'Kumasi', preferredDepartureDate: date, passengers: 2 };
        const { id: requestId } = await call<{ id: string }>(passenger, '/ride-requests', request);
        const driver = await approvedDriver();
        const rideId = await postedRide(date, driver);
        await call(driver, `/driver/requested-rides/${requestId}/accept`, { rideId }, 'POST', 200);
        return required(rideRequestInvited.subject, await outboxEnvelope(rideRequestInvited.subject, { requestId }));
      },
      // A passenger asked for Accra to Kumasi today; the expiry sweep ran on a clock past the day's end in Ghana.
      [`a ${rideRequestExpired.subject} event`]: async () => {
        const today = new Date().toISOString().slice(0, 10);
        const passenger: User = { kind: 'user', userId: randomUUID() };
        const request: RideRequestInput = { fromLocation: 'Accra', fromLocalityArea: 'Accra', toLocation: 'Kumasi', toLocalityArea: 'Kumasi', preferredDepartureDate: today };
        const { id: requestId } = await call<{ id: string }>(passenger, '/ride-requests', request);
        await expireRideRequests(handle.service.db, new Date(`${today}T23:59:59.999Z`));
        return required(rideRequestExpired.subject, await outboxEnvelope(rideRequestExpired.subject, { requestId }));
      },
      // A passenger asked for Accra to Kumasi at GH₵100.00 a seat at most; the ride posted at
      // GH₵80.00 matched it, then its driver raised the price to GH₵120.00 through the route.
      [`a ${rideChanged.subject} event`]: async () => {
        const date = inAWeek();
        const passenger: User = { kind: 'user', userId: randomUUID() };
        const request: RideRequestInput = { fromLocation: 'Accra', fromLocalityArea: 'Accra', toLocation: 'Kumasi', toLocalityArea: 'Kumasi', maxPricePerSeat: '100', notifyBySMS: true };
        const { id: requestId } = await call<{ id: string }>(passenger, '/ride-requests', request);
        const driver = await approvedDriver();
        const rideId = await postedRide(date, driver);
        await eventually(() => outboxEnvelope(rideRequestMatched.subject, { requestId, rideId }));
        const ride = accraToKumasiRide(randomUUID(), date, '14:30');
        const change = { departureDate: ride.departureDate, departureTime: ride.departureTime, availableSeats: ride.availableSeats, description: ride.description };
        await call(driver, `/rides/${rideId}`, { ...change, pricePerSeat: '120.00' }, 'PUT');
        return required(rideChanged.subject, await outboxEnvelope(rideChanged.subject, { rideId }));
      },
      // A member whose profile states nothing asked for Accra to Kumasi; a woman's ride matched it,
      // then she made it women-only through the route (nobody had booked it).
      [`a ${rideChanged.subject} event making the ride women-only`]: async () => {
        const date = inAWeek();
        const passenger: User = { kind: 'user', userId: randomUUID() };
        const request: RideRequestInput = { fromLocation: 'Accra', fromLocalityArea: 'Accra', toLocation: 'Kumasi', toLocalityArea: 'Kumasi', notifyBySMS: true };
        const { id: requestId } = await call<{ id: string }>(passenger, '/ride-requests', request);
        const driver = await approvedDriver('Abena', 'Owusu', true);
        const rideId = await postedRide(date, driver);
        await eventually(() => outboxEnvelope(rideRequestMatched.subject, { requestId, rideId }));
        const ride = accraToKumasiRide(randomUUID(), date, '14:30');
        const same = { departureDate: ride.departureDate, departureTime: ride.departureTime, availableSeats: ride.availableSeats, pricePerSeat: ride.pricePerSeat };
        await call(driver, `/rides/${rideId}`, { ...same, womenOnly: true }, 'PUT');
        return required(rideChanged.subject, await outboxEnvelope(rideChanged.subject, { rideId }));
      },
      // A passenger booked the consumers' ride (instant, so confirmed); its driver stated the
      // preferences through the route, then allowed smoking and pets: that second change (version 3).
      [`a ${rideChanged.subject} event allowing smoking and pets on a booked ride`]: async () => {
        const { rideId, driver } = await booking('instant');
        const ride = accraToKumasiRide(randomUUID(), inAWeek(), '14:30');
        const same = { departureDate: ride.departureDate, departureTime: ride.departureTime, availableSeats: ride.availableSeats, pricePerSeat: ride.pricePerSeat };
        const stated = { luggage: 'medium', smoking: false, pets: false, airConditioning: true, maxTwoInBack: true };
        await call(driver, `/rides/${rideId}`, { ...same, preferences: stated }, 'PUT');
        await call(driver, `/rides/${rideId}`, { ...same, preferences: { ...stated, smoking: true, pets: true } }, 'PUT');
        return required(rideChanged.subject, await outboxEnvelope(rideChanged.subject, { rideId, version: '3' }));
      },
      // The booking events, each from a booking made and acted on through the service's routes.
      [`a ${bookingEvents.requested.subject} event`]: async () => bookingFact('requested', await booking('approval')),
      [`a ${bookingEvents.confirmed.subject} event`]: async () => bookingFact('confirmed', await booking('instant')),
      [`a ${bookingEvents.declined.subject} event`]: async () => bookingFact('declined', await booking('approval', { by: 'driver', action: 'decline' })),
      [`a ${bookingEvents.cancelled_by_passenger.subject} event`]: async () =>
        bookingFact('cancelled_by_passenger', await booking('instant', { by: 'passenger', action: 'cancel' })),
      // The reminder, from an instant (so confirmed) booking: the scheduled sweep run as its job
      // runs it, with a clock an hour before the ride leaves, and the event read back from the
      // outbox row the sweep's transaction wrote for that ride.
      [`a ${rideDepartingSoon.subject} event`]: async () => {
        const { rideId } = await booking('instant');
        const [ride] = await handle.service.db.select({ departureAt: rides.departureAt }).from(rides).where(eq(rides.id, rideId));
        if (!ride) throw new Error(`ride ${rideId} is not in the database`);
        await remindDepartures(handle.service.db, new Date(ride.departureAt.getTime() - 3_600_000));
        return required(rideDepartingSoon.subject, await outboxEnvelope(rideDepartingSoon.subject, { rideId }));
      },
      // The review reminder: a completed trip nobody reviewed, the scheduled sweep run two days later
      // (past the morning after its arrival, well within the window), read back from its outbox row.
      [`a ${reviewReminderDue.subject} event`]: async () => {
        const { rideId } = await completedBooking();
        await remindReviewers(handle.service.db, new Date(Date.now() + 2 * 24 * 3_600_000));
        return required(reviewReminderDue.subject, await outboxEnvelope(reviewReminderDue.subject, { rideId }));
      },
      [`a ${reviewEvents.published.subject} event`]: async () => passengersReviewFact('published', await reviewedTrip()),
      // The driver replies through the route to the passenger's review, once both are published.
      [`a ${reviewEvents.replied.subject} event`]: async () => {
        const trip = await reviewedTrip();
        const published = await passengersReviewFact('published', trip);
        const { reviewId } = published.data as { reviewId: string };
        await call(trip.driver, `/reviews/${reviewId}/reply`, { reply: 'Thank you, Ama. Safe travels!' }, 'POST', 200);
        return passengersReviewFact('replied', trip);
      },
      // The emergency screen's button on an instant (so confirmed) booking, through the route as the BFF calls it.
      [`a ${tripSharedWithContact.subject} event`]: async () => {
        const { bookingId, passenger } = await booking('instant');
        await call(passenger, `/bookings/${bookingId}/trip-share/text-contact`, { contact: { name: 'Kwame Mensah', phone: '0201234567' } }, 'POST', 200);
        return required(tripSharedWithContact.subject, await outboxEnvelope(tripSharedWithContact.subject, { bookingId }));
      },
      // A passenger's first message to a ride's driver, through the route as the BFF calls it.
      [`a ${messageSent.subject} event`]: async () => {
        const passenger = await approvedDriver('Ama', 'Mensah');
        const rideId = await postedRide(inAWeek());
        const { id: messageId } = await call<{ id: string }>(passenger, `/rides/${rideId}/messages`, { body: 'Is there space for 2 seats?' });
        return required(messageSent.subject, await outboxEnvelope(messageSent.subject, { messageId }));
      },
      // A passenger writes to a ride's driver, the driver answers asking to be paid first, and the
      // passenger reports the answer, each through its route as the BFF calls it.
      [`a ${messageReported.subject} event`]: async () => {
        const passenger = await approvedDriver('Ama', 'Mensah');
        const driver = await approvedDriver();
        const rideId = await postedRide(inAWeek(), driver);
        const { conversationId } = await call<{ conversationId: string }>(passenger, `/rides/${rideId}/messages`, { body: 'Is there space for 2 seats?' });
        const { id: messageId } = await call<{ id: string }>(driver, `/messages/${conversationId}`, { body: 'Send the money to 024 412 3456 first' });
        await call(passenger, `/messages/${conversationId}/reports`, { messageId, reason: 'scam_or_fraud', details: 'He wants the money before the trip' });
        return required(messageReported.subject, await outboxEnvelope(messageReported.subject, { messageId }));
      },
      // FIND by a departure name only this ride has (the consumer's one ride), to Kumasi, from now.
      [`a ${smsCommandAnswered.subject} event answering FIND`]: async () => {
        const tag = `Kaneshie ${randomUUID().slice(0, 8)}`;
        await postedRide(inAWeek(), undefined, 'instant', { fromLocation: tag });
        return smsAnswer(await approvedDriver('Ama', 'Mensah'), { kind: 'find', from: tag, to: 'Kumasi', date: null });
      },
      [`a ${smsCommandAnswered.subject} event answering BOOK`]: async () => {
        const rideId = await postedRide(inAWeek());
        return smsAnswer(await approvedDriver('Ama', 'Mensah'), { kind: 'book', rideCode: await rideCodeOf(rideId), seats: 2, paymentMethod: 'mobile_money' });
      },
      [`a ${smsCommandAnswered.subject} event refusing BOOK`]: async () => {
        const rideId = await postedRide(inAWeek());
        return smsAnswer(await approvedDriver('Ama', 'Mensah'), { kind: 'book', rideCode: await rideCodeOf(rideId), seats: 8, paymentMethod: 'cash' });
      },
    },
  };
}
