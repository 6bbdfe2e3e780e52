import { smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readSmsCommandReceived } from '../src/events/handlers/sms-command-received.ts';

const { integer, like, regex, uuid } = MatchersV3;

const pact = messageConsumerPact('krom-rides', 'krom-notifications');

/** A ride command a member texted, as notifications hands it to rides: who, from which number, the command parsed. */
const received = (command: Record<string, unknown>) => ({
  id: uuid('1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d'),
  type: smsCommandReceived.subject,
  occurredAt: isoDateTime('2026-11-28T09:00:00.000Z'),
  data: {
    // Once per inbound message: rides runs the command once however often it arrives.
    commandId: uuid('6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d'),
    memberId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
    // E.164: a mobile money prompt goes to it, on the network its prefix tells.
    phone: regex(/^\+233\d{9}$/.source, '+233244123456'),
    command,
    receivedAt: isoDateTime('2026-11-28T09:00:00.000Z'),
  },
});

const commands = [
  ['FIND Accra Kumasi 30/11', 'the towns and the day', { kind: 'find', from: like('Accra'), to: like('Kumasi'), date: regex(/^\d{4}-\d{2}-\d{2}$/.source, '2026-11-30') }],
  ['BOOK K7P2Q 2 CASH', 'the ride code, the seats and how to pay', { kind: 'book', rideCode: like('K7P2Q'), seats: integer(2), paymentMethod: 'cash' }],
  ['MY', 'nothing more', { kind: 'my' }],
  ['CANCEL HX4RT7A', 'the booking code', { kind: 'cancel', bookingCode: like('HX4RT7A') }],
] as const;

describe('krom-rides consuming krom-notifications SMS ride commands', () => {
  for (const [texted, what, command] of commands) {
    it(`reads "${texted}": the sender and ${what}`, () =>
      pact
        .given(`a member texted ${texted} from their verified phone`)
        .expectsToReceive(`a ${smsCommandReceived.subject} event with a ${command.kind} command`)
        .withContent(received(command))
        .verify(
          asynchronousBodyHandler(async (body) => {
            const envelope = readSmsCommandReceived(body);
            expect(envelope.type).toBe(smsCommandReceived.subject);
            expect(envelope.data.command.kind).toBe(command.kind);
            expect(envelope.data.phone).toBe('+233244123456');
          }),
        ));
  }
});
