import { messageMask } from '@krom/contracts/http/messages';

/*
 * Before a passenger has a confirmed booking on the ride, what would take the deal off Krom is
 * hidden from their messages: phone numbers, e-mail addresses and payment details. The rules:
 *
 * - an e-mail address, also written with "(at)" / "[at]" and "(dot)" / "[dot]";
 * - any run of 9 or more digits, with or without a leading "+", single spaces, dashes, dots or
 *   brackets between them: every Ghana phone (024 123 4567, +233 24 123 4567, +233 (0)24…,
 *   0241234567), so every mobile money wallet, and every card or bank account number;
 * - a run of 5 or more digits written after a payment word (momo, mobile money, account, acct,
 *   a/c, merchant, wallet, card, bank, pin): merchant codes and short account numbers.
 *
 * Ordinary numbers stay: seats, prices ("GH₵ 50", "GHS 1,250.00"), times ("6:30"), dates
 * ("28/11/2026", whose slashes do not join the parts). Numbers written in words are not caught.
 */

const email = /[\w.+-]+\s*(?:@|\(at\)|\[at\])\s*[\w-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\w-]+)*\s*(?:\.|\(dot\)|\[dot\])\s*[a-z]{2,}\b/gi;
const longDigitRun = /\+?\(?\d(?:[ \-.()]{0,3}\d){8,}/g;
const paymentDigits = /\b(momo|mobile\s*money|account|acct|a\/c|merchant|wallet|card|bank|pin)(\b[^\d\n]{0,20}?)\d(?:[ \-.]?\d){4,}/gi;

export type MaskedText = { text: string; masked: boolean };

/** `text` with contact and payment details replaced by the mask, and whether anything was. */
export function maskContactDetails(text: string): MaskedText {
  const masked = text
    .replace(email, messageMask)
    .replace(longDigitRun, messageMask)
    .replace(paymentDigits, (_match, word: string, between: string) => `${word}${between}${messageMask}`);
  return { text: masked, masked: masked !== text };
}
