import { randomUUID } from 'node:crypto';
import type { RideChanged } from '@krom/contracts/events/rides';
import { describe, expect, it } from 'vitest';
import { gsmLength, SMS_SEGMENT_LENGTH } from '../sms/sms-segment.ts';
import { rideChangeEmail, rideChangeIsNews, rideChangeNotice, rideChangeSmsText } from './ride-change-notices.ts';

const before = { departureDate: '2025-11-28', departureTime: '14:30', departureAt: '2025-11-28T14:30:00.000Z', availableSeats: 3, pricePerSeat: '40.00', status: 'active' as const };
const change = (changed: RideChanged['changed'], current: Partial<RideChanged['current']>) => ({
  rideId: randomUUID(),
  fromLocation: 'Accra',
  toLocation: 'Tema',
  currency: 'GHS',
  changed,
  previous: before,
  current: { ...before, ...current },
});
const passenger = (stillMatches: boolean) => ({ requestId: randomUUID(), stillMatches });

describe('ride change notices', () => {
  it('says what changed, before and after, and links to the ride', () => {
    const moved = change(['departureDate', 'departureTime', 'availableSeats', 'pricePerSeat'], {
      departureDate: '2025-11-29',
      departureTime: '09:00',
      availableSeats: 1,
      pricePerSeat: '60',
    });
    const told = passenger(true);
    expect(rideChangeNotice(moved, told)).toEqual({
      type: 'ride_request',
      title: 'A ride you were told about changed',
      message: 'The ride from Accra to Tema now leaves Sat 29 Nov at 9:00 AM (was Fri 28 Nov at 2:30 PM), costs GH₵60.00 a seat (was GH₵40.00) and has 1 seat free (was 3).',
      actionRequired: false,
      data: { kind: 'change', requestId: told.requestId, rideId: moved.rideId, link: `/ride-preview/${moved.rideId}` },
    });
  });

  it('says when the ride no longer matches the request', () => {
    const dearer = change(['pricePerSeat'], { pricePerSeat: '55.5' });
    expect(rideChangeNotice(dearer, passenger(false)).message).toBe(
      'The ride from Accra to Tema now costs GH₵55.50 a seat (was GH₵40.00). It no longer matches your ride request.',
    );
    expect(rideChangeSmsText(dearer, passenger(false))).toBe(
      'Krom: your matched ride Accra to Tema changed: now Fri 28 Nov at 2:30 PM, 3 seats at GHS 55.50 each. No longer matches your request.',
    );
  });

  it('tells a passenger who may not book it that the ride is now for women only; a change of preferences alone is no news', () => {
    const womenOnly = change(['womenOnly'], { womenOnly: true });
    expect(rideChangeNotice(womenOnly, passenger(false)).message).toBe('The ride from Accra to Tema now is for women only. It no longer matches your ride request.');
    expect(rideChangeIsNews(womenOnly)).toBe(true);
    const preferences = change(['preferences'], { preferences: { luggage: 'small', smoking: false, pets: false, airConditioning: true, maxTwoInBack: true } });
    expect(rideChangeIsNews(preferences)).toBe(false);
  });

  it('says a cancelled ride was cancelled, when it was to leave', () => {
    const gone = change(['status'], { status: 'cancelled' });
    expect(rideChangeNotice(gone, passenger(false))).toMatchObject({
      title: 'A ride you were told about was cancelled',
      message: 'The ride from Accra to Tema on Fri 28 Nov at 2:30 PM was cancelled by its driver.',
    });
    expect(rideChangeSmsText(gone, passenger(false))).toBe('Krom: your matched ride Accra to Tema, Fri 28 Nov at 2:30 PM, was cancelled by the driver.');
    expect(rideChangeEmail(gone, passenger(false))).toEqual({
      subject: 'A ride you were told about was cancelled on Krom',
      text:
        'Hello,\n\nThe ride from Accra to Tema on Fri 28 Nov at 2:30 PM was cancelled by its driver.\n\n' +
        'Your ride request stays open: Krom tells you when another ride matches it.\n\n' +
        'You get this e-mail because your ride request asks to be told by e-mail. Cancel the request in Krom to stop hearing about it.\n\n' +
        'The Krom team\n',
    });
  });

  it('says Krom cancelled a ride whose driver was suspended or left, not the driver', () => {
    const gone = { ...change(['status'], { status: 'cancelled' }), cancelledBy: 'krom' as const };
    expect(rideChangeNotice(gone, passenger(false)).message).toBe('The ride from Accra to Tema on Fri 28 Nov at 2:30 PM was cancelled by Krom.');
    expect(rideChangeSmsText(gone, passenger(false))).toBe('Krom: your matched ride Accra to Tema, Fri 28 Nov at 2:30 PM, was cancelled by Krom.');
    expect(rideChangeEmail(gone, passenger(false)).text).toContain('was cancelled by Krom.');
  });

  it('texts in one GSM segment whatever the names and figures', () => {
    const long = {
      ...change(['pricePerSeat', 'departureDate'], { pricePerSeat: '1500', departureDate: '2025-11-26', departureTime: '12:30', availableSeats: 8 }),
      fromLocation: 'Kwame Nkrumah Interchange (Circle), Greater Accra Region',
      toLocation: 'Bolgatanga Main Lorry Station – next to the big market, Upper East',
    };
    for (const text of [rideChangeSmsText(long, passenger(false)), rideChangeSmsText({ ...long, current: { ...long.current, status: 'cancelled' } }, passenger(false))]) {
      expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
      expect(text).toContain('Kwame Nkrumah');
    }
  });
});
