import type { WaitlistJoined } from '@krom/contracts/events/admin';
import { toGhanaE164 } from './phone-number.ts';

/** The greeting uses the first word of the name the visitor typed ("Ama Mensah" → "Ama"). */
export function welcomeSmsText(name: string): string {
  const firstName = name.trim().split(/\s+/)[0];
  const greeting = firstName ? `Hi ${firstName}` : 'Hi there';
  return `${greeting}, thanks for joining the Krom waitlist! Krom is coming soon to Ghana. We'll text you the moment you can book your first intercity ride.`;
}

/** The welcome SMS for a waitlist sign-up; throws InvalidPhoneNumberError for a number no one can dial. */
export function welcomeSms(signup: WaitlistJoined): { phoneNumber: string; message: string } {
  return { phoneNumber: toGhanaE164(signup.phone), message: welcomeSmsText(signup.name) };
}
