/*
 * The numbers of paying by mobile money that the booking screen, rides and payments must agree
 * on, zod-free so a screen can import them without the schemas. Amounts are integer pesewas.
 */

/** Krom's service fee, paid by the passenger on top of the fare: 5% of it, at least GH₵1, rounded up to the pesewa. */
export const serviceFeeRatePercent = 5;
export const minimumServiceFeePesewas = 100;

/** The fee on a fare of `farePesewas` (0 for nothing to pay). */
export function serviceFeePesewas(farePesewas: number): number {
  if (!Number.isSafeInteger(farePesewas) || farePesewas < 0) throw new RangeError(`a fare must be whole pesewas, not ${farePesewas}`);
  if (farePesewas === 0) return 0;
  return Math.max(minimumServiceFeePesewas, Math.ceil((farePesewas * serviceFeeRatePercent) / 100));
}

/** How long seats are held for a mobile money prompt to be approved; past it the hold lapses and the seats come back. */
export const paymentHoldMinutes = 15;
