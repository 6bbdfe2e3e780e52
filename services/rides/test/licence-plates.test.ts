import { bookingSchema } from '@krom/contracts/http/bookings';
import { driverProfileSchema, myRidesResponseSchema, rideDetailsSchema, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import { describe, expect, it } from 'vitest';
import { bookingCalls, type Member } from './bookings-env.ts';
import { dayFromNow, useRidesService } from './rides-test-env.ts';

/*
 * A ride's licence plate: guests and members without a seat on the ride see it in part (the
 * region and the last two characters); the driver and passengers holding a ticket see it whole.
 */

const handle = useRidesService();
const { call, member, ride, form, booked } = bookingCalls(handle);
const guest = { kind: 'public' } as const;

const plateOf = async (caller: Member | typeof guest, rideId: string) => {
  const response = await call(caller, 'GET', `/rides/${rideId}`);
  expect(response.statusCode, response.body).toBe(200);
  return rideDetailsSchema.parse(response.json()).vehicle.licensePlate;
};
/** The plate the driver registered (bookings-env numbers them GT-500-21, GT-501-21, ...). */
const registeredPlate = async (driver: Member) => {
  const { rows } = await handle.service.db.$client.query<{ plate: string }>('SELECT license_plate AS plate FROM vehicles WHERE driver_id = $1', [driver.userId]);
  return rows[0]!.plate;
};
const masked = (plate: string) => plate.replace(/^([A-Z]+)-(\d+)-(\d\d)$/, (_all, region: string, number: string, year: string) => `${region}-${'•'.repeat(number.length)}-${year}`);

describe('a ride preview', () => {
  it('shows guests and members without a booking the plate in part, its driver and a ticketed passenger the whole plate', async () => {
    const { rideId, driver } = await ride();
    const plate = await registeredPlate(driver);
    expect(plate).toMatch(/^GT-\d{3}-21$/);
    const stranger = await member();
    const passenger = await member();
    await booked(passenger, form(rideId));

    expect(await plateOf(guest, rideId)).toBe(masked(plate));
    expect(await plateOf(stranger, rideId)).toBe(masked(plate));
    expect(await plateOf(driver, rideId)).toBe(plate);
    expect(await plateOf(passenger, rideId)).toBe(plate);
  });

  it('keeps the plate in part for a request the driver has not accepted, and shows it once accepted', async () => {
    const { rideId, driver } = await ride({ bookingMode: 'approval' });
    const plate = await registeredPlate(driver);
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    expect(request.status).toBe('requested');
    expect(request.vehicle.licensePlate).toBe(masked(plate));
    expect(await plateOf(passenger, rideId)).toBe(masked(plate));

    expect((await call(driver, 'POST', `/bookings/${request.id}/accept`)).statusCode).toBe(200);
    const accepted = bookingSchema.parse((await call(passenger, 'GET', `/bookings/${request.id}`)).json());
    expect(accepted.status).toBe('confirmed');
    expect(accepted.vehicle.licensePlate).toBe(plate);
    expect(await plateOf(passenger, rideId)).toBe(plate);
  });
});

describe('lists and profiles', () => {
  it('shows the plate in part on search cards and the driver profile, whole in the driver own rides', async () => {
    const { rideId, driver } = await ride();
    const plate = await registeredPlate(driver);

    const search = await call(guest, 'GET', `/rides?from=Accra&to=Kumasi&date=${dayFromNow(3)}&pageSize=50`);
    expect(search.statusCode, search.body).toBe(200);
    const card = rideSearchResponseSchema.parse(search.json()).rides.find((found) => found.id === rideId);
    expect(card?.vehicle.licensePlate).toBe(masked(plate));

    const profile = driverProfileSchema.parse((await call(await member(), 'GET', `/drivers/${driver.userId}`)).json());
    expect(profile.vehicles.map((vehicle) => vehicle.licensePlate)).toEqual([masked(plate)]);
    expect(profile.upcomingRides.find((upcoming) => upcoming.id === rideId)?.vehicle.licensePlate).toBe(masked(plate));

    const mine = myRidesResponseSchema.parse((await call(driver, 'GET', '/rides/mine?when=upcoming')).json()).rides;
    expect(mine.find((own) => own.id === rideId)?.vehicle.licensePlate).toBe(plate);
  });

  it('gives a ticketed passenger and the driver their ride plate whole in search, from the same cached answer guests get in part', async () => {
    const { rideId, driver } = await ride();
    const plate = await registeredPlate(driver);
    const passenger = await member();
    await booked(passenger, form(rideId));
    const cardPlate = async (caller: Member | typeof guest) => {
      const response = await call(caller, 'GET', `/rides?from=Accra&to=Kumasi&date=${dayFromNow(3)}&pageSize=50`);
      expect(response.statusCode, response.body).toBe(200);
      return rideSearchResponseSchema.parse(response.json()).rides.find((found) => found.id === rideId)?.vehicle.licensePlate;
    };
    // Guest first: the answer is computed once and cached, then shared with the members after.
    expect(await cardPlate(guest)).toBe(masked(plate));
    expect(await cardPlate(passenger)).toBe(plate);
    expect(await cardPlate(driver)).toBe(plate);
    expect(await cardPlate(await member())).toBe(masked(plate));
    expect(await cardPlate(guest)).toBe(masked(plate));
  });
});
