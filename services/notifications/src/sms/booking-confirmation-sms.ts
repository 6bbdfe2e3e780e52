import type { BookingDetails } from '@krom/contracts/http/staff-messages';

/**
 * The SMS a passenger gets when their seat is booked (today sent from the staff SMS test panel;
 * the booking flow will send the same words). Details are as typed: the panel's fields are
 * already trimmed and bounded by the contract.
 */
export function bookingConfirmationSmsText(details: BookingDetails): string {
  return `Krom: your seat is booked. ${details.from} to ${details.to} on ${details.date} at ${details.time} with ${details.driver} in ${details.vehicle}.`;
}
