import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { envelopeReader } from '@krom/server-kit/consumer';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';

const { eachLike, like, regex, uuid } = MatchersV3;

const pact = messageConsumerPact('krom-admin', 'krom-identity');
const event = staffActionEvents.identity;

describe('krom-admin consuming krom-identity staff actions', () => {
  it('reads a verification decision as an audit log entry: who, what, why and to whom', () =>
    pact
      .given('staff decided a verification submission')
      .expectsToReceive(`a ${event.subject} event`)
      .withContent({
        id: uuid('7e1c2d3b-4a5f-4b6c-8d7e-9f0a1b2c3d4e'),
        type: event.subject,
        occurredAt: isoDateTime('2025-03-02T10:15:00.000Z'),
        data: {
          actorId: uuid('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'),
          actorRoles: eachLike(regex(`^(${staffRoles.join('|')})$`, 'trust_safety')),
          action: regex('^verification\\.(approved|rejected)$', 'verification.rejected'),
          targetType: like('verification'),
          targetId: uuid('5b2e8c41-9d3f-4a6b-8c7d-2e1f0a9b8c7d'),
          reason: like('The licence photo is blurred.'),
          details: { kind: regex('^(identity|driver)$', 'driver'), userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f') },
          actedAt: isoDateTime('2025-03-02T10:15:00.000Z'),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = envelopeReader(event)(body);
          expect(envelope.data).toMatchObject({ action: 'verification.rejected', targetType: 'verification', reason: 'The licence photo is blurred.' });
          expect(envelope.data.actorRoles).toContain('trust_safety');
        }),
      ));
});
