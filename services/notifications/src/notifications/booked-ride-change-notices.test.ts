import { randomUUID } from 'node:crypto';
import type { RideChanged } from '@krom/contracts/events/rides';
import type { RidePreferences } from '@krom/contracts/http/rides';
import { describe, expect, it } from 'vitest';
import { gsmLength, SMS_SEGMENT_LENGTH } from '../sms/sms-segment.ts';
import { bookedRideChangeIsNews, bookedRideChangeNotice, bookedRideChangeSmsText } from './booked-ride-change-notices.ts';

const easy: RidePreferences = { luggage: 'large', smoking: false, pets: false, airConditioning: true, maxTwoInBack: true };
const terms = { departureDate: '2025-12-12', departureTime: '14:30', departureAt: '2025-12-12T14:30:00.000Z', availableSeats: 3, pricePerSeat: '120.00', status: 'active' as const };
const change = (before: RidePreferences | null, after: RidePreferences | null, more: Partial<RideChanged> = {}) => ({
  rideId: randomUUID(),
  fromLocation: 'Accra',
  toLocation: 'Kumasi',
  changed: ['preferences'] as RideChanged['changed'],
  previous: { ...terms, preferences: before },
  current: { ...terms, preferences: after },
  ...more,
});

describe('the notice to a passenger who booked, of worse preferences', () => {
  it('says what got worse, in the app and by SMS, and promises no refund', () => {
    const worse = change(easy, { ...easy, smoking: true, pets: true });
    expect(bookedRideChangeIsNews(worse)).toBe(true);
    expect(bookedRideChangeNotice(worse)).toEqual({
      type: 'booking',
      title: 'Your booked ride changed',
      message: 'Your Accra to Kumasi ride on Fri 12 Dec has changed: smoking is now allowed, pets are now allowed. Open your booking in My Rides to see it.',
      actionRequired: false,
      data: { kind: 'ride_changed', rideId: worse.rideId, link: '/my-rides' },
    });
    expect(bookedRideChangeSmsText(worse)).toBe(
      'Krom: Your Accra to Kumasi ride on Fri 12 Dec has changed: smoking is now allowed, pets are now allowed. Open Krom to see your booking.',
    );
  });

  it('names a smaller bag, the air conditioning gone and the back seat no longer held to two', () => {
    expect(bookedRideChangeNotice(change(easy, { ...easy, luggage: 'small' })).message).toBe(
      'Your Accra to Kumasi ride on Fri 12 Dec has changed: luggage is now limited to small bags (was large). Open your booking in My Rides to see it.',
    );
    expect(bookedRideChangeSmsText(change(easy, { ...easy, airConditioning: false }))).toBe(
      'Krom: Your Accra to Kumasi ride on Fri 12 Dec has changed: there is no air conditioning any more. Open Krom to see your booking.',
    );
    expect(bookedRideChangeSmsText(change(easy, { ...easy, maxTwoInBack: false }))).toBe(
      'Krom: Your Accra to Kumasi ride on Fri 12 Dec has changed: the back seat is no longer limited to two passengers. Open Krom to see your booking.',
    );
  });

  it('is no news for an improvement, a ride that stated nothing before, another field, or a cancelled ride', () => {
    const strict: RidePreferences = { luggage: 'small', smoking: true, pets: true, airConditioning: false, maxTwoInBack: false };
    expect(bookedRideChangeIsNews(change(strict, easy))).toBe(false);
    expect(bookedRideChangeIsNews(change(null, strict))).toBe(false);
    expect(bookedRideChangeIsNews(change(easy, easy, { changed: ['description'] }))).toBe(false);
    expect(bookedRideChangeIsNews(change(easy, strict, { changed: ['preferences', 'status'], current: { ...terms, status: 'cancelled', preferences: strict } }))).toBe(false);
    // Smoking no longer allowed and a bigger bag, but pets now allowed: the pets are news.
    expect(bookedRideChangeNotice(change({ ...strict, pets: false }, { ...strict, smoking: false, luggage: 'large' })).message).toContain(': pets are now allowed.');
  });

  it('texts in one GSM segment, listing what fits and how many more, whatever the names', () => {
    const worst = change(easy, { luggage: 'small', smoking: true, pets: true, airConditioning: false, maxTwoInBack: false }, {
      fromLocation: 'Kwame Nkrumah Interchange (Circle), Greater Accra Region',
      toLocation: 'Bolgatanga Main Lorry Station – next to the big market, Upper East',
    });
    const text = bookedRideChangeSmsText(worst);
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    expect(text).toContain('Kwame Nkrumah');
    expect(text).toContain('smoking is now allowed');
    expect(text).toMatch(/, and \d more\. Open Krom to see your booking\.$/);
    // Short names leave room for more of the changes, the names whole.
    expect(bookedRideChangeSmsText({ ...worst, fromLocation: 'Ho', toLocation: 'Aflao' })).toBe(
      'Krom: Your Ho to Aflao ride on Fri 12 Dec has changed: smoking is now allowed, pets are now allowed, and 3 more. Open Krom to see your booking.',
    );
  });
});
