import { and, eq, isNotNull } from 'drizzle-orm';
import type { PaymentsDb } from '../db/payments-db.ts';
import { paymentMethods } from '../db/schema.ts';
import type { MobileMoneyNetwork, Wallet } from '../providers/mobile-money/port.ts';

/** The contract's networks as the port names them: Vodafone Cash is Telecel Cash now. */
export const portNetworks: Record<'mtn' | 'vodafone' | 'airteltigo', MobileMoneyNetwork> = { mtn: 'mtn', vodafone: 'telecel', airteltigo: 'airteltigo' };

/** 0241234567 → +233241234567: the port takes wallets in E.164. */
export const e164 = (localNumber: string) => `+233${localNumber.slice(1)}`;

/** +233241234567 → 0241234567, the local form a wallet is masked from. */
export const localNumber = (phone: string) => `0${phone.slice(4)}`;

/**
 * Where a driver's payouts go: their default mobile money number, once they have confirmed it with
 * the code texted to it. Null when there is none (the payout waits and staff see why).
 */
export async function defaultPayoutWallet(db: PaymentsDb, userId: string): Promise<(Wallet & { methodId: string }) | null> {
  const [row] = await db
    .select({ id: paymentMethods.id, number: paymentMethods.number, network: paymentMethods.network })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true), isNotNull(paymentMethods.verifiedAt)));
  if (!row) return null;
  return { methodId: row.id, phone: e164(row.number), network: portNetworks[row.network] };
}
