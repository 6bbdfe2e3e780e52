import { randomUUID } from 'node:crypto';
import { userDeleted } from '@krom/contracts/events/identity';
import { eventually } from '@krom/server-kit/testing';
import { tripSharedWithContact, type TripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { sharedTripSchema, tripShareMessages, tripShareSchema } from '@krom/contracts/http/trip-shares';
import { describe, expect, it } from 'vitest';
import { cancelAsPassenger } from '../src/bookings/booking-actions.ts';
import { textTripContactsAtDeparture } from '../src/trip-shares/trip-shares.ts';
import { tripLinkKey } from '../src/trip-shares/trip-link-token.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

/*
 * Shared trips on the real database through the service's routes, at the time the test's clock
 * says: a link made by the passenger of a confirmed booking shows the trip to anyone (nothing of
 * the passenger, the driver's first name only) until the ride's expected arrival plus two hours,
 * or until the passenger stops sharing or arrives; the emergency contact is texted it once at
 * departure when chosen, never after the link ended.
 */

let now = new Date();
const handle = useRidesService({}, { clock: () => now });
const { call, member, ride, form, booked, departAt, outbox } = bookingCalls(handle);
const HOUR = 3_600_000;
const guest = { kind: 'public' } as const;
const contact = { name: 'Kwame Mensah', phone: '0201234567' };
const key = () => tripLinkKey(handle.config.INTERNAL_AUTH_SECRET);

/**
 * A passenger's confirmed seat on an instant ride leaving at `departure`, arriving `durationMinutes`
 * later as the wizard writes it (`4h 10min`); without one it counts 12 hours.
 */
async function confirmedTrip(departure = Date.now() + 5 * HOUR, durationMinutes?: number) {
  now = new Date();
  const { driver, rideId } = await ride();
  const passenger = await member({ firstName: 'Ama', lastName: 'Serwaa' });
  const booking = await booked(passenger, form(rideId));
  await departAt(rideId, new Date(departure));
  if (durationMinutes !== undefined) {
    const duration = `${Math.floor(durationMinutes / 60)}h ${durationMinutes % 60}min`;
    await handle.service.db.$client.query('UPDATE rides SET duration = $2 WHERE id = $1', [rideId, duration]);
  }
  const arrival = departure + (durationMinutes === undefined ? 12 * HOUR : durationMinutes * 60_000);
  return { driver, rideId, passenger, bookingId: booking.id, departure, arrival };
}

const share = (caller: Member, bookingId: string, body: object = {}) =>
  call(caller, 'POST', `/bookings/${bookingId}/trip-share`, { textContactAtDeparture: false, contact: null, ...body });
const openLink = (link: string) => call(guest, 'GET', `/trip-shares/${link.replace('/trip/', '')}`);

async function sharedLink(caller: Member, bookingId: string, body: object = {}) {
  const response = await share(caller, bookingId, body);
  expect(response.statusCode, response.body).toBe(200);
  return tripShareSchema.parse(response.json());
}

const textsFor = async (bookingId: string) =>
  (await outbox<TripSharedWithContact>(tripSharedWithContact.subject)).map((envelope) => envelope.data).filter((data) => data.bookingId === bookingId);

describe('a trip link', () => {
  it('shows anyone the route, departure, driver, car, plate and expected arrival, and nothing of the passenger', async () => {
    const trip = await confirmedTrip(Date.now() + 5 * HOUR, 250);
    const made = await sharedLink(trip.passenger, trip.bookingId);
    expect(made.link).toMatch(/^\/trip\/[\w-]{43}$/);
    expect(made.expiresAt).toBe(new Date(trip.arrival + 2 * HOUR).toISOString());

    const opened = await openLink(made.link);
    expect(opened.statusCode, opened.body).toBe(200);
    const shown = sharedTripSchema.strict().parse(opened.json());
    expect(shown).toMatchObject({
      fromLocation: 'Circle VIP Bus Station',
      toLocation: 'Kejetia Lorry Park',
      places: ['Circle VIP Bus Station', 'Nkawkaw Lorry Station', 'Kejetia Lorry Park'],
      departureAt: new Date(trip.departure).toISOString(),
      expectedArrivalAt: new Date(trip.arrival).toISOString(),
      driverFirstName: 'Kofi',
      vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver' },
      progress: 'not_started',
    });
    expect(opened.body).not.toMatch(/Boateng|Serwaa|0244123456|024 412 3456/);

    // Sharing again gives the same link.
    expect((await sharedLink(trip.passenger, trip.bookingId)).link).toBe(made.link);
    expect((await call(trip.passenger, 'GET', `/bookings/${trip.bookingId}/trip-share`)).json().link).toBe(made.link);
  });

  it('says the driver has started once the passenger is boarded', async () => {
    const trip = await confirmedTrip(Date.now() + HOUR);
    const { link } = await sharedLink(trip.passenger, trip.bookingId);
    const code = (await call(trip.passenger, 'GET', `/bookings/${trip.bookingId}`)).json().boardingCode as string;
    expect((await call(trip.driver, 'POST', `/rides/${trip.rideId}/board`, { code })).statusCode).toBe(200);
    expect((await openLink(link)).json().progress).toBe('on_the_way');
  });

  it('ends at the expected arrival plus two hours (410), and a token never issued is a 404', async () => {
    const trip = await confirmedTrip(Date.now() + 5 * HOUR, 250);
    const { link } = await sharedLink(trip.passenger, trip.bookingId);
    now = new Date(trip.arrival + 2 * HOUR - 1000);
    expect((await openLink(link)).statusCode).toBe(200);
    now = new Date(trip.arrival + 2 * HOUR);
    const ended = await openLink(link);
    expect(ended.statusCode).toBe(410);
    expect(ended.json().message).toBe(tripShareMessages.ended);

    const unknown = await openLink(`/trip/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(tripShareMessages.notFound);
    expect((await openLink('/trip/short')).statusCode).toBe(404);
  });

  it("ends when the passenger stops sharing or arrives; sharing again makes a new link", async () => {
    const trip = await confirmedTrip();
    const first = await sharedLink(trip.passenger, trip.bookingId);
    expect((await call(trip.passenger, 'POST', `/bookings/${trip.bookingId}/trip-share/end`)).json()).toEqual({ ended: true });
    expect((await openLink(first.link)).statusCode).toBe(410);
    expect((await call(trip.passenger, 'GET', `/bookings/${trip.bookingId}/trip-share`)).statusCode).toBe(404);

    const second = await sharedLink(trip.passenger, trip.bookingId);
    expect(second.link).not.toBe(first.link);
    expect((await openLink(second.link)).statusCode).toBe(200);
    expect((await openLink(first.link)).statusCode).toBe(410);
  });

  it("is made, read and ended by the booking's passenger only", async () => {
    const trip = await confirmedTrip();
    const { link } = await sharedLink(trip.passenger, trip.bookingId);
    const stranger = await member({ firstName: 'Yaw' });
    for (const caller of [stranger, trip.driver]) {
      expect((await share(caller, trip.bookingId)).statusCode).toBe(404);
      expect((await call(caller, 'GET', `/bookings/${trip.bookingId}/trip-share`)).statusCode).toBe(404);
      expect((await call(caller, 'POST', `/bookings/${trip.bookingId}/trip-share/end`)).statusCode).toBe(404);
      expect((await call(caller, 'POST', `/bookings/${trip.bookingId}/trip-share/text-contact`, { contact })).statusCode).toBe(404);
    }
    expect((await openLink(link)).statusCode).toBe(200);
    expect((await call(guest, 'POST', `/bookings/${trip.bookingId}/trip-share`, { textContactAtDeparture: false, contact: null })).statusCode).toBe(401);
  });

  it('cannot be made for a cancelled booking, and a cancelled booking ends its link', async () => {
    const trip = await confirmedTrip();
    const { link } = await sharedLink(trip.passenger, trip.bookingId);
    await cancelAsPassenger(handle.service.db, trip.passenger.userId, trip.bookingId);
    expect((await openLink(link)).statusCode).toBe(410);
    const refused = await share(trip.passenger, trip.bookingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(tripShareMessages.notShareable);
  });

  it('asks for an emergency contact before it can be texted to one', async () => {
    const trip = await confirmedTrip();
    const refused = await share(trip.passenger, trip.bookingId, { textContactAtDeparture: true, contact: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(tripShareMessages.noEmergencyContact);
  });
});

describe('the emergency contact', () => {
  it('is texted the link once, at departure, when the passenger chose it', async () => {
    const trip = await confirmedTrip();
    const made = await sharedLink(trip.passenger, trip.bookingId, { textContactAtDeparture: true, contact });
    expect(made.textContactAtDeparture).toBe(true);

    await textTripContactsAtDeparture(handle.service.db, new Date(trip.departure - 60_000), { tripLinkKey: key() });
    expect(await textsFor(trip.bookingId)).toEqual([]);

    await textTripContactsAtDeparture(handle.service.db, new Date(trip.departure), { tripLinkKey: key() });
    await textTripContactsAtDeparture(handle.service.db, new Date(trip.departure + 60_000), { tripLinkKey: key() });
    const texts = await textsFor(trip.bookingId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({
      passengerName: 'Ama Serwaa',
      contactName: 'Kwame Mensah',
      contactPhone: '0201234567',
      link: made.link,
      reason: 'departure',
      fromLocation: 'Circle VIP Bus Station',
      toLocation: 'Kejetia Lorry Park',
    });
    now = new Date(trip.departure + HOUR);
    expect((await call(trip.passenger, 'GET', `/bookings/${trip.bookingId}/trip-share`)).json().contactTextedAt).toBe(
      new Date(trip.departure).toISOString(),
    );
  });

  it('is not texted at departure when the link was ended, or not chosen', async () => {
    const ended = await confirmedTrip();
    await sharedLink(ended.passenger, ended.bookingId, { textContactAtDeparture: true, contact });
    await call(ended.passenger, 'POST', `/bookings/${ended.bookingId}/trip-share/end`);
    const unchosen = await confirmedTrip();
    await sharedLink(unchosen.passenger, unchosen.bookingId, { textContactAtDeparture: true, contact });
    await sharedLink(unchosen.passenger, unchosen.bookingId, { textContactAtDeparture: false, contact });

    await textTripContactsAtDeparture(handle.service.db, new Date(ended.departure + 60_000), { tripLinkKey: key() });
    expect(await textsFor(ended.bookingId)).toEqual([]);
    expect(await textsFor(unchosen.bookingId)).toEqual([]);
  });

  it('is texted the link at once from the emergency screen, the trip shared first', async () => {
    const trip = await confirmedTrip();
    const response = await call(trip.passenger, 'POST', `/bookings/${trip.bookingId}/trip-share/text-contact`, { contact });
    expect(response.statusCode, response.body).toBe(200);
    const { share: made, contactName } = response.json() as { share: { link: string }; contactName: string };
    expect(contactName).toBe('Kwame Mensah');
    expect((await openLink(made.link)).statusCode).toBe(200);
    expect(await textsFor(trip.bookingId)).toEqual([expect.objectContaining({ link: made.link, reason: 'emergency', contactPhone: '0201234567' })]);
  });
});

describe('a deleted account', () => {
  /** Delivers identity's user.deleted and waits until the rides consumer has acknowledged it. */
  async function deleteAccount(userId: string) {
    const bus = handle.service.bus;
    const event = { id: randomUUID(), type: userDeleted.subject, occurredAt: new Date().toISOString(), data: { userId, deletedAt: new Date().toISOString() } };
    const { seq } = await bus.js.publish(bus.subjectOf(userDeleted.subject), JSON.stringify(event), { msgID: randomUUID() });
    await eventually(async () => {
      const info = await bus.jsm.consumers.info(bus.streamName, `rides_${userDeleted.subject.replaceAll('.', '_')}`);
      return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
    });
  }

  it("ends the member's live links on a trip under way and forgets the emergency contact copied onto them", async () => {
    // Departed an hour ago and still on the road: the booking itself stays (only bookings to come are cancelled).
    const trip = await confirmedTrip(Date.now() - HOUR, 250);
    const made = await sharedLink(trip.passenger, trip.bookingId, { textContactAtDeparture: true, contact });
    const others = await confirmedTrip(Date.now() - HOUR, 250);
    const othersLink = await sharedLink(others.passenger, others.bookingId, { textContactAtDeparture: true, contact });
    expect((await openLink(made.link)).statusCode).toBe(200);

    await deleteAccount(trip.passenger.userId);

    expect((await openLink(made.link)).statusCode).toBe(410);
    expect((await openLink(othersLink.link)).statusCode).toBe(200);
    const { rows } = await handle.service.db.$client.query(
      'SELECT booking_id, contact_name, contact_phone, text_contact_at_departure FROM trip_shares WHERE booking_id = ANY($1::uuid[]) ORDER BY contact_name NULLS FIRST',
      [[trip.bookingId, others.bookingId]],
    );
    expect(rows).toEqual([
      { booking_id: trip.bookingId, contact_name: null, contact_phone: null, text_contact_at_departure: false },
      { booking_id: others.bookingId, contact_name: 'Kwame Mensah', contact_phone: '0201234567', text_contact_at_departure: true },
    ]);
  });
});
