import { boardingCodeAlphabet, boardingCodeLength } from '@krom/contracts/http/bookings';

/*
 * The boarding code as the driver types it or the camera reads it from the passenger's QR code:
 * upper case (the contracts' alphabet has no lower-case letters), without the spaces or dashes a
 * driver may type between its characters.
 */

export const normaliseBoardingCode = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

const shape = new RegExp(`^[${boardingCodeAlphabet}]{${boardingCodeLength}}$`);

/** Whether `code` (normalised) can be a boarding code: 6 characters of the contracts' alphabet. */
export const isBoardingCode = (code: string) => shape.test(code);
