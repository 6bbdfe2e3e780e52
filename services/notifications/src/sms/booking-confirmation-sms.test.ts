import { describe, expect, it } from 'vitest';
import { bookingConfirmationSmsText } from './booking-confirmation-sms.ts';

describe('the booking confirmation SMS', () => {
  it('names the trip, the time, the driver and the vehicle in one segment', () => {
    const text = bookingConfirmationSmsText({ from: 'Accra', to: 'Kumasi', date: '12 Dec', time: '08:00', driver: 'Kwame', vehicle: 'Toyota Corolla GR-1234-20' });
    expect(text).toBe('Krom: your seat is booked. Accra to Kumasi on 12 Dec at 08:00 with Kwame in Toyota Corolla GR-1234-20.');
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
