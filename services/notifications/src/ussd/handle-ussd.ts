import { type SmsCommandAnswer, smsCommandReceived } from '@krom/contracts/events/sms-commands';
import { ghanaToday } from '@krom/contracts/ghana-time';
import { derivedEventId } from '@krom/server-kit/derived-event-id';
import { recordEvent, type Transaction } from '@krom/server-kit/outbox';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../db/notifications-db.ts';
import { ussdCommands, ussdSessions } from '../db/schema.ts';
import { memberOf, senderNumber } from '../inbound-sms/handle-inbound-sms.ts';
import { ussdRefusals, ussdTexts, walkUssd } from './ussd-menu.ts';
import type { UssdScreen, UssdStep } from './ussd-providers.ts';

/*
 * A USSD step, provider-neutral. The session row holds the inputs and the screen last shown for
 * them: a gateway's retry of the step (the same inputs again) gets that screen back and nothing
 * happens twice. A step that needs rides' data sends rides `sms_command.received` once per step
 * (the command id derives from the session and the step), then waits for rides' answer (stored on
 * ussd_commands by the answer consumer instead of being texted) at most `answerWaitMs`; when it
 * has not come, the screen says "Searching... 1 Continue" and the next step shows it.
 */

// Fixed namespace of the USSD command ids (a UUID v5 namespace; this one must not change).
const USSD_NAMESPACE = Buffer.from('5c1e8a3f7b2d4e6a9f0c3b7d1e5a8c2f', 'hex');

export const ussdCommandId = (step: Pick<UssdStep, 'provider' | 'sessionId'>, key: string) => derivedEventId(USSD_NAMESPACE, `${step.provider}:${step.sessionId}:${key}`);

export type UssdDeps = {
  db: NotificationsDb;
  /** Where members sign up: a number not on Krom is told. */
  publicOrigin: string;
  clock: () => Date;
  /** How long a step waits for rides' answer before "Searching" (about 4 s; 0 in tests, which wait for the event instead). */
  answerWaitMs: number;
};

const POLL_MS = 100;
const sameInputs = (a: string[], b: string[]) => a.length === b.length && a.every((input, i) => input === b[i]);
const sessionOf = (step: UssdStep) => and(eq(ussdSessions.provider, step.provider), eq(ussdSessions.sessionId, step.sessionId));

async function lockedSession(tx: Transaction, step: UssdStep, now: Date) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`ussd:${step.provider}:${step.sessionId}`}, 0))`);
  const [row] = await tx.select().from(ussdSessions).where(sessionOf(step));
  if (row) return row;
  const [created] = await tx
    .insert(ussdSessions)
    .values({ provider: step.provider, sessionId: step.sessionId, phone: senderNumber(step.phone), inputs: [], waited: {}, startedAt: now, updatedAt: now })
    .returning();
  return created!;
}

async function answersOf(tx: Transaction, step: UssdStep): Promise<Record<string, SmsCommandAnswer>> {
  const rows = await tx
    .select({ key: ussdCommands.stepKey, answer: ussdCommands.answer })
    .from(ussdCommands)
    .where(and(eq(ussdCommands.provider, step.provider), eq(ussdCommands.sessionId, step.sessionId), isNotNull(ussdCommands.answer)));
  return Object.fromEntries(rows.map((row) => [row.key, row.answer as SmsCommandAnswer]));
}

type Progress = { screen: UssdScreen } | { waitFor: string; key: string };

/** One pass in a transaction: the retried screen, a refusal, the walk's screen, or the command sent and waited for. */
async function advance(deps: UssdDeps, step: UssdStep, final: boolean): Promise<Progress> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const session = await lockedSession(tx, step, now);
    if (session.lastScreen && sameInputs(session.inputs, step.inputs)) return { screen: session.lastScreen };
    const show = async (screen: UssdScreen, waited = session.waited) => {
      await tx.update(ussdSessions).set({ inputs: step.inputs, lastScreen: screen, waited, updatedAt: now }).where(sessionOf(step));
      return { screen };
    };
    const member = await memberOf(tx, session.phone);
    if (!member) return show(ussdRefusals.notMember(deps.publicOrigin));
    if (member.suspendedAt) return show(ussdRefusals.suspended);
    if (!session.userId) await tx.update(ussdSessions).set({ userId: member.userId }).where(sessionOf(step));

    const walk = walkUssd(step.inputs, { answers: await answersOf(tx, step), waited: session.waited }, ghanaToday(now));
    if (walk.kind === 'screen') return show(walk.screen);
    if (final) return show({ text: ussdTexts.searching, end: false }, { ...session.waited, [walk.key]: (session.waited[walk.key] ?? 0) + 1 });
    const commandId = ussdCommandId(step, walk.key);
    const [sent] = await tx
      .insert(ussdCommands)
      .values({ commandId, provider: step.provider, sessionId: step.sessionId, stepKey: walk.key, sentAt: now })
      .onConflictDoNothing()
      .returning({ commandId: ussdCommands.commandId });
    if (sent) await recordEvent(tx, smsCommandReceived, { commandId, memberId: member.userId, phone: session.phone, command: walk.command, receivedAt: now.toISOString() });
    await tx.update(ussdSessions).set({ inputs: step.inputs, lastScreen: null, updatedAt: now }).where(sessionOf(step));
    return { waitFor: commandId, key: walk.key };
  });
}

async function answered(db: NotificationsDb, commandId: string): Promise<boolean> {
  const [row] = await db.select({ commandId: ussdCommands.commandId }).from(ussdCommands).where(and(eq(ussdCommands.commandId, commandId), isNotNull(ussdCommands.answer)));
  return Boolean(row);
}

/** The screen for a step. A session the gateway ended (Hubtel's Release or Timeout) is closed with an empty END. */
export async function handleUssdStep(deps: UssdDeps, step: UssdStep): Promise<UssdScreen> {
  if (step.ended) return { text: '', end: true };
  // At most one command per walk, and each answer moves the walk on: a few passes suffice.
  for (let pass = 0; pass < 3; pass++) {
    const progress = await advance(deps, step, false);
    if ('screen' in progress) return progress.screen;
    const deadline = Date.now() + deps.answerWaitMs;
    let came = await answered(deps.db, progress.waitFor);
    while (!came && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      came = await answered(deps.db, progress.waitFor);
    }
    if (!came) break;
  }
  const last = await advance(deps, step, true);
  return 'screen' in last ? last.screen : { text: ussdTexts.searching, end: false };
}

/** Rides' answer to a USSD step's command, kept for the session's next screen; false when the command was not a USSD one. */
export async function storeUssdAnswer(db: NotificationsDb, commandId: string, answer: SmsCommandAnswer): Promise<boolean> {
  const rows = await db.update(ussdCommands).set({ answer }).where(eq(ussdCommands.commandId, commandId)).returning({ commandId: ussdCommands.commandId });
  return rows.length > 0;
}

/** The inputs a session holds (none for a new one). */
export async function sessionInputs(db: NotificationsDb, provider: string, sessionId: string): Promise<string[]> {
  const [row] = await db.select({ inputs: ussdSessions.inputs }).from(ussdSessions).where(and(eq(ussdSessions.provider, provider), eq(ussdSessions.sessionId, sessionId)));
  return row?.inputs ?? [];
}
