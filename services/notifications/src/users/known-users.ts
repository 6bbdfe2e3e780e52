import type { Transaction } from '@krom/server-kit/outbox';
import { eq, isNull, lt, or } from 'drizzle-orm';
import { knownUsers } from '../db/schema.ts';
import { toGhanaE164 } from '../sms/phone-number.ts';

export type UserContacts = { userId: string; phone: string | null; email: string | null };

/** A phone number as sms_logs holds it (E.164), or as given when it cannot be dialled. */
export function phoneAsLogged(phone: string): string {
  try {
    return toGhanaE164(phone);
  } catch {
    return phone.trim();
  }
}

/** The account as this service knows it, if it has heard of it. */
export async function findKnownUser(tx: Transaction, userId: string) {
  const [row] = await tx.select().from(knownUsers).where(eq(knownUsers.userId, userId));
  return row;
}

/** Remembers how a new account is reached, so its deletion can find what was sent to it. */
export async function rememberUser(tx: Transaction, contacts: UserContacts, registeredAt: Date): Promise<void> {
  await tx
    .insert(knownUsers)
    .values({ ...contacts, registeredAt })
    .onConflictDoUpdate({ target: knownUsers.userId, set: { phone: contacts.phone, email: contacts.email, registeredAt } });
}

/**
 * Keeps the member's SMS and ride reminder choices at `version`, unless the ones kept are newer (or
 * the same): a row is made for an account not heard of yet, and its registration later fills in the contacts.
 */
export async function rememberNotificationChoices(
  tx: Transaction,
  choice: { userId: string; smsNotifications: boolean; rideReminders: boolean; version: number },
): Promise<void> {
  const choices = { smsNotifications: choice.smsNotifications, rideReminders: choice.rideReminders, settingsVersion: choice.version };
  await tx
    .insert(knownUsers)
    .values({ userId: choice.userId, ...choices })
    .onConflictDoUpdate({
      target: knownUsers.userId,
      set: choices,
      setWhere: or(isNull(knownUsers.settingsVersion), lt(knownUsers.settingsVersion, choice.version)),
    });
}

/** Whether notices may be texted to the account: unless its member turned SMS off (codes never ask). */
export const takesNoticeSms = (known: { smsNotifications: boolean } | undefined) => known?.smsNotifications !== false;

/** Whether the account is reminded before its rides leave: unless its member turned ride reminders off. */
export const takesRideReminders = (known: { rideReminders: boolean } | undefined) => known?.rideReminders !== false;
