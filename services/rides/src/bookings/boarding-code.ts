import { randomInt } from 'node:crypto';
import { boardingCodeAlphabet, boardingCodeLength } from '@krom/contracts/http/bookings';

/** A fresh boarding code: 6 characters drawn uniformly (crypto) from the alphabet without look-alikes. */
export function newBoardingCode(): string {
  let code = '';
  for (let i = 0; i < boardingCodeLength; i += 1) code += boardingCodeAlphabet[randomInt(boardingCodeAlphabet.length)];
  return code;
}
