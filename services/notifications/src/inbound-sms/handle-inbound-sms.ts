import { randomUUID } from 'node:crypto';
import { smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { ghanaToday } from '@krom/contracts/ghana-time';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type SmsLogRow, inboundSms, type inboundSmsOutcomes, knownUsers, smsOptOuts } from '../db/schema.ts';
import { enqueueSmsDelivery } from '../jobs/queues/sms-queue.ts';
import type { InboundSms } from '../providers/sms/port.ts';
import type { SmsSender } from '../sms/queue-sms.ts';
import { recordSms, smsAtKnownPhone } from '../sms/record-sms.ts';
import { phoneAsLogged } from '../users/known-users.ts';
import { parseSmsText } from './sms-keywords.ts';
import { smsReplies } from './sms-replies.ts';

/*
 * A text to Krom, taken once per provider message id. In one transaction: the inbound_sms row,
 * then what the text asks for — STOP and START (the number's notices off or on), HELP, a ride
 * command from a member published to rides as `sms_command.received` (commandId = the row's id),
 * or the reply a malformed command, an unknown number or a suspended member gets — and the reply
 * recorded as an SMS under a key of the row, queued after the commit.
 */

// Fixed namespace of the inbound SMS reply keys (a UUID v5 namespace; this one must not change).
const INBOUND_NAMESPACE = Buffer.from('8e2b6d1f4a7c4e9b9d3a6f1c2e5b8a4d', 'hex');

/** The SMS row key of the reply Krom gives a text itself (rides' answer has its own: sms-command-answered). */
export const replyKey = (inboundId: string) => derivedEventId(INBOUND_NAMESPACE, `${inboundId}:reply`);

export type InboundSmsDeps = {
  sms: SmsSender;
  /** Where members sign up: the reply to a number not on Krom names it. */
  publicOrigin: string;
  /** Texts one number may send in an hour (SMS_INBOUND_PER_NUMBER_HOURLY). */
  hourlyLimit: number;
  clock: () => Date;
};

type Outcome = (typeof inboundSmsOutcomes)[number];

const HOUR_MS = 3_600_000;

/** A sender as providers give it (Hubtel: 233…, no plus) as sms_logs and known_users hold it. */
export function senderNumber(from: string): string {
  const compact = from.replace(/[\s-]/g, '');
  return phoneAsLogged(/^233\d{9}$/.test(compact) ? `+${compact}` : compact);
}

/** The member this number belongs to (known_users holds each account's verified sign-up phone). */
export async function memberOf(tx: Transaction, phone: string) {
  const [row] = await tx
    .select()
    .from(knownUsers)
    .where(and(eq(knownUsers.phone, phone), isNull(knownUsers.deletedAt)))
    .orderBy(desc(knownUsers.registeredAt))
    .limit(1);
  return row;
}

/** Over the hour's limit: `first` when this is the text that crossed it (it gets the one "too many" reply). */
async function overLimit(tx: Transaction, phone: string, deps: InboundSmsDeps): Promise<'first' | 'again' | undefined> {
  const since = new Date(deps.clock().getTime() - HOUR_MS);
  const inWindow = and(eq(inboundSms.phone, phone), gt(inboundSms.receivedAt, since));
  const [texts] = await tx.select({ n: count() }).from(inboundSms).where(inWindow);
  if ((texts?.n ?? 0) < deps.hourlyLimit) return undefined;
  const [told] = await tx.select({ n: count() }).from(inboundSms).where(and(inWindow, eq(inboundSms.outcome, 'limited')));
  return (told?.n ?? 0) > 0 ? 'again' : 'first';
}

/**
 * Handles a text once: `replayed` when the provider's message id was taken before (nothing
 * more happens), else `handled`. Concurrent deliveries of one message wait on the unique index;
 * texts of one number are taken one at a time (the hourly count).
 */
export async function handleInboundSms(deps: InboundSmsDeps, provider: string, message: InboundSms): Promise<'handled' | 'replayed'> {
  const phone = senderNumber(message.from);
  const result = await deps.sms.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`inbound-sms:${phone}`}, 0))`);
    const now = deps.clock();
    const parsed = parseSmsText(message.text, ghanaToday(now));
    const member = await memberOf(tx, phone);
    // STOP always works: nobody is held to texts they asked to end.
    const limited = parsed.kind === 'stop' ? undefined : await overLimit(tx, phone, deps);

    let outcome: Outcome;
    let reply: string | undefined;
    if (limited) [outcome, reply] = limited === 'first' ? ['limited', smsReplies.tooMany] : ['silenced', undefined];
    else if (parsed.kind === 'stop' || parsed.kind === 'start' || parsed.kind === 'help') [outcome, reply] = [parsed.kind, smsReplies[parsed.kind]];
    else if (!member) [outcome, reply] = ['unknown_number', smsReplies.notMember(deps.publicOrigin)];
    else if (member.suspendedAt) [outcome, reply] = ['refused', smsReplies.suspended];
    else if (parsed.kind === 'malformed') [outcome, reply] = ['malformed', smsReplies.malformed[parsed.keyword]];
    else if (parsed.kind === 'unrecognised') [outcome, reply] = ['malformed', smsReplies.help];
    else [outcome, reply] = ['command', undefined];

    const id = randomUUID();
    const [row] = await tx
      .insert(inboundSms)
      .values({ id, provider, providerMessageId: message.providerMessageId, phone, sentTo: message.to, text: message.text, userId: member?.userId, outcome, receivedAt: now })
      .onConflictDoNothing({ target: [inboundSms.provider, inboundSms.providerMessageId] })
      .returning({ id: inboundSms.id });
    if (!row) return undefined;

    if (outcome === 'stop') await tx.insert(smsOptOuts).values({ phone, optedOutAt: now }).onConflictDoNothing();
    if (outcome === 'start') await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    if (outcome === 'command' && member && parsed.kind === 'ride') {
      await recordEvent(tx, smsCommandReceived, { commandId: id, memberId: member.userId, phone, command: parsed.command, receivedAt: now.toISOString() });
    }
    if (!reply) return { sms: undefined };
    const record = smsAtKnownPhone(phone, { message: reply, messageType: 'notification', provider: deps.sms.providerName, sourceEventId: replyKey(id), userId: member?.userId });
    const sms: SmsLogRow = await recordSms(tx, { ...record, reply: true }, deps.sms.limits);
    return { sms };
  });
  if (!result) return 'replayed';
  if (result.sms?.status === 'pending') await enqueueSmsDelivery(deps.sms.queue, result.sms.id, currentTraceparent());
  return 'handled';
}
