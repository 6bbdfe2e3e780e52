/** Ghana local numbers: 10 digits starting with 0. */
const maxDigits = 10;

/**
 * What a phone field keeps of what was typed (the waitlist's behaviour): digits only, always
 * starting with 0 (put in front when the first digit is another one), never more than 10 digits.
 */
export function normalizePhoneInput(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  if (digits === '') return '';
  const withZero = digits.startsWith('0') ? digits : `0${digits}`;
  return withZero.slice(0, maxDigits);
}
