import { randomUUID } from 'node:crypto';
import { createLogger } from '@krom/server-kit/logger';
import { eventually } from '@krom/server-kit/testing';
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailLogs, smsLogs } from '../src/db/schema.ts';
import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import { recordEmail } from '../src/email/queue-email.ts';
import { enqueueEmailDelivery } from '../src/jobs/queues/email-queue.ts';
import { enqueueSmsDelivery, type SmsJobData } from '../src/jobs/queues/sms-queue.ts';
import { deliverSms } from '../src/jobs/workers/sms.worker.ts';
import { INTERRUPTED_SEND } from '../src/messages/deliver-once.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
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

/** What a worker does before it calls the provider: claim the row, committed. */
const claim = (table: typeof smsLogs | typeof emailLogs, id: string) =>
  handle.service.db.update(table as typeof smsLogs).set({ claimToken: randomUUID(), claimedAt: new Date() }).where(eq(table.id, id));

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
    const twilioLike = {
      name: 'twilio',
      send: async (to: string) => {
        sends.push(to);
        return { providerId: `SM${randomUUID()}` };
      },
      verifyWebhook: () => {
        throw new Error('no callback in this test');
      },
    };
    const job = { data: { smsLogId: row.id }, attemptsMade: 1, opts: { attempts: 3 } } as Job<SmsJobData>;

    await deliverSms({ db: handle.service.db, provider: twilioLike, logger: createLogger('interrupted-delivery-test', 'silent') }, job);

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
