import { ticketedStatuses } from '@krom/contracts/http/bookings';
import type { RideSearchResponse } from '@krom/contracts/http/rides';
import { sql } from 'drizzle-orm';
import { statusIn } from '../bookings/booking-views.ts';
import type { SqlRunner } from '../rides/ride-views.ts';

/**
 * A search answer as `userId` sees it. The cached answer is shared by every caller, so its plates
 * are all in part; the rides of it the member drives, or holds a ticket on (a booking confirmed,
 * boarded or completed), get their plate whole here, in one query. Unchanged (the same text) when
 * there is none.
 */
export async function withPlatesShownTo(db: SqlRunner, userId: string, shared: string): Promise<string> {
  const answer = JSON.parse(shared) as RideSearchResponse;
  const ids = answer.rides.map((ride) => ride.id);
  if (ids.length === 0) return shared;
  const { rows } = await db.execute<{ id: string; plate: string }>(sql`
    SELECT r.id, v.license_plate AS plate
    FROM rides r JOIN vehicles v ON v.id = r.vehicle_id
    WHERE r.id = ANY(${`{${ids.join(',')}}`}::uuid[])
      AND (r.driver_id = ${userId}
           OR EXISTS (SELECT 1 FROM bookings b WHERE b.ride_id = r.id AND b.passenger_id = ${userId} AND b.status IN ${statusIn(ticketedStatuses)}))`);
  if (rows.length === 0) return shared;
  const plates = new Map(rows.map((row) => [row.id, row.plate]));
  const rides = answer.rides.map((ride) => {
    const plate = plates.get(ride.id);
    return plate === undefined ? ride : { ...ride, vehicle: { ...ride.vehicle, licensePlate: plate } };
  });
  return JSON.stringify({ ...answer, rides });
}
