/*
 * The chart of accounts (README, "The ledger"). An account is a type and, for the types kept per
 * booking or per driver, that booking's or driver's id: one passenger's held money never mixes
 * with another's, and each driver is owed their own.
 */

/** Money Krom holds in the gateway's balance: up with each collection, down with each payout, refund and fee. */
export const gatewayClearing = 'gateway_clearing';
/** A booking's fare and fee as paid, held until the trip has happened (or refunded). */
export const passengerFundsHeld = 'passenger_funds_held';
/** Krom's service fee, once a booking's money is released. */
export const serviceFeeRevenue = 'service_fee_revenue';
/** What Krom owes a driver: released fares not yet sent. */
export const driverPayable = 'driver_payable';
/** A driver's payouts asked of the gateway and not yet confirmed paid out. */
export const payoutsInTransit = 'payouts_in_transit';
/** A booking's refunds asked of the gateway and not yet confirmed paid back. */
export const refundsInTransit = 'refunds_in_transit';
/** What the gateway kept for itself. */
export const gatewayFees = 'gateway_fees';

export const bookingAccountTypes = [passengerFundsHeld, refundsInTransit] as const;
export const driverAccountTypes = [driverPayable, payoutsInTransit] as const;
export const singleAccountTypes = [gatewayClearing, serviceFeeRevenue, gatewayFees] as const;
export const ledgerAccountTypes = [...singleAccountTypes, ...bookingAccountTypes, ...driverAccountTypes] as const;

export type LedgerAccountType = (typeof ledgerAccountTypes)[number];

export type LedgerAccount =
  | { type: (typeof singleAccountTypes)[number] }
  | { type: (typeof bookingAccountTypes)[number]; bookingId: string }
  | { type: (typeof driverAccountTypes)[number]; driverId: string };

/** One way to name each account, so no caller spells a type or forgets whose account it is. */
export const ledgerAccounts = {
  gatewayClearing: (): LedgerAccount => ({ type: gatewayClearing }),
  passengerFundsHeld: (bookingId: string): LedgerAccount => ({ type: passengerFundsHeld, bookingId }),
  serviceFeeRevenue: (): LedgerAccount => ({ type: serviceFeeRevenue }),
  driverPayable: (driverId: string): LedgerAccount => ({ type: driverPayable, driverId }),
  payoutsInTransit: (driverId: string): LedgerAccount => ({ type: payoutsInTransit, driverId }),
  refundsInTransit: (bookingId: string): LedgerAccount => ({ type: refundsInTransit, bookingId }),
  gatewayFees: (): LedgerAccount => ({ type: gatewayFees }),
};

/** The account's row key: its type and the one id it is kept per, the other null. */
export function accountKey(account: LedgerAccount): { type: LedgerAccountType; bookingId: string | null; driverId: string | null } {
  return {
    type: account.type,
    bookingId: 'bookingId' in account ? account.bookingId : null,
    driverId: 'driverId' in account ? account.driverId : null,
  };
}

/** A readable name for an account in errors and reports: `driver_payable:<driver id>`. */
export function accountName(key: { type: string; bookingId: string | null; driverId: string | null }): string {
  const owner = key.bookingId ?? key.driverId;
  return owner ? `${key.type}:${owner}` : key.type;
}
