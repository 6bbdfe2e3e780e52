import type { userDeleted } from '@krom/contracts/events/identity';
import { type EventRule, once } from '@krom/server-kit/consumer';
import type { Logger } from '@krom/server-kit/logger';
import type { z } from 'zod';
import type { PaymentsDb } from '../../db/payments-db.ts';
import { eraseSettledWallets, recordDeletedMember } from '../../deleted-members/erase-settled-wallets.ts';
import { forgetPaymentMethodsOf } from '../../payment-methods/user-payment-methods.ts';

type UserDeleted = z.infer<typeof userDeleted.schema>;

/**
 * krom.identity.user.deleted.v1 → the member's saved mobile money numbers and their codes are
 * deleted and the deletion recorded, once per event id; after the commit, the full wallet number
 * is erased from their payments and payouts whose money is settled (the sweep erases the others
 * as they settle). Payments, refunds, payouts and the ledger stay: they are financial records.
 */
export function handleUserDeleted(db: PaymentsDb, logger: Logger): EventRule<UserDeleted> {
  return once(db, {
    inTransaction: async (tx, { data: { userId, deletedAt } }) => {
      await recordDeletedMember(tx, userId, new Date(deletedAt));
      return forgetPaymentMethodsOf(tx, userId);
    },
    afterCommit: async (envelope, result) => {
      if (result.first) logger.info({ eventId: envelope.id, removedPaymentMethods: result.value }, 'deleted account: payment methods removed');
      // On every delivery: a redelivery after a crash between the commit and here still erases.
      const erased = await eraseSettledWallets(db, envelope.data.userId);
      if (erased.payments + erased.payouts > 0) logger.info({ eventId: envelope.id, erasedWallets: erased }, 'deleted account: settled wallet numbers erased');
    },
  });
}
