import type { EventEnvelope } from '@krom/contracts/envelope';
import { userDeleted } from '@krom/contracts/events/identity';
import type { Logger } from '@krom/server-kit/logger';
import { handleOnce } from '@krom/server-kit/outbox';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';
import type { z } from 'zod';
import type { RidesDb } from '../../db/rides-db.ts';
import { forgetPaymentMethodsOf } from '../../payment-methods/user-payment-methods.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/**
 * krom.identity.user.deleted.v1 → the user's saved mobile money numbers are deleted, once per
 * event id. Payments stay: they are financial records of both parties and hold only user ids.
 */
export function handleUserDeleted(db: RidesDb, logger: Logger): (envelope: EventEnvelope<UserDeleted>) => Promise<void> {
  return (envelope) =>
    withSpan(
      `handle ${userDeleted.subject}`,
      async () => {
        let removed = 0;
        const firstTime = await handleOnce(db, envelope, async (tx) => {
          removed = await forgetPaymentMethodsOf(tx, envelope.data.userId);
        });
        if (firstTime) logger.info({ eventId: envelope.id, removedPaymentMethods: removed }, 'deleted account: payment methods removed');
      },
      {
        parent: contextFromTraceparent(envelope.traceparent),
        kind: SpanKind.CONSUMER,
        attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
      },
    );
}
