/*
 * Money: cedis counted in whole pesewas (1 cedi = 100 pesewas), so no float decides an amount.
 * In the API an amount is decimal text ("1250.50"); a new column holds integer pesewas; a person
 * reads it only as written here. Plain string arithmetic, no dependency: every remote loads this.
 */

/** Whole pesewas, from 0 to `maxPesewas`. */
export type Pesewas = number;

/** 999,999,999,999.99 cedis, the widest sum the services compute (`numeric(14, 2)`), and an exact integer in JavaScript. */
export const maxPesewas: Pesewas = 99_999_999_999_999;

/** Cedis as the API carries them: digits with at most two decimals (`45`, `45.5`, `1250.50`); no sign, no exponent. */
const decimalCedis = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Why an amount was refused, for the error a caller sees. */
const notAnAmount = (amount: unknown) => new RangeError(`Not an amount of cedis (0 to 999,999,999,999.99, at most 2 decimals): ${String(amount)}`);

/**
 * `"1250.5"` or `1250.5` → `125050`, exactly. A number is read by its shortest text, so `0.1 + 0.2`
 * (`0.30000000000000004`) is refused rather than rounded: sums are made in pesewas, not in cedis.
 * Throws a RangeError for anything else (negative, over 2 decimals, too large, not a number).
 */
export function toPesewas(amount: string | number): Pesewas {
  const match = decimalCedis.exec(typeof amount === 'number' ? String(amount) : amount.trim());
  if (!match) throw notAnAmount(amount);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whether `toPesewas` takes the amount. */
export function isCediAmount(amount: string | number): boolean {
  return decimalCedis.test(typeof amount === 'number' ? String(amount) : amount.trim());
}

const checked = (pesewas: Pesewas) => {
  if (!Number.isSafeInteger(pesewas) || pesewas < 0 || pesewas > maxPesewas) throw notAnAmount(`${pesewas} pesewas`);
  return pesewas;
};

/** `125050` → `"1250.50"`: an amount as the API writes it. */
export function toDecimalCedis(pesewas: Pesewas): string {
  const whole = String(checked(pesewas)).padStart(3, '0');
  return `${whole.slice(0, -2)}.${whole.slice(-2)}`;
}

/** A ride's total: the price per seat × the seats, exact, as API text (`"120.50"`, 3 → `"361.50"`). */
export function rideTotal(pricePerSeat: string | number, seats: number): string {
  if (!Number.isSafeInteger(seats) || seats < 0) throw new RangeError(`Not a number of seats: ${seats}`);
  return toDecimalCedis(toPesewas(pricePerSeat) * seats);
}

/** `"1250.5"` → `1,250.50`: thousands by commas, always two decimals. */
const grouped = (amount: string | number) => toDecimalCedis(toPesewas(amount)).replace(/\B(?=(\d{3})+\.)/g, ',');

/** `"1250.5"` → `GH₵1,250.50`: cedis on a screen (the spec: the cedi sign, two decimals). */
export const formatCedis = (amount: string | number) => `GH₵${grouped(amount)}`;

/**
 * `"1250.5"` → `GHS 1,250.50`: cedis in an SMS. The cedi sign is not in the GSM alphabet, and one
 * character outside it makes a text cost a segment per 70 characters instead of 160.
 */
export const formatCedisForSms = (amount: string | number) => `GHS ${grouped(amount)}`;

/** An amount in its currency on a screen: cedis as `formatCedis`, another currency (none exists yet) by its code. */
export const formatMoney = (amount: string | number, currency = 'GHS') => (currency === 'GHS' ? formatCedis(amount) : `${currency} ${grouped(amount)}`);

/** The same in an SMS: the currency by its code (`GHS 1,250.00`). */
export const formatMoneyForSms = (amount: string | number, currency = 'GHS') => `${currency} ${grouped(amount)}`;
