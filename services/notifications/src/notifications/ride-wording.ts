/*
 * How a ride's date, time, price and screen are written in what this service sends (notices, SMS,
 * e-mail), the way the marketplace's wizard and ride cards show them.
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `2025-11-28` → `Fri 28 Nov`: the calendar date the driver chose, whatever the server's zone. Anything else is shown as given. */
export function rideDateText(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  if (!day || Number.isNaN(day.getTime())) return date;
  return `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]}`;
}

/** `08:05` or `20:30:00` → `8:05 AM` / `8:30 PM`, as the wizard's time picker shows it. Anything else is shown as given. */
export function twelveHourTime(time: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Where a ride is shown: the ride's details screen. */
export const rideLink = (rideId: string) => `/ride-preview/${rideId}`;

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * `120` or `"1250.5"` → `GH₵120.00` / `GH₵1,250.50`, as the ride cards write it. `sign: 'code'`
 * writes `GHS 120.00` instead, for SMS: the cedi sign is not in the GSM alphabet, and one
 * character outside it makes a text cost a segment per 70 characters instead of 160.
 * Another currency (none exists yet) is written by its code; a price that is not a number, as given.
 */
export function priceText(price: string, currency: string, sign: 'symbol' | 'code' = 'symbol'): string {
  const value = Number(price);
  const written = price.trim() !== '' && Number.isFinite(value) ? amount.format(value) : price;
  return currency === 'GHS' && sign === 'symbol' ? `GH₵${written}` : `${currency} ${written}`;
}
