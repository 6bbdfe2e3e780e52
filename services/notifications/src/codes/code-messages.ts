import { phoneCodeRules } from '@krom/contracts/http/phone-codes';
import type { codePurposes } from '@krom/contracts/http/verification-codes';

type Purpose = (typeof codePurposes)[number];

/** What the logs keep in place of the code once the message is delivered. */
export const HIDDEN_CODE = '****';

const minutes = `${phoneCodeRules.validMinutes} minutes`;

const smsTexts: Record<Purpose, (code: string) => string> = {
  signup: (code) => `Your Krom verification code is ${code}. It expires in ${minutes}.`,
  reset: (code) => `Your Krom password reset code is ${code}. It expires in ${minutes}. If you did not ask for it, you can ignore this message.`,
  // The staff SMS test panel's code: says it is a test, so whoever holds the phone is not alarmed.
  staff_test: (code) => `Your Krom test code is ${code}. It expires in ${minutes}. Krom staff sent it to test SMS delivery.`,
  payment_method: (code) => `Krom: ${code} is your code to confirm this number for Krom payouts. It expires in ${minutes}.`,
};

const emailSubjects: Record<Purpose, string> = {
  signup: 'Your Krom verification code',
  reset: 'Your Krom password reset code',
  staff_test: 'Your Krom test code',
  payment_method: 'Your Krom code to confirm a payout number',
};

const emailTexts: Record<Purpose, (code: string) => string> = {
  signup: (code) => `Hello,\n\nYour Krom verification code is ${code}. It expires in ${minutes}.\n\nThe Krom team\n`,
  reset: (code) =>
    `Hello,\n\nSomeone asked to reset the password of your Krom account. Your password reset code is ${code}. It expires in ${minutes}.\n\nIf this was not you, you can ignore this e-mail: your password stays as it is.\n\nThe Krom team\n`,
  staff_test: (code) => `Hello,\n\nYour Krom test code is ${code}. It expires in ${minutes}. Krom staff sent it to test message delivery.\n\nThe Krom team\n`,
  payment_method: (code) => `Hello,\n\nYour Krom code to confirm a number for payouts is ${code}. It expires in ${minutes}.\n\nThe Krom team\n`,
};

/** The SMS carrying a code, and the same text without it for the log. */
export function codeSms(purpose: Purpose, code: string) {
  return { message: smsTexts[purpose](code), redactedMessage: smsTexts[purpose](HIDDEN_CODE) };
}

/** The e-mail carrying a code, and its text without the code for the log. */
export function codeEmail(purpose: Purpose, code: string) {
  return { subject: emailSubjects[purpose], text: emailTexts[purpose](code), redactedText: emailTexts[purpose](HIDDEN_CODE) };
}
