/** The spec's message for a phone number that is not a Ghana one. */
export const ghanaPhoneMessage = 'Please enter a valid 10-digit Ghana phone number starting with 0';

/** 0, then a digit 2 to 9, then 8 digits: a Ghana mobile or landline number in local format. */
export const ghanaPhonePattern = /^0[2-9]\d{8}$/;

/** Spaces, dashes, dots and brackets people put between the digits of a number. */
const separators = /[\s\-.()]/g;
/** +233, 00233 or 233, then the 9 digits after the local 0 (some write that 0 too: +233 (0)24…). */
const international = /^(?:\+|00)?2330?([2-9]\d{8})$/;

/**
 * A Ghana number as people type it, in the local form Krom stores: "+233 24 123 4567",
 * "00233241234567" and "024-123-4567" are all 0241234567. Anything it cannot read as a Ghana
 * number (nine digits without the 0 included) comes back without separators, for the pattern to refuse.
 * No zod here: the phone field runs it on every page that has one.
 */
export function localGhanaPhone(typed: string): string {
  const compact = typed.replace(separators, '');
  const abroad = international.exec(compact);
  if (abroad) return `0${abroad[1]}`;
  return compact;
}

/** Ghana local numbers: 10 digits starting with 0. */
const localDigits = 10;

/**
 * What a phone field keeps as a number is typed, by the spec's rule (digits only, a leading 0,
 * at most 10 digits), reading the international form too: "+233 24 123 4567" (typed or pasted)
 * becomes 0241234567 rather than the 0233… the bare rule would make of it. While "+233" or
 * "00233" is still being typed it is kept as it is, since it cannot be read yet.
 */
export function typedGhanaPhone(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  const code = /^\s*\+/.test(typed) ? '233' : digits.startsWith('00') ? '00233' : undefined;
  if (code !== undefined) {
    if (digits.startsWith(code) && digits.length > code.length) {
      const rest = digits.slice(code.length).replace(/^0/, '');
      return rest === '' ? '0' : `0${rest}`.slice(0, localDigits);
    }
    // "+", "+23", "002": the country code is still being typed.
    if (code.startsWith(digits)) return code === '233' ? `+${digits}` : digits;
    // Another country's number stays one, for the form to refuse, never a Ghana-looking 0…
    if (code === '233') return `+${digits}`.slice(0, 16);
  }
  if (digits === '') return '';
  // Past ten digits, a number that began 233 was the international form typed without its +.
  const bare = digits.startsWith('0') ? digits.slice(1) : digits;
  if (digits.length > localDigits && bare.startsWith('233')) return `0${bare.slice(3).replace(/^0/, '')}`.slice(0, localDigits);
  return (digits.startsWith('0') ? digits : `0${digits}`).slice(0, localDigits);
}
