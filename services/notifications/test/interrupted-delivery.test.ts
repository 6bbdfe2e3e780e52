import { randomUUID } from 'node:crypto';
import { createLogger } from '@krom/server-kit/logger';
import { eventually } from '@krom/server-kit/testing';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailLogs, smsLogs } from '../src/db/schema.ts';
import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import { recordEmail } from '../src/email/queue-email.ts';
import { enqueueEmailDelivery } from '../src/jobs/queues/email-queue.ts';
import { enqueueSmsDelivery, type SmsJobData } from '../src/jobs/queues/sms-queue.ts';
import { deliverSms } from '../src/jobs/workers/sms.worker.ts';
import { INTERRUPTED_SEND } from '../src/messages/deliver-once.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { SmsProviderError } from '../src/providers/sms/port.ts';
import { recordSms } from '../src/sms/record-sms.ts';
import { useNotificationsService } from './notifications-test-env.ts';

/*
 * A worker killed between handing a message to the provider and recording it leaves the row
 * pending with its claim. The job's retry (BullMQ's stalled-job check) must not send it again:
 * the local provider is asked by the row's id and answers for the send; a provider that cannot be
 * asked leaves the row failed, said so, rather than text anyone twice.
 */
const handle = useNotificationsService();

const recordPendingSms = (message: string) =>
  recordSms(handle.service.db, { phoneNumber: '+233241234567', message, messageType: 'notification', provider: handle.service.provider.name }, handle.service.sender.limits);

/** What a worker does before it calls the provider: claim the row, committed; by default a claim left long ago by a worker since gone. */
const claim = (table: typeof smsLogs | typeof emailLogs, id: string, claimedAt = new Date(Date.now() - 3_600_000)) =>
  handle.service.db.update(table as typeof smsLogs).set({ claimToken: randomUUID(), claimedAt }).where(eq(table.id, id));

const silent = createLogger('interrupted-delivery-test', 'silent');

/** A provider like Twilio: no delivery key, no record to ask; counts its sends. */
const twilioLikeProvider = (sends: string[]) => ({
  name: 'twilio',
  send: async (to: string) => {
    sends.push(to);
    return { providerId: `SM${randomUUID()}` };
  },
  verifyWebhook: (): never => {
    throw new Error('no callback in this test');
  },
});

/** A job as BullMQ hands it to the worker, recording where it is put back to wait. */
const jobFor = (smsLogId: string) => {
  const delays: number[] = [];
  const job = {
    data: { smsLogId },
    attemptsMade: 0,
    opts: { attempts: 3 },
    token: 'worker-token',
    moveToDelayed: async (timestamp: number) => {
      delays.push(timestamp - Date.now());
    },
  } as unknown as Job<SmsJobData>;
  return { job, delays };
};

const smsRow = async (id: string) => (await handle.service.db.select().from(smsLogs).where(eq(smsLogs.id, id)))[0]!;
const sentSms = (id: string) => eventually(async () => ((await smsRow(id)).status === 'sent' ? smsRow(id) : undefined));
const smsLines = async (body: string) => (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((entry) => entry.body === body);

describe('a delivery cut off mid-send', () => {
  it('is recorded as sent, not sent again, when the local provider had delivered it', async () => {
    const message = `Your ride leaves at 08:00 (${randomUUID()})`;
    const row = await recordPendingSms(message);
    await claim(smsLogs, row.id);
    const delivered = await handle.service.provider.send(row.phoneNumber, row.message, row.id);

    await enqueueSmsDelivery(handle.service.queue, row.id, undefined);

    const sent = await sentSms(row.id);
    expect(sent.providerId).toBe(delivered.providerId);
    expect(await smsLines(message)).toHaveLength(1);
  });

  it('is sent once when the worker died after its claim but before the provider', async () => {
    const message = `Your ride leaves at 09:00 (${randomUUID()})`;
    const row = await recordPendingSms(message);
    await claim(smsLogs, row.id);

    await enqueueSmsDelivery(handle.service.queue, row.id, undefined);

    const sent = await sentSms(row.id);
    const lines = await smsLines(message);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.id).toBe(sent.providerId);
  });

  it('is sent once however often the local provider is asked under one key', async () => {
    const key = randomUUID();
    const body = `Once only ${key}`;
    const answers = await Promise.all([1, 2, 3].map(() => handle.service.provider.send('+233241234567', body, key)));
    expect(new Set(answers.map((answer) => answer.providerId)).size).toBe(1);
    expect(await smsLines(body)).toHaveLength(1);
  });

  it('leaves the row failed, and sends nothing, when the provider cannot say whether it went out (Twilio)', async () => {
    const message = `Your ride leaves at 10:00 (${randomUUID()})`;
    const row = await recordPendingSms(message);
    await claim(smsLogs, row.id);
    const sends: string[] = [];
    const job = { data: { smsLogId: row.id }, attemptsMade: 1, opts: { attempts: 3 } } as Job<SmsJobData>;

    await deliverSms({ db: handle.service.db, provider: twilioLikeProvider(sends), logger: silent }, job);

    expect(sends).toEqual([]);
    expect(await smsRow(row.id)).toMatchObject({ status: 'failed', error: INTERRUPTED_SEND, sentAt: null });
  });

  it('records an e-mail the local provider had delivered as sent, without a second one', async () => {
    const subject = `Ride update ${randomUUID()}`;
    const row = await recordEmail(handle.service.db, handle.service.emailProvider.name, { to: 'ama@example.com', subject, text: 'The ride leaves at 08:00.', messageType: 'notification' }, handle.service.emailSender.limits);
    await claim(emailLogs, row.id);
    const delivered = await handle.service.emailProvider.send({ to: row.email, subject, text: row.text }, row.id);

    await enqueueEmailDelivery(handle.service.emailQueue, row.id, undefined);

    const sent = await eventually(async () => {
      const [current] = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
      return current?.status === 'sent' ? current : undefined;
    });
    expect(sent.providerId).toBe(delivered.providerId);
    expect((await readLocalEmailOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((entry) => entry.subject === subject)).toHaveLength(1);
  });
});

describe('a claim held by a worker that may still be sending', () => {
  const LEASE_MS = 120_000;

  it('is left alone until its lease ends, the job put back until then, and settled after it', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const lease = { clock: () => now, leaseMs: LEASE_MS };
    const row = await recordPendingSms(`Your ride leaves at 11:00 (${randomUUID()})`);
    await claim(smsLogs, row.id, new Date(now.getTime() - 30_000));
    const sends: string[] = [];
    const deps = { db: handle.service.db, provider: twilioLikeProvider(sends), logger: silent, lease };

    const early = jobFor(row.id);
    await expect(deliverSms(deps, early.job)).rejects.toBeInstanceOf(DelayedError);
    expect(early.delays).toHaveLength(1);
    expect(early.delays[0]).toBeGreaterThan(LEASE_MS - 30_000 - 1_000);
    expect(early.delays[0]).toBeLessThanOrEqual(LEASE_MS - 30_000);
    expect(await smsRow(row.id)).toMatchObject({ status: 'pending', error: null });
    expect(sends).toEqual([]);

    now = new Date(now.getTime() + LEASE_MS);
    const late = jobFor(row.id);
    await deliverSms(deps, late.job);
    expect(late.delays).toEqual([]);
    expect(sends).toEqual([]);
    expect(await smsRow(row.id)).toMatchObject({ status: 'failed', error: INTERRUPTED_SEND });
  });
});

/** Makes the database refuse the next `times` updates of row `id` that match `when` (SQL on OLD/NEW), as a passing outage would. */
const refuseUpdates = async (id: string, times: number, when: string) => {
  const name = `refuse_${id.replaceAll('-', '')}`;
  await handle.service.db.execute(
    sql.raw(`
      CREATE SEQUENCE ${name}_count;
      CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = '${id}' AND (${when}) AND nextval('${name}_count') <= ${times} THEN
          RAISE EXCEPTION 'refused for the test';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ${name} BEFORE UPDATE ON sms_logs FOR EACH ROW EXECUTE FUNCTION ${name}();`),
  );
};

describe('recording the outcome of a send', () => {
  it('records a send that went out as sent even when the database refuses the first writes', async () => {
    const message = `Your ride leaves at 12:00 (${randomUUID()})`;
    const row = await recordPendingSms(message);
    await refuseUpdates(row.id, 2, "NEW.status = 'sent'");

    await deliverSms({ db: handle.service.db, provider: handle.service.provider, logger: silent }, jobFor(row.id).job);

    const sent = await smsRow(row.id);
    expect(sent.status).toBe('sent');
    expect((await smsLines(message)).map((line) => line.id)).toEqual([sent.providerId]);
  });

  it('names the provider id at error level when the send cannot be recorded at all, and leaves the row claimed', async () => {
    const message = `Your ride leaves at 13:00 (${randomUUID()})`;
    const row = await recordPendingSms(message);
    await refuseUpdates(row.id, 1000, "NEW.status = 'sent'");
    const logger = createLogger('interrupted-delivery-test', 'silent');
    const errors = vi.spyOn(logger, 'error');

    await expect(deliverSms({ db: handle.service.db, provider: handle.service.provider, logger }, jobFor(row.id).job)).rejects.toBeInstanceOf(UnrecoverableError);

    const [line] = await smsLines(message);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ providerId: line!.id }), expect.stringContaining('could not be recorded as sent'));
    expect(await smsRow(row.id)).toMatchObject({ status: 'pending', claimToken: expect.any(String) });
  });

  it('releases the claim after a refused send even when the database refuses the first release', async () => {
    const row = await recordPendingSms(`Your ride leaves at 14:00 (${randomUUID()})`);
    await refuseUpdates(row.id, 2, 'NEW.claim_token IS NULL AND OLD.claim_token IS NOT NULL');
    const refusing = {
      ...twilioLikeProvider([]),
      send: async (): Promise<never> => {
        throw new SmsProviderError('Twilio answered 429 (code 20429): Too Many Requests', true);
      },
    };

    await expect(deliverSms({ db: handle.service.db, provider: refusing, logger: silent }, jobFor(row.id).job)).rejects.toBeInstanceOf(SmsProviderError);

    expect(await smsRow(row.id)).toMatchObject({ status: 'pending', claimToken: null, attempts: 1, error: expect.stringContaining('429') });
  });
});
