import { randomUUID } from 'node:crypto';
import { createLogger } from '@krom/server-kit/logger';
import { eventually } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { emailLogs, smsLogs } from '../src/db/schema.ts';
import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import { recordEmail } from '../src/email/queue-email.ts';
import { createEmailQueue } from '../src/jobs/queues/email-queue.ts';
import { PENDING_GRACE_MS, startPendingMessageSweep } from '../src/jobs/pending-message-sweep.ts';
import { createSmsQueue } from '../src/jobs/queues/sms-queue.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { queueSms } from '../src/sms/queue-sms.ts';
import { recordSms } from '../src/sms/record-sms.ts';
import { useNotificationsService } from './notifications-test-env.ts';

/**
 * Messages whose delivery job never reached Redis are sent by the periodic sweep while the
 * service keeps running. The sweep is called with a "now" past the grace period instead of
 * waiting for its timer.
 */
const handle = useNotificationsService();
const opened: { close: () => Promise<unknown> }[] = [];
afterAll(async () => {
  for (const resource of opened.reverse()) await resource.close();
});

const afterGrace = (createdAt: Date) => new Date(createdAt.getTime() + PENDING_GRACE_MS + 1000);

const sentSms = (id: string) =>
  eventually(async () => {
    const [row] = await handle.service.db.select().from(smsLogs).where(eq(smsLogs.id, id));
    return row?.status === 'sent' ? row : undefined;
  });

const smsLinesWith = async (text: string) =>
  (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((entry) => entry.body === text);

const recordLostSms = (message: string) =>
  recordSms(handle.service.db, { phoneNumber: '+233241234567', message, messageType: 'notification', provider: handle.service.provider.name }, handle.service.sender.limits);

describe('the pending message sweep', () => {
  it('sends an SMS recorded while Redis was unreachable, at the next sweep, without a restart', async () => {
    // A sender whose Redis refuses connections: the row is recorded, its job never queued.
    const deadRedis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    deadRedis.on('error', () => undefined);
    const deadQueue = createSmsQueue(deadRedis, handle.config);
    deadQueue.on('error', () => undefined);
    opened.push({ close: () => deadQueue.close().finally(() => deadRedis.disconnect()) });
    const message = `Your ride leaves at 08:00 (${randomUUID()})`;
    await expect(
      queueSms({ ...handle.service.sender, queue: deadQueue }, { phoneNumber: '0241234567', message, messageType: 'reminder' }),
    ).rejects.toThrow();
    const [row] = await handle.service.db.select().from(smsLogs).where(eq(smsLogs.message, message));
    expect(row?.status).toBe('pending');
    expect(await handle.service.queue.getJob(row!.id)).toBeUndefined();

    const queued = await handle.service.sweep.sweep(afterGrace(row!.createdAt));

    expect(queued.sms).toBeGreaterThanOrEqual(1);
    expect((await sentSms(row!.id)).providerId).toBeTruthy();
    expect(await smsLinesWith(message)).toHaveLength(1);
  });

  it('sends a pending e-mail that has no job', async () => {
    const text = `Your booking is confirmed (${randomUUID()})`;
    const row = await recordEmail(handle.service.db, handle.service.emailProvider.name, {
      to: 'efua@example.com',
      subject: 'Booking confirmed',
      text,
      messageType: 'notification',
    }, handle.service.emailSender.limits);

    expect((await handle.service.sweep.sweep(afterGrace(row.createdAt))).email).toBeGreaterThanOrEqual(1);

    await eventually(async () => {
      const [current] = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.id, row.id));
      return current?.status === 'sent' ? current : undefined;
    });
    const lines = (await readLocalEmailOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((entry) => entry.text === text);
    expect(lines).toHaveLength(1);
  });

  it('sends once when two replicas sweep the same row at the same moment', async () => {
    // A second replica: its own Redis connection and queue on the same prefix, its own sweep.
    const redis = new Redis(handle.config.REDIS_URL, { maxRetriesPerRequest: 3 });
    const queue = createSmsQueue(redis, handle.config);
    const emailQueue = createEmailQueue(redis, handle.config);
    const replica = startPendingMessageSweep({
      sms: { ...handle.service.sender, queue },
      email: { ...handle.service.emailSender, queue: emailQueue },
      logger: createLogger('notifications-replica', 'silent'),
      intervalMs: 3_600_000,
    });
    opened.push({
      close: async () => {
        await replica.stop();
        await Promise.all([queue.close(), emailQueue.close()]);
        await redis.quit();
      },
    });
    const message = `Your driver is on the way (${randomUUID()})`;
    const row = await recordLostSms(message);

    const now = afterGrace(row.createdAt);
    await Promise.all([handle.service.sweep.sweep(now), replica.sweep(now)]);

    const sent = await sentSms(row.id);
    await eventually(async () => ((await handle.service.queue.getJob(row.id))?.finishedOn ? true : undefined));
    expect(sent.attempts).toBe(1);
    expect(await smsLinesWith(message)).toHaveLength(1);
  });

  it('leaves a row recorded moments ago to whoever is queueing it', async () => {
    const row = await recordLostSms(`Seat reserved (${randomUUID()})`);

    await handle.service.sweep.sweep(new Date(row.createdAt.getTime() + 1000));

    expect(await handle.service.queue.getJob(row.id)).toBeUndefined();
  });
});
