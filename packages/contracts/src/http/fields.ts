import { z } from 'zod';

/** Field rules the spec states once and several forms reuse, with its exact messages. */
export const emailField = z.string().trim().email('Please enter a valid email address');

/** 0, then a digit 2 to 9, then 8 digits: a Ghana mobile or landline number in local format. */
export const ghanaPhonePattern = /^0[2-9]\d{8}$/;
export const ghanaPhoneField = z
  .string()
  .trim()
  .regex(ghanaPhonePattern, 'Please enter a valid 10-digit Ghana phone number starting with 0');

export const isoDateTime = z.string().datetime({ offset: true });
export const uuid = z.string().uuid();
