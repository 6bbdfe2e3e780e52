import type { TripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { formatClockTime } from '@krom/contracts/ghana-time';

/**
 * The SMS to a passenger's emergency contact with their trip link: its first line says who sent
 * it and why (their trip, or the emergency button), the rest where the link leads.
 */
export function tripContactSms(trip: TripSharedWithContact, siteUrl: string): string {
  const link = new URL(trip.link, siteUrl).toString();
  const route = `${trip.fromLocation} to ${trip.toLocation}`;
  if (trip.reason === 'emergency') {
    return `${trip.passengerName} pressed the emergency button in Krom during their trip and asked us to text you. Trip: ${route}. See it live: ${link} If you cannot reach them, call 112.`;
  }
  const leaving = formatClockTime(trip.departureAt.slice(11, 16));
  return `${trip.passengerName} is sharing their Krom trip with you: ${route}, leaving ${leaving}. Follow it here until they arrive: ${link}`;
}
