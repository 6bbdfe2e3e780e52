import type { SmsCommandAnswer } from '@krom/contracts/events/sms-commands';
import { describe, expect, it } from 'vitest';
import { booked } from '../../test/sms-command-answers.ts';
import { MAX_SCREEN, type UssdMemory, type UssdWalk, ussdRefusals, ussdTexts, walkUssd } from './ussd-menu.ts';

const today = '2026-12-03';
const ride = (rideCode: string, hour: string, seatsLeft: number, from = 'Accra', to = 'Kumasi') => ({
  from,
  to,
  rideCode,
  departureAt: `2026-12-04T${hour}:00.000Z`,
  pricePerSeat: '120.00',
  currency: 'GHS',
  seatsLeft,
});
const memory = (answers: Record<string, SmsCommandAnswer> = {}, waited: Record<string, number> = {}): UssdMemory => ({ answers, waited });
const screen = (walk: UssdWalk) => {
  if (walk.kind !== 'screen') throw new Error(`expected a screen, got ${JSON.stringify(walk)}`);
  return walk.screen;
};
const rides: SmsCommandAnswer = { kind: 'rides', from: 'Accra', to: 'Kumasi', date: '2026-12-04', rides: [ride('K7P2Q', '06:30', 3), ride('M4X9T', '09:00', 1)] };

describe('the USSD menu', () => {
  it('opens on the main menu and answers help', () => {
    expect(screen(walkUssd([], memory(), today))).toEqual({ text: ussdTexts.main, end: false });
    expect(screen(walkUssd(['3'], memory(), today))).toEqual({ text: ussdTexts.help, end: true });
    expect(screen(walkUssd(['9'], memory(), today)).text).toBe(`${ussdTexts.invalid}\n${ussdTexts.main}`);
  });

  it('finds rides between two towns on a date, then books seats by mobile money', () => {
    expect(screen(walkUssd(['1'], memory(), today)).text).toBe(ussdTexts.from);
    expect(screen(walkUssd(['1', 'Accra'], memory(), today)).text).toBe(ussdTexts.to);
    expect(screen(walkUssd(['1', 'Accra', 'Kumasi'], memory(), today)).text).toBe(ussdTexts.day);
    expect(walkUssd(['1', 'Accra', 'Kumasi', '2'], memory(), today)).toEqual({ kind: 'ask', key: '1*Accra*Kumasi*2', command: { kind: 'find', from: 'Accra', to: 'Kumasi', date: '2026-12-04' } });
    expect(walkUssd(['1', 'Accra', 'Kumasi', '3', '24/12'], memory(), today)).toMatchObject({ command: { kind: 'find', date: '2026-12-24' } });
    expect(screen(walkUssd(['1', 'Accra', 'Kumasi', '3', '31/02'], memory(), today)).text).toBe(`${ussdTexts.invalid}\n${ussdTexts.dayEntry}`);

    const known = memory({ '1*Accra*Kumasi*2': rides });
    const path = ['1', 'Accra', 'Kumasi', '2'];
    expect(screen(walkUssd(path, known, today)).text).toBe('Accra to Kumasi:\n1 Fri 4 Dec 06:30 GHS 120 3 left\n2 Fri 4 Dec 09:00 GHS 120 1 left');
    expect(screen(walkUssd([...path, '1'], known, today)).text).toBe('How many seats? (1-3)');
    expect(screen(walkUssd([...path, '1', '4'], known, today)).text).toBe(`${ussdTexts.invalid}\nHow many seats? (1-3)`);
    expect(screen(walkUssd([...path, '1', '2'], known, today)).text).toBe('Pay by\n1 Mobile money\n2 Cash to the driver');
    expect(screen(walkUssd([...path, '1', '2', '1'], known, today)).text).toBe('Book 2 seats Accra to Kumasi Fri 4 Dec 06:30, fare GHS 240 plus fee, mobile money?\n1 Book\n2 Cancel');
    const bookAt = [...path, '1', '2', '1', '1'];
    expect(walkUssd(bookAt, known, today)).toEqual({ kind: 'ask', key: bookAt.join('*'), command: { kind: 'book', rideCode: 'K7P2Q', seats: 2, paymentMethod: 'mobile_money' } });
    const done = memory({ ...known.answers, [bookAt.join('*')]: booked('mobile_money', 'awaiting_payment') });
    expect(screen(walkUssd(bookAt, done, today))).toEqual({
      text: 'Booked B7K2Q9: 2 seats Accra to Kumasi Fri 4 Dec 06:30, GHS 250. Approve the mobile money prompt on your phone.',
      end: true,
    });
    expect(screen(walkUssd([...path, '1', '2', '1', '2'], known, today))).toEqual({ text: ussdTexts.notBooked, end: true });
  });

  it('books by cash, and says when no ride has seats', () => {
    const path = ['1', 'Accra', 'Kumasi', '1', '2', '1', '2', '1'];
    expect(walkUssd(path, memory({ '1*Accra*Kumasi*1': rides }), today)).toMatchObject({ command: { kind: 'book', rideCode: 'M4X9T', seats: 1, paymentMethod: 'cash' } });
    const cash = { ...booked('cash', 'confirmed'), seats: 1 };
    expect(screen(walkUssd(path, memory({ '1*Accra*Kumasi*1': rides, [path.join('*')]: cash }), today)).text).toBe(
      'Booked B7K2Q9: 1 seat Accra to Kumasi Fri 4 Dec 06:30, GHS 250. Pay the driver in cash.',
    );
    const none: SmsCommandAnswer = { kind: 'rides', from: 'Accra', to: 'Tamale', date: '2026-12-03', rides: [] };
    expect(screen(walkUssd(['1', 'Accra', 'Tamale', '1'], memory({ '1*Accra*Tamale*1': none }), today))).toEqual({
      text: 'No rides Accra to Tamale on Thu 3 Dec with seats left. Dial again to try another day.',
      end: true,
    });
  });

  it('shows "Searching" when rides has not answered in time, and the answer on the next step', () => {
    const waited = memory({}, { '1*Accra*Kumasi*2': 1 });
    expect(screen(walkUssd(['1', 'Accra', 'Kumasi', '2'], waited, today)).text).toBe(ussdTexts.searching);
    const answered = memory({ '1*Accra*Kumasi*2': rides }, { '1*Accra*Kumasi*2': 1 });
    expect(screen(walkUssd(['1', 'Accra', 'Kumasi', '2', '1'], answered, today)).text).toContain('1 Fri 4 Dec 06:30');
    expect(screen(walkUssd(['1', 'Accra', 'Kumasi', '2', '1', '1'], answered, today)).text).toBe('How many seats? (1-3)');
  });

  it('lists my bookings and cancels one by the policy rides states', () => {
    expect(walkUssd(['2'], memory(), today)).toEqual({ kind: 'ask', key: '2', command: { kind: 'my' } });
    const mine: SmsCommandAnswer = {
      kind: 'bookings',
      bookings: [{ bookingCode: 'B7K2Q9', rideCode: 'K7P2Q', from: 'Accra', to: 'Kumasi', departureAt: '2026-12-04T06:30:00.000Z', seats: 2, status: 'confirmed' }],
    };
    const known = memory({ '2': mine });
    expect(screen(walkUssd(['2'], known, today)).text).toBe('Your bookings:\n1 B7K2Q9 Accra to Kumasi Fri 4 Dec 06:30');
    expect(screen(walkUssd(['2', '1'], known, today)).text).toBe('B7K2Q9 Accra to Kumasi Fri 4 Dec 06:30, 2 seats, confirmed\n1 Cancel booking\n2 Keep it');
    expect(screen(walkUssd(['2', '1', '2'], known, today))).toEqual({ text: ussdTexts.unchanged, end: true });
    expect(walkUssd(['2', '1', '1'], known, today)).toEqual({ kind: 'ask', key: '2*1*1', command: { kind: 'cancel', bookingCode: 'B7K2Q9' } });
    const cancelled: SmsCommandAnswer = {
      kind: 'cancelled',
      bookingCode: 'B7K2Q9',
      from: 'Accra',
      to: 'Kumasi',
      departureAt: '2026-12-04T06:30:00.000Z',
      refundAmount: '250.00',
      currency: 'GHS',
      policy: 'Full refund: cancelled more than 24 hours before departure.',
    };
    expect(screen(walkUssd(['2', '1', '1'], memory({ '2': mine, '2*1*1': cancelled }), today))).toEqual({
      text: 'Booking B7K2Q9 Accra to Kumasi is cancelled. GHS 250 back to your mobile money. Full refund: cancelled more than 24 hours before departure.',
      end: true,
    });
    expect(screen(walkUssd(['2'], memory({ '2': { kind: 'bookings', bookings: [] } }), today)).end).toBe(true);
  });

  it('refuses in rides’ words, an unknown number and a suspended member as the SMS path does', () => {
    const refused: SmsCommandAnswer = { kind: 'refused', command: 'my', message: 'Your account is suspended.' };
    expect(screen(walkUssd(['2'], memory({ '2': refused }), today))).toEqual({ text: 'Your account is suspended.', end: true });
    expect(ussdRefusals.notMember('https://krom.example').text).toBe('This number is not on Krom. Sign up at https://krom.example to book rides by SMS.');
    expect(ussdRefusals.suspended.text).toMatch(/^Your Krom account is suspended/);
  });

  it('keeps every screen within 160 characters, cutting long town names', () => {
    const from = 'Kwame Nkrumah Interchange Circle Accra Greater';
    const to = 'Kejetia Lorry Station Kumasi Central Ashanti';
    const long = { kind: 'rides' as const, from, to, date: '2026-12-04', rides: [1, 2, 3].map((i) => ({ ...ride(`CODE${i}`, '06:30', 8, from, to), pricePerSeat: '1250.50' })) };
    const path = ['1', from, to, '2'];
    const bookAt = [...path, '1', '8', '1', '1'];
    const answers = {
      [path.join('*')]: long,
      [bookAt.join('*')]: { ...booked('mobile_money', 'awaiting_payment'), from, to, seats: 8, totalAmount: '10004.00' },
      '2': { kind: 'bookings' as const, bookings: [1, 2, 3, 4, 5].map((i) => ({ bookingCode: `BOOKING${i}`, rideCode: 'K7P2Q', from, to, departureAt: '2026-12-04T06:30:00.000Z', seats: 8, status: 'awaiting_payment' as const })) },
      '2*1*1': { kind: 'cancelled' as const, bookingCode: 'BOOKING1', from, to, departureAt: '2026-12-04T06:30:00.000Z', refundAmount: '10004.00', currency: 'GHS', policy: 'x'.repeat(300) },
      '3': { kind: 'refused' as const, command: 'find' as const, message: 'y'.repeat(300) },
    };
    const paths = [[], ['3'], ['1'], ['1', from], ['1', from, to], ['1', from, to, '3'], ['9'], ...bookAt.map((_, i) => bookAt.slice(0, i + 1)), ['2'], ['2', '1'], ['2', '1', '1']];
    const screens = paths.map((inputs) => walkUssd(inputs, memory(answers), today)).filter((walk) => walk.kind === 'screen');
    expect(screens.length).toBeGreaterThanOrEqual(15);
    for (const walk of screens) expect(walk.screen.text.length, walk.screen.text).toBeLessThanOrEqual(MAX_SCREEN);
    expect(screen(walkUssd(path, memory(answers), today)).text).toMatch(/^Kwame Nkrumah Int\.\.\. to Kejetia Lorry Sta\.\.\.:\n1 /);
  });
});
