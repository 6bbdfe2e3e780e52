import { describe, expect, it } from 'vitest';
import { smsSegments } from '../sms/sms-segment.ts';
import { smsAnswerText } from './sms-answers.ts';
import { smsReplies } from './sms-replies.ts';

const ride = (code: string, hour: string, seatsLeft: number) => ({
  from: 'Accra',
  to: 'Kumasi',
  rideCode: code,
  departureAt: `2026-12-04T${hour}:00.000Z`,
  pricePerSeat: '120.00',
  currency: 'GHS',
  seatsLeft,
});

describe('rides’ answers in words', () => {
  it('lists rides with their codes, soonest first, and how to book', () => {
    const text = smsAnswerText({ kind: 'rides', from: 'Accra', to: 'Kumasi', date: null, rides: [ride('K7P2Q', '06:30', 3), ride('M4X9T', '09:00', 1)] });
    expect(text).toBe('Krom: Accra to Kumasi: K7P2Q Fri 4 Dec 06:30 GHS 120 3 seats left; M4X9T Fri 4 Dec 09:00 GHS 120 1 seat left. Reply BOOK <code> <seats>');
  });

  it('drops the rides that do not fit two segments, and says when there are none', () => {
    const long = { from: 'Kwame Nkrumah Interchange Circle', to: 'Kejetia Lorry Station Kumasi Central', date: null };
    const many = Array.from({ length: 3 }, (_, i) => ({ ...ride(`CODE${i}`, '06:30', 3), pricePerSeat: '1250.50', ...long }));
    const text = smsAnswerText({ kind: 'rides', ...long, rides: many });
    expect(smsSegments(text)).toBeLessThanOrEqual(2);
    expect(text).toContain('CODE0');
    expect(text.endsWith('Reply BOOK <code> <seats>')).toBe(true);
    expect(smsAnswerText({ kind: 'rides', from: 'Accra', to: 'Tamale', date: '2026-12-24', rides: [] })).toBe(
      'Krom: No rides Accra to Tamale on Thu 24 Dec with seats left. Try another day: FIND <from> <to> <date>',
    );
  });

  it('tells a booking by mobile money to approve the prompt, a cash one to pay the driver, a request to wait for the driver', () => {
    const booked = {
      kind: 'booked' as const,
      bookingCode: 'B7K2Q9',
      rideCode: 'K7P2Q',
      from: 'Accra',
      to: 'Kumasi',
      departureAt: '2026-12-04T06:30:00.000Z',
      seats: 2,
      totalAmount: '245.50',
      currency: 'GHS',
    };
    expect(smsAnswerText({ ...booked, paymentMethod: 'mobile_money', status: 'awaiting_payment' })).toBe(
      'Krom: 2 seats Accra to Kumasi Fri 4 Dec 06:30, ride K7P2Q. Booking B7K2Q9, total GHS 245.50. Approve the mobile money prompt on your phone.',
    );
    expect(smsAnswerText({ ...booked, seats: 1, paymentMethod: 'cash', status: 'confirmed' })).toBe(
      'Krom: 1 seat Accra to Kumasi Fri 4 Dec 06:30, ride K7P2Q. Booking B7K2Q9, total GHS 245.50. Pay the driver in cash.',
    );
    expect(smsAnswerText({ ...booked, paymentMethod: 'mobile_money', status: 'requested' })).toContain(
      'The driver will accept or decline; we will text you. Then approve the mobile money prompt on your phone.',
    );
  });

  it('lists bookings with their codes, and a cancellation with its refund and the policy', () => {
    const booking = { from: 'Accra', to: 'Kumasi', bookingCode: 'B7K2Q9', rideCode: 'K7P2Q', departureAt: '2026-12-04T06:30:00.000Z', seats: 2, status: 'awaiting_payment' as const };
    expect(smsAnswerText({ kind: 'bookings', bookings: [booking] })).toBe(
      'Krom: Your bookings: B7K2Q9 Accra to Kumasi Fri 4 Dec 06:30 2 seats awaiting payment. To cancel, send CANCEL <booking code>',
    );
    const cancelled = { kind: 'cancelled' as const, bookingCode: 'B7K2Q9', from: 'Accra', to: 'Kumasi', departureAt: '2026-12-04T06:30:00.000Z', currency: 'GHS' };
    expect(smsAnswerText({ ...cancelled, refundAmount: '105.00', policy: 'Cancelled more than 24 hours before departure: full refund.' })).toBe(
      'Krom: Booking B7K2Q9 Accra to Kumasi Fri 4 Dec 06:30 is cancelled. GHS 105 goes back to your mobile money. Cancelled more than 24 hours before departure: full refund.',
    );
    expect(smsAnswerText({ ...cancelled, refundAmount: '0.00', policy: 'Cash booking.' })).toContain('is cancelled. No refund. Cash booking.');
  });

  it('passes rides’ refusal on in its own words, cut to two segments', () => {
    expect(smsAnswerText({ kind: 'refused', command: 'book', message: 'This ride is full.' })).toBe('Krom: This ride is full.');
    expect(smsSegments(smsAnswerText({ kind: 'refused', command: 'cancel', message: 'word '.repeat(100) }))).toBeLessThanOrEqual(2);
  });

  it('keeps Krom’s own replies to one segment each', () => {
    const replies = [smsReplies.help, smsReplies.stop, smsReplies.start, smsReplies.tooMany, smsReplies.suspended, ...Object.values(smsReplies.malformed), smsReplies.notMember('https://krom.example')];
    for (const reply of replies) expect(smsSegments(reply), reply).toBe(1);
  });
});
