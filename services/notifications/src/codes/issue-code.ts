import { uuid } from '@krom/contracts/http/fields';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import type { IssueCodeRequest, IssueCodeResponse } from '@krom/contracts/http/verification-codes';
import { HttpError } from '@krom/server-kit/errors';
import type { Transaction } from '@krom/server-kit/outbox';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import { verificationCodes } from '../db/schema.ts';
import { recordEmail } from '../email/queue-email.ts';
import { enqueueEmailDelivery } from '../jobs/queues/email-queue.ts';
import { enqueueSmsDelivery } from '../jobs/queues/sms-queue.ts';
import { smsRecordFor } from '../sms/queue-sms.ts';
import { recordSms } from '../sms/record-sms.ts';
import type { CodeDeps } from './code-deps.ts';
import { hashCode, newCodeSalt } from './code-hash.ts';
import { codeEmail, codeSms } from './code-messages.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A code request refused by the cooldown or an hourly cap: 429, and when to ask again. */
export class CodeRequestRefused extends HttpError {
  constructor(
    message: string,
    readonly resendAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'CodeRequestRefused';
  }
}

const secondsUntil = (moment: number, now: number) => Math.max(1, Math.ceil((moment - now) / 1000));

/** Serialises requests for one key inside the transaction, so two at once cannot both pass a check. */
const lockOn = (tx: Transaction, key: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/**
 * Makes a new code for purpose+subject and sends it. Refused (429) inside the resend cooldown,
 * beyond the hourly and daily caps per subject and per destination (sign-up and recovery codes to
 * one phone or inbox counted together) and the hourly cap per client: the codes' own budget,
 * which notices to the same destination never use up. The new code replaces any earlier one; only
 * its keyed hash is stored. The message row is written in the same transaction and queued after
 * commit; if it cannot be queued the code is withdrawn and the caller may ask again at once.
 */
export async function issueVerificationCode(deps: CodeDeps, request: IssueCodeRequest): Promise<IssueCodeResponse> {
  const { settings } = deps;
  const code = deps.generateCode();
  // A recovery code's subject is the account: its logs then carry the user id for erasure.
  const userId = request.purpose === 'reset' && uuid.safeParse(request.subject).success ? request.subject : undefined;
  // Checked before anything is written: a number no one can dial is the caller's 400.
  const sms =
    request.destination.channel === 'sms'
      ? smsRecordFor({ phoneNumber: request.destination.phone, messageType: 'verification', userId, ...codeSms(request.purpose, code) }, deps.sms.providerName)
      : undefined;
  // Where it goes, as the row records it: one phone or inbox is capped across sign-up and recovery.
  const destination = request.destination.channel === 'email' ? request.destination.email.trim().toLowerCase() : (sms?.phoneNumber ?? '');

  const issued = await deps.db.transaction(async (tx) => {
    // Always taken in this order (subject, client, destination), so two requests never wait on each other in a circle.
    await lockOn(tx, `code-subject:${request.purpose}:${request.subject}`);
    await lockOn(tx, `code-client:${request.clientKey}`);
    await lockOn(tx, `code-destination:${destination}`);
    const now = deps.clock().getTime();
    const ofSubject = and(eq(verificationCodes.purpose, request.purpose), eq(verificationCodes.subject, request.subject));

    const [latest] = await tx.select({ createdAt: verificationCodes.createdAt }).from(verificationCodes).where(ofSubject).orderBy(desc(verificationCodes.createdAt)).limit(1);
    const resendAt = latest ? latest.createdAt.getTime() + settings.resendSeconds * 1000 : 0;
    if (resendAt > now) {
      const wait = secondsUntil(resendAt, now);
      throw new CodeRequestRefused(phoneCodeErrors.cooldown(wait), wait);
    }

    const window = (scope: ReturnType<typeof and>, length: number) =>
      tx
        .select({ n: count(), oldest: min(verificationCodes.createdAt) })
        .from(verificationCodes)
        .where(and(scope, gt(verificationCodes.createdAt, new Date(now - length))));
    const ofDestination = eq(verificationCodes.destination, destination);
    // The daily caps bound code guessing per day (3 tries a code) where the hourly ones bound it per hour.
    for (const [scope, cap, length] of [
      [ofSubject, settings.hourlyCapPerSubject, HOUR_MS],
      [ofDestination, settings.hourlyCapPerSubject, HOUR_MS],
      [eq(verificationCodes.clientKey, request.clientKey), settings.hourlyCapPerClient, HOUR_MS],
      [ofSubject, settings.dailyCapPerSubject, DAY_MS],
      [ofDestination, settings.dailyCapPerSubject, DAY_MS],
    ] as const) {
      const [used] = await window(scope, length);
      if (used && used.n >= cap) {
        throw new CodeRequestRefused(phoneCodeErrors.hourlyCap, secondsUntil((used.oldest?.getTime() ?? now) + length, now));
      }
    }
    // The caps above are the codes' whole budget: notices (welcome SMS, ride matches) to this
    // phone or inbox are capped apart and never count here, so nobody can silence a code by
    // having notices sent to its destination.

    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(ofSubject, isNull(verificationCodes.consumedAt)));
    const smsRow = sms ? await recordSms(tx, sms, deps.sms.limits) : undefined;
    const emailRow =
      request.destination.channel === 'email'
        ? await recordEmail(tx, deps.email.providerName, { to: request.destination.email, messageType: 'verification', userId, ...codeEmail(request.purpose, code) }, deps.email.limits)
        : undefined;
    const salt = newCodeSalt();
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        purpose: request.purpose,
        subject: request.subject,
        userId,
        channel: request.destination.channel,
        destination: smsRow?.phoneNumber ?? emailRow?.email ?? '',
        codeHash: hashCode(deps.hashKey, salt, code),
        salt,
        maxAttempts: settings.maxAttempts,
        expiresAt: new Date(now + settings.validMinutes * 60_000),
        clientKey: request.clientKey,
        smsLogId: smsRow?.id,
        emailLogId: emailRow?.id,
        createdAt: new Date(now),
      })
      .returning({ id: verificationCodes.id });
    return { codeId: row!.id, smsLogId: smsRow?.id, emailLogId: emailRow?.id };
  });

  try {
    const traceparent = currentTraceparent();
    if (issued.smsLogId) await enqueueSmsDelivery(deps.sms.queue, issued.smsLogId, traceparent);
    if (issued.emailLogId) await enqueueEmailDelivery(deps.email.queue, issued.emailLogId, traceparent);
  } catch (error) {
    deps.logger.error({ err: error, codeId: issued.codeId }, 'could not queue the code message; code withdrawn');
    await withdraw(deps, issued, (error as Error).message);
    throw new HttpError(503, 'Failed to send verification code. Please try again.');
  }
  return { resendAfterSeconds: settings.resendSeconds };
}

/** Undoes an issued code whose message never reached the queue: no code, and a failed log row. */
async function withdraw(deps: CodeDeps, issued: { codeId: string; smsLogId?: string | undefined; emailLogId?: string | undefined }, reason: string) {
  const error = `Not queued: ${reason}`;
  await deps.db.transaction(async (tx) => {
    await tx.delete(verificationCodes).where(eq(verificationCodes.id, issued.codeId));
    if (issued.smsLogId) {
      await tx.execute(sql`UPDATE sms_logs SET status = 'failed', error = ${error}, message = coalesce(redacted_message, message), redacted_message = NULL WHERE id = ${issued.smsLogId}`);
    }
    if (issued.emailLogId) {
      await tx.execute(sql`UPDATE email_logs SET status = 'failed', error = ${error}, text = coalesce(redacted_text, text), redacted_text = NULL WHERE id = ${issued.emailLogId}`);
    }
  });
}
