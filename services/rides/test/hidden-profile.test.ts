import { bookingSchema } from '@krom/contracts/http/bookings';
import { driverProfileSchema, rideDetailsSchema, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import { describe, expect, it } from 'vitest';
import { applyUserSnapshot } from '../src/events/user-profile-projection.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { dayFromNow, useRidesService } from './rides-test-env.ts';

/*
 * A driver who turns "show profile to others" off (identity's snapshot carries it): others see
 * their first name, photo and verification badges only, on the profile and on the rides and
 * bookings that name them; the driver still sees their own profile whole.
 */

const handle = useRidesService();
const { call, member, ride, form, booked } = bookingCalls(handle);
const guest = { kind: 'public' } as const;

let versions = 10;
const showProfile = (driver: Member, shown: boolean) =>
  applyUserSnapshot(handle.service.db, {
    userId: driver.userId,
    version: versions++,
    firstName: 'Kofi',
    lastName: 'Boateng',
    profileImageUrl: '/api/uploads/kofi',
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: true,
    driverVerificationStatus: 'approved',
    suspended: false,
    deleted: false,
    changedAt: new Date().toISOString(),
    phone: '0201112233',
    showPhone: true,
    showProfile: shown,
  });
const profileAs = async (caller: Member | typeof guest, driver: Member) => {
  const response = await call(caller, 'GET', `/drivers/${driver.userId}`);
  expect(response.statusCode, response.body).toBe(200);
  return driverProfileSchema.parse(response.json());
};

describe('a driver who hides their profile', () => {
  it('shows others only the first name, photo and badges, and themselves everything', async () => {
    const { rideId, driver } = await ride();
    await showProfile(driver, false);

    for (const viewer of [guest, await member()]) {
      // A signed-in member is told too whether they may call the driver now (no booking here: no).
      const call = viewer === guest ? {} : { callBookingId: null };
      expect(await profileAs(viewer, driver)).toEqual({
        ...call,
        id: driver.userId,
        firstName: 'Kofi',
        lastName: '',
        profileImageUrl: '/api/uploads/kofi',
        isVerified: true,
        driverVerified: true,
        profileHidden: true,
        vehicles: [],
        ridesPosted: 0,
        ridesCompleted: 0,
        completionRate: null,
        rating: null,
        reviewCount: 0,
        upcomingRides: [],
      });
    }
    const own = await profileAs(driver, driver);
    expect(own).toMatchObject({ firstName: 'Kofi', lastName: 'Boateng', ridesPosted: 1 });
    expect(own.profileHidden).toBeUndefined();
    expect(own.upcomingRides.map((upcoming) => upcoming.id)).toEqual([rideId]);
  });

  it('is named by first name only on the ride preview, search cards and the passenger booking, and in full once shown again', async () => {
    const { rideId, driver } = await ride();
    const passenger = await member();
    const booking = await booked(passenger, form(rideId));
    await showProfile(driver, false);

    const names = async () => {
      const details = rideDetailsSchema.parse((await call(guest, 'GET', `/rides/${rideId}`)).json());
      const search = rideSearchResponseSchema.parse((await call(guest, 'GET', `/rides?from=Accra&to=Kumasi&date=${dayFromNow(3)}&pageSize=50`)).json());
      const mine = bookingSchema.parse((await call(passenger, 'GET', `/bookings/${booking.id}`)).json());
      return [details.driverName, search.rides.find((card) => card.id === rideId)?.driverName, mine.driverName];
    };
    expect(await names()).toEqual(['Kofi', 'Kofi', 'Kofi']);

    await showProfile(driver, true);
    expect(await names()).toEqual(['Kofi Boateng', 'Kofi Boateng', 'Kofi Boateng']);
    expect((await profileAs(guest, driver)).profileHidden).toBeUndefined();
  });
});
