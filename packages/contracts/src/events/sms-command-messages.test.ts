import { describe, expect, it } from 'vitest';
import { normalisedShortCode } from '../http/booking-values.ts';
import { smsCancellationPolicy, smsCommandMessages } from './sms-command-messages.ts';

describe('SMS command words', () => {
  it('takes a code as typed on a phone: any case, spaces around', () => {
    expect(normalisedShortCode(' k7p2q ')).toBe('K7P2Q');
  });

  it('names the code that was not found and how long codes are, never whose a booking is', () => {
    expect(smsCommandMessages.rideCodeUnknown('QQQQQ')).toBe('No ride has the code QQQQQ. Ride codes have 5 characters: text FIND <from> <to> to see rides and their codes.');
    expect(smsCommandMessages.bookingCodeUnknown('HX4RT7A')).toBe('You have no booking with the code HX4RT7A. Booking codes have 7 characters: text MY to see yours.');
  });

  it('states each rule of the cancellation policy in one line', () => {
    expect(smsCancellationPolicy('full')).toBe('More than 24 hours before departure: the full fare back.');
    expect(smsCancellationPolicy('half')).toBe('Less than 24 hours before departure: half the fare back.');
    expect(smsCancellationPolicy('none')).toBe('The ride has already left: nothing back.');
  });
});
