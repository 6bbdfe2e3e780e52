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
