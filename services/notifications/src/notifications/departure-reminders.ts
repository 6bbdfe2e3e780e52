import type { RideDepartingSoon } from '@krom/contracts/events/bookings';
import { ghanaDate } from '@krom/contracts/ghana-time';
import { fitTwoNamesInSegment, inGsmAlphabet } from '../sms/sms-segment.ts';
import { driverBookingsLink, passengerBookingsLink } from './booking-notices.ts';
import type { NewNotification } from './create-notification.ts';
import { carText, meetingText, seatCount, townOf, twelveHourTime } from './ride-wording.ts';

/*
 * The reminder two hours before a ride leaves: each confirmed passenger is told when, where they
 * board, who drives which car and their boarding code; the driver how many passengers to pick up.
 * One SMS segment each (long town names are cut to fit), and the same in the app.
 */

export type DepartureReminder = {
  /** Whose reminder it is within the ride: the driver's, or a passenger's booking. */
  key: string;
  userId: string;
  /** Where the SMS goes when not the member's registered number: the phone given on the booking. */
  smsTo: string | undefined;
  smsText: string;
  notice: Pick<NewNotification, 'type' | 'title' | 'message' | 'data' | 'actionRequired'>;
};

export function departureReminders(ride: RideDepartingSoon): DepartureReminder[] {
  // Two hours ahead: a ride leaving just after midnight is reminded the evening before.
  const day = ghanaDate(ride.remindedAt) === ride.departureDate ? 'today' : 'tomorrow';
  const time = twelveHourTime(ride.departureTime);
  const car = carText(ride.vehicle);
  const driver = ride.driverFirstName.trim();
  const passengers = ride.passengers.map<DepartureReminder>((passenger) => {
    return {
      key: passenger.bookingId,
      userId: passenger.passengerId,
      smsTo: passenger.passengerPhone,
      smsText: fitTwoNamesInSegment(
        inGsmAlphabet(townOf(passenger.board)),
        inGsmAlphabet(townOf(passenger.alight)),
        (from, to) => `Krom reminder: ${from} to ${to} ${day} at ${time}. Driver ${inGsmAlphabet(driver)}, ${ride.vehicle.licensePlate}. Boarding code ${passenger.boardingCode}.`,
      ),
      notice: {
        type: 'booking',
        title: 'Your ride leaves soon',
        message: `Your ride from ${townOf(passenger.board)} to ${townOf(passenger.alight)} leaves ${day} at ${time}. Board at ${passenger.board.location.trim()}${meetingText(passenger.board)}. ${driver} drives a ${car}, ${ride.vehicle.licensePlate}. Your boarding code is ${passenger.boardingCode}.`,
        actionRequired: false,
        data: { kind: 'booking', bookingId: passenger.bookingId, rideId: ride.rideId, link: passengerBookingsLink },
      },
    };
  });
  const seats = ride.passengers.reduce((sum, passenger) => sum + passenger.seats, 0);
  const who = `${ride.passengers.length === 1 ? '1 passenger' : `${ride.passengers.length} passengers`} (${seatCount(seats)})`;
  const forDriver: DepartureReminder = {
    key: 'driver',
    userId: ride.driverId,
    smsTo: undefined,
    smsText: fitTwoNamesInSegment(
      inGsmAlphabet(ride.fromLocation.trim()),
      inGsmAlphabet(ride.toLocation.trim()),
      (from, to) => `Krom reminder: your ride ${from} to ${to} leaves ${day} at ${time} with ${who}. Board them by code in Manage Bookings.`,
    ),
    notice: {
      type: 'booking',
      title: 'Your ride leaves soon',
      message: `Your ride from ${ride.fromLocation.trim()} to ${ride.toLocation.trim()} leaves ${day} at ${time} with ${who}. Board each passenger by their code in Manage Bookings.`,
      actionRequired: false,
      data: { kind: 'booking', rideId: ride.rideId, link: driverBookingsLink },
    },
  };
  return [...passengers, forDriver];
}
