import type { userDeleted } from '@krom/contracts/events/identity';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { z } from 'zod';
import type { PaymentsDb } from '../../db/payments-db.ts';
import { forgetPaymentMethodsOf } from '../../payment-methods/user-payment-methods.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/**
 * krom.identity.user.deleted.v1 → the member's saved mobile money numbers and their codes are
 * deleted, once per event id. Payments, refunds, payouts and the ledger stay: they are financial
 * records and hold only ids (and the wallet a payment was taken from, masked in every answer).
 */
export function handleUserDeleted(db: PaymentsDb, logger: Logger): EventRule<UserDeleted> {
  return once(db, {
    inTransaction: (tx, { data: { userId } }) => forgetPaymentMethodsOf(tx, userId),
    afterCommit: async (envelope, result) => {
      if (result.first) logger.info({ eventId: envelope.id, removedPaymentMethods: result.value }, 'deleted account: payment methods removed');
    },
  });
}
