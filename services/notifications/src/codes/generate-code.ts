import { randomInt } from 'node:crypto';
import { phoneCodeRules } from '@krom/contracts/http/phone-codes';

/** A code of the spec's four digits from the operating system's cryptographic generator; leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** phoneCodeRules.digits)
    .toString()
    .padStart(phoneCodeRules.digits, '0');
}
