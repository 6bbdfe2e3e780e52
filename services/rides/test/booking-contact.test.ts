import { bookingContactSchema, contactMessages } from '@krom/contracts/http/bookings';
import { describe, expect, it } from 'vitest';
import { applyUserSnapshot } from '../src/events/user-profile-projection.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

/*
 * Phone numbers between a passenger and their driver (GET /bookings/{id}/contact): only the
 * booking's two people, only for a confirmed booking, from 24 hours before departure until 24
 * hours after, and only while the member whose number it is lets it be shown ("show phone to
 * drivers"). The clock is the service's injected one; the ride's departure stays put.
 */

let now = new Date();
const handle = useRidesService({}, { clock: () => now });
const { call, member, ride, form, booked } = bookingCalls(handle);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const guest = { kind: 'public' } as const;

let versions = 10;
/** Identity's snapshot of the member, as rides projects it: their phone and privacy toggles. */
async function identitySays(caller: Member, facts: { phone?: string | null; showPhone?: boolean; showProfile?: boolean; firstName?: string }) {
  await applyUserSnapshot(handle.service.db, {
    userId: caller.userId,
    version: versions++,
    firstName: facts.firstName ?? 'Kofi',
    lastName: 'Boateng',
    profileImageUrl: null,
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: true,
    driverVerificationStatus: 'approved',
    suspended: false,
    deleted: false,
    changedAt: new Date().toISOString(),
    ...(facts.phone === undefined ? {} : { phone: facts.phone }),
    ...(facts.showPhone === undefined ? {} : { showPhone: facts.showPhone }),
    ...(facts.showProfile === undefined ? {} : { showProfile: facts.showProfile }),
  });
}

/** A confirmed booking on a new instant ride; the driver's account phone is 0201112233. */
async function confirmedBooking() {
  const { rideId, driver } = await ride();
  await identitySays(driver, { phone: '0201112233', firstName: 'Kofi' });
  const passenger = await member();
  const booking = await booked(passenger, form(rideId));
  expect(booking.status).toBe('confirmed');
  return { driver, passenger, booking, departure: new Date(booking.departureAt).getTime() };
}

const contact = (caller: Member | typeof guest, bookingId: string) => call(caller, 'GET', `/bookings/${bookingId}/contact`);

describe('the driver phone, to a passenger with a confirmed booking', () => {
  it('is shown from 24 hours before departure until 24 hours after, with a tel-ready number', async () => {
    const { passenger, booking, departure } = await confirmedBooking();

    for (const at of [departure - 24 * HOUR, departure - 23 * HOUR - 59 * MINUTE, departure, departure + 23 * HOUR + 59 * MINUTE, departure + 24 * HOUR]) {
      now = new Date(at);
      const response = await contact(passenger, booking.id);
      expect(response.statusCode, `${new Date(at).toISOString()}: ${response.body}`).toBe(200);
      expect(bookingContactSchema.parse(response.json())).toEqual({
        role: 'driver',
        firstName: 'Kofi',
        phone: '0201112233',
        availableUntil: new Date(departure + 24 * HOUR).toISOString(),
      });
    }
  });

  it('is refused 24h01 before departure, saying from when it is shown, and 24h01 after', async () => {
    const { passenger, booking, departure } = await confirmedBooking();
    const opens = new Date(departure - 24 * HOUR).toISOString();

    now = new Date(departure - 24 * HOUR - MINUTE);
    const early = await contact(passenger, booking.id);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(contactMessages.tooEarly(`${opens.slice(0, 10)} ${opens.slice(11, 16)}`));

    now = new Date(departure + 24 * HOUR + MINUTE);
    const late = await contact(passenger, booking.id);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(contactMessages.tooLate);
  });

  it('is refused while the driver has turned "show phone to drivers" off, and shown again once on', async () => {
    const { driver, passenger, booking, departure } = await confirmedBooking();
    now = new Date(departure - HOUR);
    await identitySays(driver, { phone: '0201112233', showPhone: false });
    const hidden = await contact(passenger, booking.id);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe(contactMessages.driverHidden);

    await identitySays(driver, { phone: '0201112233', showPhone: true });
    expect((await contact(passenger, booking.id)).json().phone).toBe('0201112233');
  });

  it('is refused when identity has sent no phone for the driver (a snapshot from before phones travelled)', async () => {
    const { driver, passenger, booking, departure } = await confirmedBooking();
    now = new Date(departure - HOUR);
    await identitySays(driver, {});
    const response = await contact(passenger, booking.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(contactMessages.noPhone);
  });

  it('is refused for a request the driver has not accepted', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    await identitySays(driver, { phone: '0201112233' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    now = new Date(new Date(request.departureAt).getTime() - HOUR);
    const response = await contact(passenger, request.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(contactMessages.notConfirmed);
  });
});

describe('the passenger phone, to their driver', () => {
  it('is the number the passenger gave for the booking, within the same window', async () => {
    const { driver, booking, departure } = await confirmedBooking();
    now = new Date(departure - 2 * HOUR);
    const response = await contact(driver, booking.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ role: 'passenger', firstName: 'Ama', phone: booking.passengerPhone, availableUntil: new Date(departure + 24 * HOUR).toISOString() });

    now = new Date(departure - 24 * HOUR - MINUTE);
    expect((await contact(driver, booking.id)).statusCode).toBe(403);
  });

  it('is refused while the passenger has turned "show phone to drivers" off', async () => {
    const { driver, passenger, booking, departure } = await confirmedBooking();
    now = new Date(departure - HOUR);
    await identitySays(passenger, { phone: '0554443322', showPhone: false, firstName: 'Ama' });
    const response = await contact(driver, booking.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(contactMessages.passengerHidden);
  });
});

describe('anyone else', () => {
  it('gets 404 for another member, and 401 as a guest, inside the window', async () => {
    const { booking, departure } = await confirmedBooking();
    now = new Date(departure - HOUR);
    const stranger = await member();
    const other = await contact(stranger, booking.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Booking not found');
    expect((await contact(guest, booking.id)).statusCode).toBe(401);
    expect((await contact(stranger, 'not-a-booking')).statusCode).toBe(404);
  });
});

describe("the driver profile's Call button", () => {
  const callBookingOf = async (caller: Member | typeof guest, driverId: string) =>
    (await call(caller, 'GET', `/drivers/${driverId}`)).json().callBookingId as string | null | undefined;

  it('leads a passenger with a confirmed booking to its /call page, from 24 hours before departure until 24 hours after', async () => {
    const { driver, passenger, booking, departure } = await confirmedBooking();
    now = new Date(departure - 24 * HOUR - MINUTE);
    expect(await callBookingOf(passenger, driver.userId)).toBeNull();
    for (const at of [departure - 24 * HOUR, departure, departure + 24 * HOUR]) {
      now = new Date(at);
      expect(await callBookingOf(passenger, driver.userId)).toBe(booking.id);
    }
    now = new Date(departure + 24 * HOUR + MINUTE);
    expect(await callBookingOf(passenger, driver.userId)).toBeNull();
  });

  it('is not offered to anyone else, nor while the driver hides their phone or has none', async () => {
    const { driver, passenger, departure } = await confirmedBooking();
    now = new Date(departure - HOUR);
    expect(await callBookingOf(await member(), driver.userId)).toBeNull();
    expect(await callBookingOf(guest, driver.userId)).toBeUndefined();
    expect(await callBookingOf(driver, driver.userId)).toBeUndefined();

    await identitySays(driver, { phone: '0201112233', showPhone: false });
    expect(await callBookingOf(passenger, driver.userId)).toBeNull();
    await identitySays(driver, { phone: null, showPhone: true });
    expect(await callBookingOf(passenger, driver.userId)).toBeNull();
    // A hidden profile keeps the button: calling is the phone toggle's.
    await identitySays(driver, { phone: '0201112233', showPhone: true, showProfile: false });
    expect(await callBookingOf(passenger, driver.userId)).not.toBeNull();
  });

  it('is not offered for a booking not yet confirmed or cancelled', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    await identitySays(driver, { phone: '0201112233' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    now = new Date(new Date(request.departureAt).getTime() - HOUR);
    expect(request.status).toBe('requested');
    expect(await callBookingOf(passenger, driver.userId)).toBeNull();
  });
});
