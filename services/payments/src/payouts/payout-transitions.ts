/*
 * A payout's life (README "Payouts"): made by the sweep from a booking's credits to
 * `driver_payable:<driver>` that no payout has claimed yet (payout-credits.ts), due 24 hours after
 * them; a credit arriving after a booking's payout was made gets a payout of its own.
 *
 *   scheduled → sent                 due, and the driver has a confirmed number (payout_sent)
 *   scheduled → needs_attention      due, and the driver has no confirmed number
 *   sent → succeeded                 the gateway's own record says the driver has it (payout_paid)
 *   sent → failed                    the gateway says this attempt failed (payout_failed); asked again later
 *   sent → needs_attention           the last attempt failed (payout_failed): staff must act
 *   failed → sent                    its next attempt is due (a new gateway reference)
 *   needs_attention → sent           the driver added a number (the sweep re-checks), or staff asked again
 */

export const payoutStatuses = ['scheduled', 'sent', 'succeeded', 'failed', 'needs_attention'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** The disputes window: a payout is due this long after the entry that made the booking's money the driver's (config PAYOUT_DELAY_SECONDS, in seconds, defaults to it). */
export const payoutDelayHours = 24;

/** How long a sent payout waits on its callback before the sweep asks the gateway again (same reference: never paid twice). */
export const payoutCallbackWaitSeconds = 60;

/** The waits after each failed attempt; once they are used up, the next failure leaves the payout to staff. */
export const payoutRetryDelaysMinutes = [15, 60, 240, 720] as const;
/** How many attempts the sweep makes on its own (staff may ask for more). */
export const maxPayoutAttempts = payoutRetryDelaysMinutes.length + 1;

/** When a payout that has now failed `attempts` times is tried again; null once staff must act. */
export function nextPayoutAttemptAt(attempts: number, now: Date): Date | null {
  const minutes = payoutRetryDelaysMinutes[attempts - 1];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
}

/** Where a payout may be sent from: scheduled, an attempt failed, or waiting on a number (or staff). */
export const sendableStatuses = ['scheduled', 'failed', 'needs_attention'] as const satisfies readonly PayoutStatus[];

/**
 * The gateway's reference of a payout's attempt: the payout's id for the first, `<id>-<attempt>`
 * after (a gateway answers a reference it has seen with that movement, failed or not, so a new
 * attempt needs a new one; 38 characters at most, within every gateway's alphabet).
 */
export const attemptReference = (payoutId: string, attempt: number) => (attempt <= 1 ? payoutId : `${payoutId}-${attempt}`);

/** Why a payout waits: for the driver (their messages) and staff (the attention list). */
export const payoutReasons = {
  noNumber: 'The driver has no confirmed mobile money number to be paid to',
  failed: 'The payout to the driver’s mobile money number failed; it will be tried again',
  keepsFailing: 'The payout to the driver’s mobile money number kept failing; staff must act',
  otherAmount: 'The gateway reports another amount paid out than was asked; staff must check',
} as const;
