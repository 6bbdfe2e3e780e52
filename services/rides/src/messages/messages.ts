import { messageReported, messageSent } from '@krom/contracts/events/messages';
import { uuid } from '@krom/contracts/http/fields';
import {
  type Conversation,
  conversationOpenDaysAfterDeparture,
  type ConversationSummary,
  type Message,
  type MessageReportInput,
  messageMessages,
  messagePreviewLength,
} from '@krom/contracts/http/messages';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { formerMemberName } from '@krom/contracts/http/review-values';
import { HttpError } from '@krom/server-kit/errors';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { type SQL, sql } from 'drizzle-orm';
import { blockBetween } from '../blocks/member-blocks.ts';
import type { RidesDb } from '../db/rides-db.ts';
import { isoInstant, type SqlRunner } from '../rides/ride-views.ts';
import { maskContactDetails } from './mask-contact-details.ts';

/*
 * Messages between a ride's driver and a passenger: one conversation per ride and passenger. The
 * passenger opens it with a first message on any ride not their own; the driver only answers.
 * Only those two read or write it; to anyone else it does not exist (404). Neither writes when one
 * blocked the other, nor to a member deleted or suspended. Before the passenger has a confirmed
 * booking on the ride (confirmed, boarded or completed), a message is stored masked
 * (mask-contact-details.ts): the hidden details are kept nowhere, so booking later does not reveal
 * them; what is written after booking is stored as written. A conversation starts only about a
 * ride still to leave and not cancelled; once started it takes messages until
 * `conversationOpenDaysAfterDeparture` days after the ride's departure, whether it ran or not.
 */

type ConversationRow = {
  id: string;
  rideId: string;
  driverId: string;
  passengerId: string;
  lastMessageAt: string;
  driverReadAt: string | null;
  passengerReadAt: string | null;
  fromLocation: string;
  toLocation: string;
  departureDate: string;
  departureTime: string;
  departureAt: string;
  booked: boolean;
};

const conversationColumns = sql.raw(`c.id, c.ride_id AS "rideId", c.driver_id AS "driverId", c.passenger_id AS "passengerId",
  c.last_message_at AS "lastMessageAt", c.driver_read_at AS "driverReadAt", c.passenger_read_at AS "passengerReadAt",
  r.from_location AS "fromLocation", r.to_location AS "toLocation", r.departure_date::text AS "departureDate",
  r.departure_time AS "departureTime", r.departure_at AS "departureAt",
  EXISTS (SELECT 1 FROM bookings b WHERE b.ride_id = c.ride_id AND b.passenger_id = c.passenger_id AND b.status IN ('confirmed', 'boarded', 'completed')) AS booked`);

const notFound = () => new HttpError(404, messageMessages.conversationNotFound);

/** The conversation `id` if `memberId` is one of its two (locked when `forUpdate`), else a 404. */
async function ownConversation(db: SqlRunner, memberId: string, id: string, forUpdate = false): Promise<ConversationRow> {
  if (!uuid.safeParse(id).success) throw notFound();
  const { rows } = await db.execute<ConversationRow>(sql`
    SELECT ${conversationColumns} FROM conversations c JOIN rides r ON r.id = c.ride_id
    WHERE c.id = ${id} AND (c.driver_id = ${memberId} OR c.passenger_id = ${memberId}) ${forUpdate ? sql`FOR UPDATE OF c` : sql``}`);
  const [row] = rows;
  if (!row) throw notFound();
  return row;
}

type Profile = { firstName: string; profileImageUrl: string | null; gone: boolean };

async function profileOf(db: SqlRunner, userId: string): Promise<Profile> {
  const { rows } = await db.execute<Profile>(sql`
    SELECT CASE WHEN deleted THEN ${formerMemberName} ELSE first_name END AS "firstName", CASE WHEN deleted THEN NULL ELSE profile_image_url END AS "profileImageUrl",
      (suspended OR deleted) AS gone FROM user_profiles WHERE user_id = ${userId}`);
  return rows[0] ?? { firstName: formerMemberName, profileImageUrl: null, gone: true };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a conversation about a ride leaving at `departureAt` still takes messages at `now`. */
export const conversationOpen = (departureAt: string, now: Date) =>
  now.getTime() <= new Date(departureAt).getTime() + conversationOpenDaysAfterDeparture * DAY_MS;

/** Why `senderId` may not write to `recipientId` in a conversation about a ride leaving at `departureAt`, in words to show; null when they may. */
async function cannotWrite(db: SqlRunner, senderId: string, recipientId: string, departureAt: string, now: Date): Promise<string | null> {
  if (!conversationOpen(departureAt, now)) return messageMessages.closed;
  if (await blockBetween(db, senderId, recipientId)) return messageMessages.blocked;
  if ((await profileOf(db, recipientId)).gone) return messageMessages.unavailable;
  return null;
}

type MessageRow = { id: string; conversationId: string; senderId: string; body: string; masked: boolean; sentAt: string };

const toMessage = (row: MessageRow, memberId: string): Message => ({ ...row, sentAt: isoInstant(row.sentAt), mine: row.senderId === memberId });

const preview = (body: string) => (body.length <= messagePreviewLength ? body : `${body.slice(0, messagePreviewLength - 1)}…`);

/** Writes `body` from `senderId` in the locked conversation, masked before booking, and announces it. */
async function send(tx: Transaction, conversation: ConversationRow, senderId: string, body: string, now: Date): Promise<Message> {
  const recipientId = senderId === conversation.driverId ? conversation.passengerId : conversation.driverId;
  const refusal = await cannotWrite(tx, senderId, recipientId, conversation.departureAt, now);
  if (refusal) throw new HttpError(403, refusal);
  const written = conversation.booked ? { text: body, masked: false } : maskContactDetails(body);
  const at = now.toISOString();
  const readColumn = sql.raw(senderId === conversation.driverId ? 'driver_read_at' : 'passenger_read_at');
  const { rows } = await tx.execute<MessageRow>(sql`
    INSERT INTO messages (conversation_id, sender_id, body, masked, sent_at)
    VALUES (${conversation.id}, ${senderId}, ${written.text}, ${written.masked}, ${at}::timestamptz)
    RETURNING id, conversation_id AS "conversationId", sender_id AS "senderId", body, masked, sent_at AS "sentAt"`);
  await tx.execute(sql`UPDATE conversations SET last_message_at = ${at}::timestamptz, ${readColumn} = ${at}::timestamptz WHERE id = ${conversation.id}`);
  const [row] = rows;
  if (!row) throw new Error('message not stored');
  await recordEvent(tx, messageSent, {
    messageId: row.id,
    conversationId: conversation.id,
    rideId: conversation.rideId,
    senderId,
    senderFirstName: (await profileOf(tx, senderId)).firstName,
    recipientId,
    recipientRole: recipientId === conversation.driverId ? 'driver' : 'passenger',
    preview: preview(written.text),
    fromLocation: conversation.fromLocation,
    toLocation: conversation.toLocation,
    departureAt: isoInstant(conversation.departureAt),
    sentAt: at,
  });
  return toMessage(row, senderId);
}

/** A passenger writes to the ride's driver, opening their conversation on the ride if it is the first message. */
export async function messageDriver(db: RidesDb, passengerId: string, rideId: string, body: string, now: Date): Promise<Message> {
  const rideNotFound = new HttpError(404, messageMessages.rideNotFound);
  if (!uuid.safeParse(rideId).success) throw rideNotFound;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ driverId: string; status: string; departureAt: string; started: boolean }>(sql`
      SELECT r.driver_id AS "driverId", r.status, r.departure_at AS "departureAt",
        EXISTS (SELECT 1 FROM conversations c WHERE c.ride_id = r.id AND c.passenger_id = ${passengerId}) AS started
      FROM rides r WHERE r.id = ${rideId}`);
    const ride = rows[0];
    if (!ride) throw rideNotFound;
    if (ride.driverId === passengerId) throw new HttpError(403, messageMessages.ownRide);
    if (!ride.started && ride.status === 'cancelled') throw new HttpError(403, messageMessages.rideCancelled);
    if (!ride.started && (ride.status !== 'active' || new Date(ride.departureAt).getTime() <= now.getTime())) {
      throw new HttpError(403, messageMessages.rideDeparted);
    }
    const refusal = await cannotWrite(tx, passengerId, ride.driverId, isoInstant(ride.departureAt), now);
    if (refusal) throw new HttpError(403, refusal);
    const { rows: opened } = await tx.execute<{ id: string }>(sql`
      INSERT INTO conversations (ride_id, driver_id, passenger_id, created_at, last_message_at)
      VALUES (${rideId}, ${ride.driverId}, ${passengerId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      ON CONFLICT (ride_id, passenger_id) DO UPDATE SET ride_id = EXCLUDED.ride_id RETURNING id`);
    const id = opened[0]?.id;
    if (!id) throw new Error('conversation not opened');
    return send(tx, await ownConversation(tx, passengerId, id, true), passengerId, body, now);
  });
}

/** Either member of a conversation writes in it. */
export async function replyInConversation(db: RidesDb, memberId: string, conversationId: string, body: string, now: Date): Promise<Message> {
  return db.transaction(async (tx) => send(tx, await ownConversation(tx, memberId, conversationId, true), memberId, body, now));
}

type SummaryRow = ConversationRow & {
  otherFirstName: string | null;
  otherPhoto: string | null;
  lastBody: string | null;
  lastSentAt: string | null;
  lastSenderId: string | null;
  unread: number;
};

/**
 * The member's conversations that `where` keeps, each with the other member's name and photo, its
 * last message and the member's unread count, in one statement (not a query per conversation).
 */
async function summaryRows(db: SqlRunner, memberId: string, where: SQL): Promise<SummaryRow[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    SELECT ${conversationColumns},
      CASE WHEN other.deleted THEN NULL ELSE other.first_name END AS "otherFirstName", other.profile_image_url AS "otherPhoto",
      last.body AS "lastBody", last.sent_at AS "lastSentAt", last.sender_id AS "lastSenderId",
      (SELECT count(*)::int FROM messages u WHERE u.conversation_id = c.id AND u.sender_id <> ${memberId}
         AND u.sent_at > COALESCE(CASE WHEN c.driver_id = ${memberId} THEN c.driver_read_at ELSE c.passenger_read_at END, '-infinity')) AS unread
    FROM conversations c JOIN rides r ON r.id = c.ride_id
    LEFT JOIN user_profiles other ON other.user_id = CASE WHEN c.driver_id = ${memberId} THEN c.passenger_id ELSE c.driver_id END
    LEFT JOIN LATERAL (SELECT m.body, m.sent_at, m.sender_id FROM messages m WHERE m.conversation_id = c.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1) last ON true
    WHERE (c.driver_id = ${memberId} OR c.passenger_id = ${memberId}) AND ${where}
    ORDER BY c.last_message_at DESC, c.id`);
  return rows;
}

function summarise(memberId: string, row: SummaryRow): ConversationSummary {
  const role = row.driverId === memberId ? 'driver' : 'passenger';
  return {
    id: row.id,
    ride: {
      id: row.rideId,
      fromLocation: row.fromLocation,
      toLocation: row.toLocation,
      departureDate: row.departureDate,
      departureTime: row.departureTime,
      departureAt: isoInstant(row.departureAt),
    },
    role,
    otherMember: {
      id: role === 'driver' ? row.passengerId : row.driverId,
      firstName: row.otherFirstName ?? formerMemberName,
      profileImageUrl: row.otherFirstName === null ? null : row.otherPhoto,
    },
    booked: row.booked,
    lastMessage:
      row.lastBody !== null && row.lastSentAt !== null
        ? { body: preview(row.lastBody), sentAt: isoInstant(row.lastSentAt), mine: row.lastSenderId === memberId }
        : null,
    unreadCount: row.unread,
    updatedAt: isoInstant(row.lastMessageAt),
  };
}

/** The member's conversations, the most recently written first. */
export async function myConversations(db: SqlRunner, memberId: string): Promise<ConversationSummary[]> {
  return (await summaryRows(db, memberId, sql`true`)).map((row) => summarise(memberId, row));
}

/** One conversation of the member with its messages, oldest first. */
export async function conversationOf(db: SqlRunner, memberId: string, conversationId: string, now: Date): Promise<Conversation> {
  if (!uuid.safeParse(conversationId).success) throw notFound();
  const [row] = await summaryRows(db, memberId, sql`c.id = ${conversationId}`);
  if (!row) throw notFound();
  const summary = summarise(memberId, row);
  const { rows } = await db.execute<MessageRow>(sql`
    SELECT id, conversation_id AS "conversationId", sender_id AS "senderId", body, masked, sent_at AS "sentAt"
    FROM messages WHERE conversation_id = ${row.id} ORDER BY sent_at, id`);
  const reason = await cannotWrite(db, memberId, summary.otherMember.id, row.departureAt, now);
  return { ...summary, messages: rows.map((message) => toMessage(message, memberId)), canWrite: reason === null, cannotWriteReason: reason };
}

/**
 * How many messages to the member are unread in all their conversations: asked by the header on
 * every page, so a named statement prepared once per connection.
 */
export async function unreadMessagesCount(db: Pick<RidesDb, '$client'>, memberId: string): Promise<number> {
  const { rows } = await db.$client.query<{ count: number }>({
    name: 'rides-unread-messages-count',
    text: `SELECT count(*)::int AS count FROM conversations c JOIN messages m ON m.conversation_id = c.id
           WHERE (c.driver_id = $1 OR c.passenger_id = $1) AND m.sender_id <> $1
             AND m.sent_at > COALESCE(CASE WHEN c.driver_id = $1 THEN c.driver_read_at ELSE c.passenger_read_at END, '-infinity')`,
    values: [memberId],
  });
  return rows[0]?.count ?? 0;
}

/** The member has read every message of the conversation up to `now`. */
export async function markConversationRead(db: SqlRunner, memberId: string, conversationId: string, now: Date): Promise<void> {
  const row = await ownConversation(db, memberId, conversationId);
  const readColumn = sql.raw(row.driverId === memberId ? 'driver_read_at' : 'passenger_read_at');
  await db.execute(sql`UPDATE conversations SET ${readColumn} = GREATEST(${readColumn}, ${now.toISOString()}::timestamptz) WHERE id = ${row.id}`);
}

/**
 * The member reports a message the other member of their conversation wrote: stored once per
 * message and reporter, with `message.reported` in the same transaction so admin opens a case for
 * staff; a repeat is thanked and nothing more is stored.
 */
export async function reportMessage(
  db: RidesDb,
  memberId: string,
  conversationId: string,
  report: MessageReportInput,
  now: Date,
): Promise<{ created: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const row = await ownConversation(tx, memberId, conversationId);
    const { rows } = await tx.execute<{ senderId: string; body: string; sentAt: string }>(sql`
      SELECT sender_id AS "senderId", body, sent_at AS "sentAt" FROM messages WHERE id = ${report.messageId} AND conversation_id = ${row.id}`);
    const message = rows[0];
    if (!message) throw new HttpError(404, messageMessages.messageNotFound);
    if (message.senderId === memberId) throw new HttpError(400, messageMessages.reportOwn);
    const { rows: stored } = await tx.execute<{ id: string }>(sql`
      INSERT INTO message_reports (message_id, reporter_id, reason, details, created_at)
      VALUES (${report.messageId}, ${memberId}, ${report.reason}, ${report.details || null}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (message_id, reporter_id) DO NOTHING RETURNING id`);
    const [created] = stored;
    if (created) {
      await recordEvent(tx, messageReported, {
        reportId: created.id,
        messageId: report.messageId,
        conversationId: row.id,
        rideId: row.rideId,
        reporterId: memberId,
        reportedId: message.senderId,
        reason: report.reason,
        details: report.details || null,
        messageText: message.body,
        messageSentAt: isoInstant(message.sentAt),
        reportedAt: now.toISOString(),
      });
    }
    return { created: created !== undefined, message: memberSafetyMessages.reportThanks };
  });
}

/** The messages of the member's own conversations, for their data download, oldest first. */
export async function messagesOfMember(db: SqlRunner, memberId: string) {
  const { rows } = await db.execute<{ conversationId: string; rideId: string; sentByMember: boolean; text: string; sentAt: string }>(sql`
    SELECT c.id AS "conversationId", c.ride_id AS "rideId", m.sender_id = ${memberId} AS "sentByMember", m.body AS text, m.sent_at AS "sentAt"
    FROM conversations c JOIN messages m ON m.conversation_id = c.id
    WHERE c.driver_id = ${memberId} OR c.passenger_id = ${memberId} ORDER BY m.sent_at, m.id`);
  return rows.map((row) => ({ ...row, sentAt: isoInstant(row.sentAt) }));
}
