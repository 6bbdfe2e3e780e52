import { bookingSchema } from '@krom/contracts/http/bookings';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { openRidesService } from '../src/open-rides.ts';
import { bookingCalls } from './bookings-env.ts';
import { type RidesService, useRidesService } from './rides-test-env.ts';

/*
 * The sweeps on their schedule: a replica started with SWEEP_INTERVAL_SECONDS declares the job
 * schedulers, and its worker runs each sweep when the scheduler fires (the first job of a
 * scheduler is due at once), on the real Redis and database.
 */

const handle = useRidesService();
const { call, member, ride, form, booked, legs } = bookingCalls(handle);
let replica: RidesService | undefined;

afterAll(async () => {
  await replica?.sweepQueue.obliterate({ force: true });
  await replica?.app.close();
});

describe('the scheduled sweeps', () => {
  it('expires a lapsed request when the scheduler fires, with no call from anyone', async () => {
    const { rideId } = await ride({ bookingMode: 'approval' });
    const passenger = await member();
    const request = await booked(passenger, form(rideId));
    // Its answer is overdue (as 12 hours later): what the sweep looks for.
    await handle.service.db.$client.query("UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = $1", [request.id]);

    replica = await openRidesService({ ...handle.config, SWEEP_INTERVAL_SECONDS: 3600 });

    await eventually(async () => {
      const seen = bookingSchema.parse((await call(passenger, 'GET', `/bookings/${request.id}`)).json());
      return seen.status === 'expired' ? seen : undefined;
    });
    expect((await legs(rideId)).taken).toEqual([0, 0]);
    const schedulers = await replica.sweepQueue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every]).sort()).toEqual([
      ['rides-closeUnboardedBookings', 3_600_000],
      ['rides-completeRides', 3_600_000],
      ['rides-expireBookings', 3_600_000],
      ['rides-expireRideRequests', 3_600_000],
      ['rides-pruneIdempotencyKeys', 3_600_000],
      ['rides-publishDueReviews', 3_600_000],
      ['rides-remindDepartures', 3_600_000],
      ['rides-remindReviewers', 3_600_000],
      ['rides-textTripContactsAtDeparture', 3_600_000],
    ]);
  });
});
