import { parsePhoneNumberFromString } from 'libphonenumber-js';

export class InvalidPhoneNumberError extends Error {
  constructor(readonly phoneNumber: string) {
    super(`Not a valid Ghana phone number: ${phoneNumber}`);
    this.name = 'InvalidPhoneNumberError';
  }
}

/**
 * A Ghana number as providers dial it: local 0XXXXXXXXX (the form the product collects) or
 * +233XXXXXXXXX in, +233XXXXXXXXX out. Krom only serves Ghana, so other countries are refused.
 */
export function toGhanaE164(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber.trim(), 'GH');
  if (parsed?.country !== 'GH' || !parsed.isValid()) throw new InvalidPhoneNumberError(phoneNumber);
  return parsed.number;
}
