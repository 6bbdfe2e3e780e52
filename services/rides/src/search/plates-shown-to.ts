import { ticketedStatuses } from '@krom/contracts/http/bookings';
import type { RideSearchResponse } from '@krom/contracts/http/rides';
import type { RidesDb } from '../db/rides-db.ts';

/**
 * A search answer as `userId` sees it. The cached answer is shared by every caller, so its plates
 * are all in part; the rides of it the member drives, or holds a ticket on (a booking confirmed,
 * boarded or completed), get their plate whole here, in one query: a named statement, prepared
 * once per connection, as every signed-in search runs it. Unchanged (the same text) when there is none.
 */
export async function withPlatesShownTo(db: Pick<RidesDb, '$client'>, userId: string, shared: string): Promise<string> {
  const answer = JSON.parse(shared) as RideSearchResponse;
  const ids = answer.rides.map((ride) => ride.id);
  if (ids.length === 0) return shared;
  const { rows } = await db.$client.query<{ id: string; plate: string }>({
    name: 'rides-search-plates-shown-to',
    text: `SELECT r.id, v.license_plate AS plate
             FROM rides r JOIN vehicles v ON v.id = r.vehicle_id
            WHERE r.id = ANY($1::uuid[])
              AND (r.driver_id = $2
                   OR EXISTS (SELECT 1 FROM bookings b WHERE b.ride_id = r.id AND b.passenger_id = $2 AND b.status = ANY($3::text[])))`,
    values: [ids, userId, ticketedStatuses],
  });
  if (rows.length === 0) return shared;
  const plates = new Map(rows.map((row) => [row.id, row.plate]));
  const rides = answer.rides.map((ride) => {
    const plate = plates.get(ride.id);
    return plate === undefined ? ride : { ...ride, vehicle: { ...ride.vehicle, licensePlate: plate } };
  });
  return JSON.stringify({ ...answer, rides });
}
