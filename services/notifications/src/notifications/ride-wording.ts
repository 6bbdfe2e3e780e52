import { formatMoney, formatMoneyForSms, isCediAmount } from '@krom/contracts/money';

/*
 * How a ride's date, time, price and screen are written in what this service sends (notices, SMS,
 * e-mail), the way the marketplace's wizard and ride cards show them.
 */

/** `2025-11-28` → `Fri 28 Nov` and `20:30` → `8:30 PM`: the Ghana time module's notice date and clock time. */
export { formatClockTime as twelveHourTime, formatNoticeDate as rideDateText } from '@krom/contracts/ghana-time';

/** Where a ride is shown: the ride's details screen. */
export const rideLink = (rideId: string) => `/ride-preview/${rideId}`;

/**
 * `120` or `"1250.5"` → `GH₵120.00` / `GH₵1,250.50`, as the ride cards write it. `sign: 'code'`
 * writes `GHS 120.00` instead, for SMS (the contracts' money module says why).
 * Another currency (none exists yet) is written by its code; a price that is not an amount, as
 * given after the code: a notice is still worth sending when an event carries an odd price.
 */
export function priceText(price: string, currency: string, sign: 'symbol' | 'code' = 'symbol'): string {
  if (!isCediAmount(price)) return `${currency} ${price}`;
  return sign === 'symbol' ? formatMoney(price, currency) : formatMoneyForSms(price, currency);
}

/** `1 seat`, `3 seats`. */
export const seatCount = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

/** A place of a booking in a sentence: its town when known (the route), else its location. */
export const townOf = (place: { city: string | null; location: string }) => place.city?.trim() || place.location.trim();

/** ` (By the Total fuel station)` after a boarding place that has a meeting point, else nothing. */
export const meetingText = (place: { meetingPoint: string | null }) => (place.meetingPoint?.trim() ? ` (${place.meetingPoint.trim()})` : '');

/** `Silver Toyota Corolla`: the car as a passenger looks for it. */
export const carText = (vehicle: { color: string; make: string; model: string }) =>
  [vehicle.color, vehicle.make, vehicle.model]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
