import { noShowReportHours } from '@krom/contracts/http/bookings';
import type { DriverRide } from '@krom/contracts/http/rides';

const hourMs = 3_600_000;

/** A ride's departure as an instant (Ghana keeps GMT all year). */
export const departureOf = (ride: Pick<DriverRide, 'departureDate' | 'departureTime'>) => new Date(`${ride.departureDate}T${ride.departureTime}:00Z`);

/** Whether `now` is within the window a driver may report a no-show in: from departure to 24 hours after. */
export function inNoShowWindow(ride: Pick<DriverRide, 'departureDate' | 'departureTime'>, now: Date): boolean {
  const departure = departureOf(ride).getTime();
  return now.getTime() >= departure && now.getTime() <= departure + noShowReportHours * hourMs;
}

/**
 * Whether Manage Bookings is offered on a ride: a ride not cancelled, until the no-show window
 * closes (the driver still boards and reports passengers at and after departure).
 */
export function bookingsManageable(ride: Pick<DriverRide, 'status' | 'departureDate' | 'departureTime'>, now: Date): boolean {
  return ride.status !== 'cancelled' && now.getTime() <= departureOf(ride).getTime() + noShowReportHours * hourMs;
}
