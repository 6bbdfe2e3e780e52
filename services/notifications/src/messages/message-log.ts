import type { MessageLogEntry } from '@krom/contracts/http/staff-messages';
import type { smsStatuses } from '@krom/contracts/http/sms';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { HIDDEN_CODE } from '../codes/code-messages.ts';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { type EmailLogRow, emailLogs, type SmsLogRow, smsLogs } from '../db/schema.ts';

export type MessageLogQuery = { status?: (typeof smsStatuses)[number] | undefined; before?: string | undefined; limit: number };

/**
 * Digit runs a one-time code could be, in a verification message. The logs already hold codes
 * only while a message is pending, and then also the redacted text, which is what is shown; this
 * is the second lock for rows written before redaction existed or by a future sender that forgets it.
 */
const codeLike = /\b\d{4,8}\b/g;

/**
 * The text staff may read: the redacted form while the message is pending (the code in it is
 * still valid), and verification messages never with anything that looks like a code.
 */
export function shownText(text: string, redacted: string | null, messageType: string): string {
  const shown = redacted ?? text;
  return messageType === 'verification' ? shown.replace(codeLike, HIDDEN_CODE) : shown;
}

const smsEntry = (row: SmsLogRow): MessageLogEntry => ({
  id: row.id,
  channel: 'sms',
  destination: row.phoneNumber,
  subject: null,
  text: shownText(row.message, row.redactedMessage, row.messageType),
  messageType: row.messageType,
  status: row.status,
  provider: row.provider,
  error: row.error,
  attempts: row.attempts,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const emailEntry = (row: EmailLogRow): MessageLogEntry => ({
  id: row.id,
  channel: 'email',
  destination: row.email,
  subject: row.subject,
  text: shownText(row.text, row.redactedText, row.messageType),
  messageType: row.messageType,
  status: row.status,
  provider: row.provider,
  error: row.error,
  attempts: row.attempts,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * One page, newest first. The cursor is the last entry's time and the next page takes rows
 * strictly older, so a page must not end in the middle of rows sharing one instant (their
 * times are recorded to the millisecond, and several messages can share one): those rows are
 * left for the next page, unless they would fill a whole page by themselves.
 */
function cutAtInstant<R extends { createdAt: Date }>(rows: R[], limit: number): R[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const boundary = rows[limit]!.createdAt.getTime();
  const whole = page.filter((row) => row.createdAt.getTime() !== boundary);
  return whole.length > 0 ? whole : page;
}

function conditions(query: MessageLogQuery, table: typeof smsLogs | typeof emailLogs): SQL | undefined {
  return and(query.status ? eq(table.status, query.status) : undefined, query.before ? lt(table.createdAt, new Date(query.before)) : undefined);
}

export async function listSmsLog(db: NotificationsDb, query: MessageLogQuery): Promise<MessageLogEntry[]> {
  const rows = await db
    .select()
    .from(smsLogs)
    .where(conditions(query, smsLogs))
    .orderBy(desc(smsLogs.createdAt), desc(smsLogs.id))
    .limit(query.limit + 1);
  return cutAtInstant(rows, query.limit).map(smsEntry);
}

export async function listEmailLog(db: NotificationsDb, query: MessageLogQuery): Promise<MessageLogEntry[]> {
  const rows = await db
    .select()
    .from(emailLogs)
    .where(conditions(query, emailLogs))
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .limit(query.limit + 1);
  return cutAtInstant(rows, query.limit).map(emailEntry);
}
