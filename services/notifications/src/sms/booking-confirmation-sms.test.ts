import { describe, expect, it } from 'vitest';
import { bookingConfirmationSmsText, eTicketSmsText, type ETicket } from './booking-confirmation-sms.ts';
import { gsmLength, smsSegments } from './sms-segment.ts';

const ticket: ETicket = {
  from: 'Nkawkaw',
  to: 'Kumasi',
  date: 'Fri 28 Nov',
  time: '2:30 PM',
  boardingPlace: 'Nkawkaw',
  meetingPoint: 'Shell station, main road',
  driver: 'Kwame',
  car: 'Silver Toyota Corolla',
  plate: 'GR-1234-20',
  boardingCode: 'K7P3QX',
  fare: '2 seats, GHS 120.00 cash to the driver',
};

const long = (name: string) => `${name} ${'Very Long Community Junction Name '.repeat(3).trim()}`;

describe('the SMS e-ticket', () => {
  it('names the leg, the day and time, where to board, the driver, the car, its plate and the boarding code', () => {
    const text = eTicketSmsText(ticket);
    expect(text).toBe(
      'Krom e-ticket: Nkawkaw to Kumasi, Fri 28 Nov at 2:30 PM. Board at Nkawkaw (Shell station, main road). Driver Kwame, Silver Toyota Corolla GR-1234-20. Boarding code K7P3QX. 2 seats, GHS 120.00 cash to the driver.',
    );
    expect(gsmLength(text)).toBeDefined();
    expect(smsSegments(text)).toBe(2);
  });

  it('keeps long place names within two GSM segments, giving up the meeting point and the fare before the code, the plate or the time', () => {
    const text = eTicketSmsText({
      ...ticket,
      from: long('Nkawkaw'),
      to: long('Kumasi'),
      boardingPlace: long('Nkawkaw'),
      meetingPoint: long('Behind the Shell station'),
    });
    expect(gsmLength(text)).toBeDefined();
    expect(smsSegments(text)).toBeLessThanOrEqual(2);
    expect(text).toContain('Boarding code K7P3QX.');
    expect(text).toContain('Driver Kwame, Silver Toyota Corolla GR-1234-20.');
    expect(text).toContain('Fri 28 Nov at 2:30 PM');
    expect(text).not.toContain('Behind the Shell');
    expect(text).not.toContain('GHS');
    expect(text).toMatch(/^Krom e-ticket: Nkawkaw Very Long .*\.\.\. to Kumasi Very Long .*\.\.\., /);
  });

  it('gives up a long meeting point first, keeping the fare', () => {
    const text = eTicketSmsText({ ...ticket, meetingPoint: long('Behind the Shell station') });
    expect(smsSegments(text)).toBeLessThanOrEqual(2);
    expect(text).not.toContain('Behind the Shell');
    expect(text).toContain('2 seats, GHS 120.00 cash to the driver.');
  });

  it('writes names in GSM characters (no cedi sign, ɛ and ɔ plainly), so it is not sent as a 70-character Unicode SMS', () => {
    const text = eTicketSmsText({ ...ticket, from: 'Kɔforidua', boardingPlace: 'Kɔforidua', meetingPoint: '“Top” station – gate', driver: 'Afua' });
    expect(text).toContain('Krom e-ticket: Koforidua to Kumasi');
    expect(text).toContain('Board at Koforidua ("Top" station - gate).');
    expect(gsmLength(text)).toBeDefined();
  });

  it('fits even when every field a staff member can type is as long as the panel allows', () => {
    const eighty = 'x'.repeat(80);
    const text = bookingConfirmationSmsText({ from: eighty, to: eighty, date: eighty, time: eighty, driver: eighty, vehicle: eighty });
    expect(smsSegments(text)).toBeLessThanOrEqual(2);
  });

  it('is the staff panel test send too: the same words without a boarding place or code', () => {
    const text = bookingConfirmationSmsText({ from: 'Accra', to: 'Kumasi', date: '12 Dec', time: '08:00', driver: 'Kwame', vehicle: 'Toyota Corolla GR-1234-20' });
    expect(text).toBe('Krom e-ticket: Accra to Kumasi, 12 Dec at 08:00. Driver Kwame, Toyota Corolla GR-1234-20.');
  });
});
