import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gsmLength, SMS_SEGMENT_LENGTH } from '../sms/sms-segment.ts';
import { rideMatchEmail, rideMatchNotice, rideMatchSmsText } from './ride-match-notices.ts';

const match = (changes: Partial<Parameters<typeof rideMatchNotice>[0]> = {}) => ({
  requestId: randomUUID(),
  rideId: randomUUID(),
  fromLocation: 'Accra',
  toLocation: 'Kumasi',
  departureDate: '2025-11-28',
  departureTime: '14:30',
  availableSeats: 3,
  pricePerSeat: '120.00',
  currency: 'GHS',
  rideCode: 'K7P2Q',
  ...changes,
});

describe('ride match notices', () => {
  it('tells the passenger in the app where, when, how many seats and at what price, linking to the ride', () => {
    const matched = match();
    expect(rideMatchNotice(matched)).toEqual({
      type: 'ride_request',
      title: 'A ride matches your request',
      message: 'A ride from Accra to Kumasi on Fri 28 Nov at 2:30 PM has 3 seats at GH₵120.00 each.',
      actionRequired: false,
      data: { kind: 'match', requestId: matched.requestId, rideId: matched.rideId, link: `/ride-preview/${matched.rideId}` },
    });
  });

  it('writes one seat without "each", a price with thousands and two decimals, and seconds off the time', () => {
    expect(rideMatchNotice(match({ availableSeats: 1, pricePerSeat: '1250', departureTime: '07:05:00' })).message).toBe(
      'A ride from Accra to Kumasi on Fri 28 Nov at 7:05 AM has 1 seat at GH₵1,250.00.',
    );
  });

  it('texts the same in one GSM segment, with the price by its code since the cedi sign is not GSM, ending with how to book the ride by its code', () => {
    const text = rideMatchSmsText(match());
    expect(text).toBe('Krom: a ride matches your request. Accra to Kumasi, Fri 28 Nov at 2:30 PM, 3 seats at GHS 120.00 each. Reply BOOK K7P2Q <seats>');
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    // The longest figures a ride can have still leave the names room in one segment.
    const widest = rideMatchSmsText(match({ availableSeats: 8, pricePerSeat: '9999.99', departureTime: '12:45', rideCode: 'KKKKKKKK' }));
    expect(widest).toMatch(/^Krom: a ride matches your request\. Accra to Kumasi, .* Reply BOOK KKKKKKKK <seats>$/);
    expect(gsmLength(widest)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it('tells to open Krom instead for a match told before rides sent ride codes', () => {
    expect(rideMatchSmsText(match({ rideCode: undefined }))).toBe(
      'Krom: a ride matches your request. Accra to Kumasi, Fri 28 Nov at 2:30 PM, 3 seats at GHS 120.00 each. Open Krom to book.',
    );
    expect(rideMatchSmsText(match({ rideCode: undefined, kind: 'saved_search', departureDate: '2026-12-04' }))).toBe(
      'Krom: New ride for your saved search: Accra to Kumasi on Fri 4 Dec at 2:30 PM, GHS 120.00/seat. Open Krom to book.',
    );
  });

  it('cuts long place names so the text stays one segment, the longer name first', () => {
    const text = rideMatchSmsText(
      match({ fromLocation: 'Tema', toLocation: 'Bolgatanga Main Lorry Station next to the big market in the Upper East Region of Ghana, far north' }),
    );
    expect(text).toMatch(/^Krom: a ride matches your request\. Tema to Bolgatanga Main Lorry Station.*\.\.\., Fri 28 Nov at 2:30 PM, 3 seats at GHS 120\.00 each\. Reply BOOK K7P2Q <seats>$/);
    expect(gsmLength(text)).toBe(SMS_SEGMENT_LENGTH);

    const both = rideMatchSmsText(match({ fromLocation: 'Kwame Nkrumah Interchange (Circle), Greater Accra Region', toLocation: 'Kejetia Market Lorry Station, Ashanti Region' }));
    expect(both).toContain('Kwame Nkrumah');
    expect(both).toContain(' to Kejetia Market');
    expect(gsmLength(both)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it('writes names with typographic marks or Ghanaian letters in the GSM alphabet', () => {
    const text = rideMatchSmsText(match({ fromLocation: 'Kɔforidua’s “Main” Station', toLocation: 'Hohoé – Ô' }));
    expect(text).toContain('Koforidua\'s "Main" Station to Hohoé - O,');
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it('e-mails the same with a subject, what to do and why the e-mail came', () => {
    expect(rideMatchEmail(match())).toEqual({
      subject: 'A ride matches your Krom ride request',
      text:
        'Hello,\n\nA ride matches your Krom ride request: Accra to Kumasi on Fri 28 Nov at 2:30 PM, 3 seats at GH₵120.00 each.\n\n' +
        'Open Krom to see the ride and book a seat: it is under Notifications, in Ride Requests.\n\n' +
        'You get this e-mail because your ride request asks to be told by e-mail. Cancel the request in Krom to stop hearing about it.\n\n' +
        'The Krom team\n',
    });
  });

  it("says a match of a saved search is the member's saved search, in the app and by SMS in one segment", () => {
    const matched = match({ kind: 'saved_search', departureDate: '2026-12-04' });
    expect(rideMatchNotice(matched)).toEqual({
      type: 'ride_request',
      title: 'A ride matches your saved search',
      message: 'New ride for your saved search: Accra to Kumasi on Fri 4 Dec at 2:30 PM, GH₵120.00/seat. Open Krom to book.',
      actionRequired: false,
      data: { kind: 'match', requestId: matched.requestId, rideId: matched.rideId, link: `/ride-preview/${matched.rideId}` },
    });
    const text = rideMatchSmsText(matched);
    expect(text).toBe('Krom: New ride for your saved search: Accra to Kumasi on Fri 4 Dec at 2:30 PM, GHS 120.00/seat. Reply BOOK K7P2Q <seats>');
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    const long = rideMatchSmsText({ ...matched, toLocation: 'Bolgatanga Main Lorry Station next to the big market in the Upper East Region of Ghana, far north' });
    expect(long).toMatch(/^Krom: New ride for your saved search: Accra to Bolgatanga Main .*\.\.\. on Fri 4 Dec at 2:30 PM, GHS 120\.00\/seat\. Reply BOOK K7P2Q <seats>$/);
    expect(gsmLength(long)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
  });

  it('words a match of a request as before when the event says so or has no kind', () => {
    expect(rideMatchNotice(match({ kind: 'request' })).title).toBe('A ride matches your request');
    expect(rideMatchSmsText(match({ kind: 'request' }))).toBe(rideMatchSmsText(match()));
  });
});
