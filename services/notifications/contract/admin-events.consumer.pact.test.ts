import { ticketReplied, waitlistJoined } from '@krom/contracts/events/admin';
import { ghanaPhonePattern } from '@krom/contracts/http/fields';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readTicketReplied } from '../src/events/handlers/ticket-replied.ts';
import { readWaitlistJoined } from '../src/events/handlers/waitlist-joined.ts';
import { ticketRepliedNotice } from '../src/notifications/ticket-notices.ts';
import { welcomeSms } from '../src/sms/welcome-sms.ts';

const { like, regex, uuid } = MatchersV3;


const pact = messageConsumerPact('krom-notifications', 'krom-admin');

describe('krom-notifications consuming krom-admin events', () => {
  it('turns a waitlist.joined envelope into a welcome SMS to the sign-up number', () =>
    pact
      .given('a visitor joined the waitlist')
      .expectsToReceive(`a ${waitlistJoined.subject} event`)
      .withContent({
        id: uuid('4f7c1c8e-6a2b-4d3e-9f10-2b3c4d5e6f70'),
        type: waitlistJoined.subject,
        occurredAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        data: {
          signupId: uuid('0b8e6a52-3c1d-4e2f-8a9b-7c6d5e4f3a21'),
          name: like('Ama Mensah'),
          email: like('ama@example.com'),
          phone: regex(ghanaPhonePattern.source, '0241234567'),
          joinedAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readWaitlistJoined(body);
          expect(envelope.type).toBe(waitlistJoined.subject);
          const sms = welcomeSms(envelope.data);
          expect(sms.phoneNumber).toBe('+233241234567');
          expect(sms.message).toMatch(/^Hi Ama, /);
        }),
      ));

  it('turns a ticket.replied envelope into the member\'s notice leading to the ticket', () =>
    pact
      .given('staff replied to a support ticket')
      .expectsToReceive(`a ${ticketReplied.subject} event`)
      .withContent({
        id: uuid('7a1c2e3d-4b5f-4a6e-8c7d-9e0f1a2b3c4d'),
        type: ticketReplied.subject,
        occurredAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        data: {
          ticketId: uuid('1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
          memberId: uuid('2e3f4051-6b7c-4d8e-9fa0-1b2c3d4e5f60'),
          messageId: uuid('3f405162-7c8d-4e9f-a0b1-2c3d4e5f6071'),
          subject: like('Driver never came'),
          repliedAt: isoDateTime('2025-03-01T09:30:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readTicketReplied(body);
          expect(envelope.type).toBe(ticketReplied.subject);
          expect(ticketRepliedNotice(envelope.data).data).toEqual({ ticketId: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f', link: '/support/tickets/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f' });
        }),
      ));
});
