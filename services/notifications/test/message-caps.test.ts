import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { type WaitlistJoined, waitlistJoined } from '@krom/contracts/events/admin';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import { eventually } from '@krom/server-kit/testing';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailLogs, smsLogs } from '../src/db/schema.ts';
import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import { queueEmail } from '../src/email/queue-email.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { assertionFor, useNotificationsService, e164, newPhone } from './notifications-test-env.ts';

// Moved forward by the tests instead of waiting for an hour to pass.
let clockOffsetMs = 0;
const advanceMinutes = (minutes: number) => {
  clockOffsetMs += minutes * 60_000;
};
const handle = useNotificationsService({
  clock: () => new Date(Date.now() + clockOffsetMs),
  env: () => ({
    SMS_CAP_PER_NUMBER_HOURLY: '2',
    SMS_CAP_PER_NUMBER_DAILY: '50',
    EMAIL_CAP_PER_ADDRESS_HOURLY: '2',
    EMAIL_CAP_PER_ADDRESS_DAILY: '50',
    PHONE_CODE_RESEND_SECONDS: '0',
    PHONE_CODE_HOURLY_CAP_PER_SUBJECT: '5',
    PHONE_CODE_DAILY_CAP_PER_SUBJECT: '3',
  }),
});


const signup = (phone: string): EventEnvelope<WaitlistJoined> => ({
  id: randomUUID(),
  type: waitlistJoined.subject,
  occurredAt: new Date().toISOString(),
  traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
  data: { signupId: randomUUID(), name: 'Ama Mensah', email: `ama-${randomUUID()}@example.com`, phone, joinedAt: new Date().toISOString(), version: 1 },
});

const smsRowsTo = (phone: string) => handle.service.db.select().from(smsLogs).where(eq(smsLogs.phoneNumber, e164(phone))).orderBy(asc(smsLogs.createdAt));
const settled = (rows: { status: string }[]) => rows.every((row) => row.status !== 'pending');
const outboxSmsTo = async (phone: string) => (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((sms) => sms.to === e164(phone));

const issueCode = async (phone: string) =>
  handle.service.app.inject({
    method: 'POST',
    url: '/verification-codes',
    payload: { purpose: 'signup', subject: phone, destination: { channel: 'sms', phone }, clientKey: `10.0.${randomInt(0, 256)}.${randomInt(1, 255)}` },
    headers: await assertionFor(handle.config, { kind: 'public' }),
  });

describe('messages capped per destination', () => {
  it('sends a number only its hourly cap of waitlist welcome SMS, records the rest as suppressed, and handles every event', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) await handle.service.bus.publish(waitlistJoined.subject, signup(phone));

    const rows = await eventually(async () => {
      const found = await smsRowsTo(phone);
      return found.length === 5 && settled(found) ? found : undefined;
    });
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
    const suppressed = rows.filter((row) => row.status === 'suppressed');
    expect(suppressed).toHaveLength(3);
    for (const row of suppressed) expect(row).toMatchObject({ error: 'Suppressed: 2 messages to this number in the last hour', attempts: 0, sentAt: null });
    expect(await outboxSmsTo(phone)).toHaveLength(2);
    // A suppressed message is an outcome, not a failure: nothing is waiting to be retried.
    expect(await handle.service.queue.getJobCounts('waiting', 'delayed', 'failed')).toEqual({ waiting: 0, delayed: 0, failed: 0 });
  });

  it('keeps codes apart from other messages: a number that had its cap of welcome SMS still gets its code, and codes leave the cap to the rest', async () => {
    const phone = newPhone();
    expect((await issueCode(phone)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) await handle.service.bus.publish(waitlistJoined.subject, signup(phone));
    const rows = await eventually(async () => {
      const found = await smsRowsTo(phone);
      return found.length === 4 && settled(found) ? found : undefined;
    });
    // The code did not use up a place: two welcome SMS went out, the third had none left.
    expect(rows.map((row) => [row.messageType, row.status])).toEqual([
      ['verification', 'sent'],
      ['notification', 'sent'],
      ['notification', 'sent'],
      ['notification', 'suppressed'],
    ]);

    expect((await issueCode(phone)).statusCode).toBe(201);
    const codes = await eventually(async () => {
      const found = (await outboxSmsTo(phone)).filter((sms) => sms.body.startsWith('Your Krom verification code is'));
      return found.length === 2 ? found : undefined;
    });
    expect(codes).toHaveLength(2);
  });

  it('caps e-mail per address the same way', async () => {
    const to = `kofi-${randomUUID()}@example.com`;
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await queueEmail(handle.service.emailSender, { to, subject: 'Booking confirmed', text: `Booking ${i}`, messageType: 'notification' }));
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending', 'suppressed']);
    expect(rows[2]?.error).toBe('Suppressed: 2 messages to this address in the last hour');
    const delivered = await eventually(async () => {
      const found = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.email, to));
      return settled(found) ? found : undefined;
    });
    expect(delivered.filter((row) => row.status === 'sent')).toHaveLength(2);
    expect((await readLocalEmailOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((mail) => mail.to === to)).toHaveLength(2);
  });

  it('gives one phone a daily budget of codes (and so of guesses), even when each hour stays under its cap', async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++) {
      expect((await issueCode(phone)).statusCode).toBe(201);
      advanceMinutes(61);
    }
    const refused = await issueCode(phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(phoneCodeErrors.hourlyCap);
    // The budget frees up a day after the first code: 24 h minus the three hours moved already.
    expect(refused.json().resendAfterSeconds).toBeGreaterThan(20 * 3600);
  });
});
