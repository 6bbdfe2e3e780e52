import { z } from 'zod';
import { ghanaPhoneMessage, ghanaPhonePattern, localGhanaPhone } from './ghana-phone.ts';

export { ghanaPhoneMessage } from './ghana-phone.ts';

/** Field rules the spec states once and several forms reuse, with its exact messages. */
const emailMessage = 'Please enter a valid email address';
/** RFC 5321: at most 64 characters before the @ and 254 in all, which is what mail servers deliver to. */
const emailLocalPartMax = 64;
const emailMax = 254;
export const emailField = z
  .string({ error: emailMessage })
  .trim()
  .max(emailMax, emailMessage)
  .email(emailMessage)
  .refine((email) => email.lastIndexOf('@') <= emailLocalPartMax, emailMessage);

export { ghanaPhonePattern };
/** A phone as typed (international form, separators) in, the local number out: what is stored and texted. */
export const ghanaPhoneField = z
  .string({ error: ghanaPhoneMessage })
  .transform(localGhanaPhone)
  .pipe(z.string().regex(ghanaPhonePattern, ghanaPhoneMessage));

export const isoDateTime = z.string().datetime({ offset: true });

/** Plain decimal text, as a form field or a query string carries a number: digits, a minus, one point. */
const decimalText = /^-?\d+(\.\d+)?$/;
/**
 * A number as a caller sends it: a JSON number, or plain decimal text ("3", "5.56", "-0.2") where
 * forms and query strings carry text; then `schema`'s rules. Never true, [3], "0x3", "1e1", " " or
 * "", which z.coerce.number() turned into numbers. Every numeric input field goes through this.
 */
export const decimal = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value: unknown) => (typeof value === 'string' && decimalText.test(value) ? Number(value) : value), schema);
export const uuid = z.string().uuid();

/** A four-digit code as the spec's boxes enter it (sign-up phone code, password reset code). */
export const fourDigitCode = (message: string) => z.string({ error: message }).regex(/^\d{4}$/, message);

/** Names: the spec's minimum of 2 characters, with its message per field. */
export const personName = (message: string) => z.string({ error: message }).trim().min(2, message).max(60, 'Name must be at most 60 characters');
