import { smsCommandAnswered } from '@krom/contracts/events/sms-commands';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readSmsCommandAnswered } from '../src/events/handlers/sms-command-answered.ts';
import { smsAnswerText } from '../src/inbound-sms/sms-answers.ts';

const { integer, like, regex, uuid } = MatchersV3;

// The same pact file as rides' other messages: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-rides');

const rideCode = regex(/^[A-Z0-9]{4,8}$/.source, 'K7P2Q');
const money = (example: string) => regex(/^\d+\.\d{2}$/.source, example);
const phone = regex(/^\+233\d{9}$/.source, '+233241234567');

describe('krom-notifications consuming rides’ answers to SMS commands', () => {
  it('texts the rides FIND found, with their codes and how to book', () =>
    pact
      .given('a member texted FIND Accra Kumasi and a ride from Accra to Kumasi has seats left')
      .expectsToReceive(`a ${smsCommandAnswered.subject} event answering FIND`)
      .withContent({
        id: uuid('5c2e8a1f-3b7d-4e9a-8c1f-2d4b6e8a0c3e'),
        type: smsCommandAnswered.subject,
        occurredAt: isoDateTime('2026-12-01T08:00:00.000Z'),
        data: {
          commandId: uuid('0b3d5f7a-9c1e-4a3b-8d5f-7a9c1e3b5d7f'),
          memberId: uuid('2d4f6a8c-0e2a-4c4d-9f6a-8c0e2a4c6e8a'),
          phone,
          answer: {
            kind: 'rides',
            from: like('Accra'),
            to: like('Kumasi'),
            date: null,
            rides: [
              {
                from: like('Accra'),
                to: like('Kumasi'),
                rideCode,
                departureAt: isoDateTime('2026-12-04T06:30:00.000Z'),
                pricePerSeat: money('120.00'),
                currency: 'GHS',
                seatsLeft: integer(3),
              },
            ],
          },
          answeredAt: isoDateTime('2026-12-01T08:00:01.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const { data } = readSmsCommandAnswered(body);
          expect(smsAnswerText(data.answer)).toBe('Krom: Accra to Kumasi: K7P2Q Fri 4 Dec 06:30 GHS 120 3 seats left. Reply BOOK <code> <seats>');
        }),
      ));

  it('texts a mobile money booking made by BOOK, its code, total and the prompt to approve', () =>
    pact
      .given('a member texted BOOK for 2 seats by mobile money on an instant-booking ride from Accra to Kumasi')
      .expectsToReceive(`a ${smsCommandAnswered.subject} event answering BOOK`)
      .withContent({
        id: uuid('7e9a1c3e-5a7c-4e9b-8a1c-3e5a7c9e1b3d'),
        type: smsCommandAnswered.subject,
        occurredAt: isoDateTime('2026-12-01T08:05:00.000Z'),
        data: {
          commandId: uuid('1c3e5a7c-9e1b-4d3f-8b5d-7f9b1d3f5a7c'),
          memberId: uuid('2d4f6a8c-0e2a-4c4d-9f6a-8c0e2a4c6e8a'),
          phone,
          answer: {
            kind: 'booked',
            bookingCode: regex(/^[A-Z0-9]{4,10}$/.source, 'B7K2Q9'),
            rideCode,
            from: like('Accra'),
            to: like('Kumasi'),
            departureAt: isoDateTime('2026-12-04T06:30:00.000Z'),
            seats: 2,
            totalAmount: money('245.00'),
            currency: 'GHS',
            paymentMethod: 'mobile_money',
            status: 'awaiting_payment',
          },
          answeredAt: isoDateTime('2026-12-01T08:05:01.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const { data } = readSmsCommandAnswered(body);
          expect(smsAnswerText(data.answer)).toBe(
            'Krom: 2 seats Accra to Kumasi Fri 4 Dec 06:30, ride K7P2Q. Booking B7K2Q9, total GHS 245. Approve the mobile money prompt on your phone.',
          );
        }),
      ));

  it('texts rides’ refusal in rides’ own words', () =>
    pact
      .given('a member texted BOOK for more seats than a ride from Accra to Kumasi has left')
      .expectsToReceive(`a ${smsCommandAnswered.subject} event refusing BOOK`)
      .withContent({
        id: uuid('9a1c3e5a-7c9e-4b1d-8f3a-5c7e9a1c3e5b'),
        type: smsCommandAnswered.subject,
        occurredAt: isoDateTime('2026-12-01T08:10:00.000Z'),
        data: {
          commandId: uuid('3e5a7c9e-1b3d-4f5a-9c7e-9a1c3e5a7c9f'),
          memberId: uuid('2d4f6a8c-0e2a-4c4d-9f6a-8c0e2a4c6e8a'),
          phone,
          answer: { kind: 'refused', command: 'book', message: like('Only 1 seat is left on this ride.') },
          answeredAt: isoDateTime('2026-12-01T08:10:01.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const { data } = readSmsCommandAnswered(body);
          expect(smsAnswerText(data.answer)).toBe('Krom: Only 1 seat is left on this ride.');
        }),
      ));
});
