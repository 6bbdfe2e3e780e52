import { availableSeatsProblem, type RideDetails, rideMessages, type UpdateRideInput, updateRideSchema } from '@krom/contracts/http/rides';
import { type Validation, validateWith } from '@krom/ui-kit/use-validated-form.ts';

export type EditRideValues = {
  departureDate: string;
  departureTime: string;
  availableSeats: string;
  pricePerSeat: string;
  description: string;
};
const fields = ['departureDate', 'departureTime', 'availableSeats', 'pricePerSeat', 'description'] as const;

/** The form's values from the ride as stored (price as the server wrote it, `45.00`). */
export const editRideValues = (ride: RideDetails): EditRideValues => ({
  departureDate: ride.departureDate,
  departureTime: ride.departureTime,
  availableSeats: String(ride.availableSeats),
  pricePerSeat: ride.pricePerSeat,
  description: ride.description ?? '',
});

/**
 * The contract's rules and messages, plus what the browser can tell before sending: the ride's
 * car has room for so many passengers, and the departure must still be ahead (Ghana time is UTC).
 * Whether a route's price is under its cap only the server knows; its message is shown as it says it.
 */
export function validateEditRide(ride: Pick<RideDetails, 'totalSeats'>, now: () => Date = () => new Date()) {
  const byContract = validateWith<EditRideValues, UpdateRideInput>(updateRideSchema, fields);
  return (values: EditRideValues): Validation<EditRideValues, UpdateRideInput> => {
    const checked = byContract(values);
    const errors = { ...checked.errors };
    // The car's passenger seats (`totalSeats`) in the one wording, whatever the contract's own limit said.
    errors.availableSeats = availableSeatsProblem(Number(values.availableSeats), ride.totalSeats);
    if (!errors.departureDate && !errors.departureTime) {
      const departure = new Date(`${values.departureDate}T${values.departureTime}:00Z`);
      if (departure.getTime() <= now().getTime()) errors.departureDate = rideMessages.pastDeparture;
    }
    const valid = Object.values(errors).every((message) => !message);
    return { request: valid ? checked.request : null, errors };
  };
}
