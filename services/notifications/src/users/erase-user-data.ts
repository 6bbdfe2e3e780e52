import type { Transaction } from '@krom/server-kit/outbox';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { emailLogs, knownUsers, notifications, smsLogs, verificationCodes } from '../db/schema.ts';
import type { UserContacts } from './known-users.ts';

/** Every digit but the last two becomes '*': "+233241234567" → "+**********67". */
export const maskPhoneSql = (column: SQL | typeof smsLogs.phoneNumber) => sql`regexp_replace(${column}, '[0-9](?=[0-9]{2})', '*', 'g')`;
/** The mailbox name goes, the domain stays for delivery statistics: "ama@example.com" → "***@example.com". */
export const maskEmailSql = (column: SQL | typeof emailLogs.email) => sql`regexp_replace(${column}, '^[^@]*', '***')`;

const NOT_SENT = 'Not sent: the account was deleted';

/**
 * Erases what this service holds about a deleted account: its in-app notifications and codes go;
 * SMS and e-mail logs stay as a record of sending but lose the number or address (and any
 * message not yet sent is not sent). Logs are found by user id where it was known when sending,
 * and otherwise by the phone and e-mail the account registered with: sign-up codes go out
 * before the account exists. The account stays known as deleted, without contact details, so
 * events about it that arrive late change nothing.
 */
export async function eraseUserData(tx: Transaction, contacts: UserContacts, deletedAt: Date): Promise<void> {
  const { userId, phone, email } = contacts;
  await tx.delete(notifications).where(eq(notifications.userId, userId));

  const destinations = [phone, email].filter((value): value is string => Boolean(value));
  await tx
    .delete(verificationCodes)
    .where(or(eq(verificationCodes.userId, userId), destinations.length > 0 ? inArray(verificationCodes.destination, destinations) : undefined));

  const smsOfUser = or(eq(smsLogs.userId, userId), phone ? eq(smsLogs.phoneNumber, phone) : undefined);
  await tx
    .update(smsLogs)
    .set({
      phoneNumber: maskPhoneSql(smsLogs.phoneNumber),
      message: sql`coalesce(${smsLogs.redactedMessage}, ${smsLogs.message})`,
      redactedMessage: null,
      error: sql`CASE WHEN ${smsLogs.status} = 'pending' THEN ${NOT_SENT} ELSE ${smsLogs.error} END`,
      status: sql`CASE WHEN ${smsLogs.status} = 'pending' THEN 'failed' ELSE ${smsLogs.status} END`,
    })
    .where(smsOfUser);

  const emailOfUser = or(eq(emailLogs.userId, userId), email ? eq(emailLogs.email, email) : undefined);
  await tx
    .update(emailLogs)
    .set({
      email: maskEmailSql(emailLogs.email),
      text: sql`coalesce(${emailLogs.redactedText}, ${emailLogs.text})`,
      redactedText: null,
      error: sql`CASE WHEN ${emailLogs.status} = 'pending' THEN ${NOT_SENT} ELSE ${emailLogs.error} END`,
      status: sql`CASE WHEN ${emailLogs.status} = 'pending' THEN 'failed' ELSE ${emailLogs.status} END`,
    })
    .where(emailOfUser);

  await tx
    .insert(knownUsers)
    .values({ userId, phone: null, email: null, deletedAt })
    .onConflictDoUpdate({ target: knownUsers.userId, set: { phone: null, email: null, deletedAt } });
}
