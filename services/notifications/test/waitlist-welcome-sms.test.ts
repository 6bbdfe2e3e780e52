import { randomBytes, randomUUID } from 'node:crypto';
import { type WaitlistJoined, waitlistJoined } from '@krom/contracts/events/admin';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { handleOnce } from '@krom/server-kit/outbox';
import { currentTraceparent, initTelemetry } from '@krom/server-kit/telemetry';
import { eventually } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsLogs } from '../src/db/schema.ts';
import { handleWaitlistJoined, welcomeSmsRecord } from '../src/events/handlers/waitlist-joined.ts';
import { enqueueSmsDelivery } from '../src/jobs/queues/sms-queue.ts';
import { chooseSmsProvider } from '../src/providers/sms/choose.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { recordSms } from '../src/sms/record-sms.ts';
import { requeuePendingSms } from '../src/sms/requeue-pending-sms.ts';
import { useNotificationsService } from './notifications-test-env.ts';

// A registered tracer, as in the running service, so spans and traceparents are real.
initTelemetry('notifications');

/** The trace each delivery ran in, by message text: what the worker's span looked like from inside. */
const deliveryTraces = new Map<string, string | undefined>();
const handle = useNotificationsService({
  smsProvider: (config) => {
    const chosen = chooseSmsProvider(config);
    return {
      ...chosen,
      send: async (to, body, deliveryKey) => {
        deliveryTraces.set(body, currentTraceparent());
        return chosen.send(to, body, deliveryKey);
      },
    };
  },
});

const signup = (overrides: Partial<WaitlistJoined> = {}): EventEnvelope<WaitlistJoined> => ({
  id: randomUUID(),
  type: waitlistJoined.subject,
  occurredAt: new Date().toISOString(),
  traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
  data: {
    signupId: randomUUID(),
    name: 'Ama Mensah',
    email: `ama-${randomUUID()}@example.com`,
    phone: '0241234567',
    joinedAt: new Date().toISOString(),
    ...overrides,
  },
});

const rowsFor = (envelope: EventEnvelope) =>
  handle.service.db.select().from(smsLogs).where(eq(smsLogs.sourceEventId, envelope.id));

const settledRowFor = (envelope: EventEnvelope) =>
  eventually(async () => {
    const [row] = await rowsFor(envelope);
    return row && row.status !== 'pending' ? row : undefined;
  });

const outboxLinesWith = async (text: string) =>
  (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((entry) => entry.body.includes(text));

/** Waits until the service's consumer has acknowledged everything up to stream sequence `seq`. */
const consumed = (seq: number) =>
  eventually(async () => {
    const bus = handle.service.bus;
    const info = await bus.jsm.consumers.info(bus.streamName, `notifications_${waitlistJoined.subject.replaceAll('.', '_')}`);
    return info.ack_floor.stream_seq >= seq && info.num_ack_pending === 0 ? info : undefined;
  });

const queueIsIdle = () =>
  eventually(async () => {
    const counts = await handle.service.queue.getJobCounts('waiting', 'active', 'delayed');
    return Object.values(counts).every((n) => n === 0) ? counts : undefined;
  });

describe('welcome SMS for a waitlist sign-up', () => {
  it('sends a welcome SMS to the +233 number when waitlist.joined arrives, and logs it as sent', async () => {
    const event = signup({ name: 'Kwame Asante', phone: '0551234567' });
    await handle.service.bus.publish(waitlistJoined.subject, event);

    const row = await settledRowFor(event);
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'local',
      phoneNumber: '+233551234567',
      messageType: 'notification',
      attempts: 1,
      error: null,
    });
    expect(row.message).toMatch(/^Hi Kwame,/);
    expect(row.message).toContain('Krom is coming soon to Ghana');

    const lines = await outboxLinesWith('Hi Kwame,');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: row.providerId, to: '+233551234567', body: row.message });
  });

  it('sends one SMS when the same event is delivered twice', async () => {
    const event = signup({ name: 'Efua Owusu' });
    await handle.service.bus.publish(waitlistJoined.subject, event);
    await settledRowFor(event);

    // The same envelope again under another Nats-Msg-Id, so JetStream does not drop it as a duplicate.
    const bus = handle.service.bus;
    const again = await bus.js.publish(bus.subjectOf(waitlistJoined.subject), JSON.stringify(event), { msgID: randomUUID() });
    expect(again.duplicate).toBe(false);
    await consumed(again.seq);
    await queueIsIdle();

    expect(await rowsFor(event)).toHaveLength(1);
    expect(await outboxLinesWith('Hi Efua,')).toHaveLength(1);
  });

  it('sends one SMS when two copies of the event are handled at the same time', async () => {
    const event = signup({ name: 'Yaw Darko' });
    const handler = handleWaitlistJoined({ sms: handle.service.sender, email: handle.service.emailSender });
    await Promise.all([handler(event), handler(event)]);
    await settledRowFor(event);
    await queueIsIdle();

    expect(await rowsFor(event)).toHaveLength(1);
    expect(await outboxLinesWith('Hi Yaw,')).toHaveLength(1);
  });

  it('still sends the SMS when the service stopped between recording it and queueing it', async () => {
    const event = signup({ name: 'Akosua Boateng' });
    // The first half of the handler only, as if the process died right after its commit.
    await handleOnce(handle.service.db, event, async (tx) => {
      await recordSms(tx, welcomeSmsRecord(event, 'local'), handle.service.sender.limits);
    });
    expect(await handle.service.queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 0, delayed: 0 });

    await handle.service.bus.publish(waitlistJoined.subject, event);
    const row = await settledRowFor(event);
    expect(row.status).toBe('sent');
    expect(await outboxLinesWith('Hi Akosua,')).toHaveLength(1);
  });

  it('delivers SMS left pending without a job once pending SMS are queued again (as at start)', async () => {
    const event = signup({ name: 'Adwoa Frimpong' });
    const row = await recordSms(handle.service.db, welcomeSmsRecord(event, 'local'), handle.service.sender.limits);
    expect(await handle.service.queue.getJob(row.id)).toBeUndefined();

    expect(await requeuePendingSms(handle.service.sender)).toBeGreaterThanOrEqual(1);
    const settled = await settledRowFor(event);
    expect(settled.status).toBe('sent');
    expect(await outboxLinesWith('Hi Adwoa,')).toHaveLength(1);
  });

  it('sends nothing more when a delivery job for an SMS already sent runs again', async () => {
    const event = signup({ name: 'Nana Agyeman' });
    await handle.service.bus.publish(waitlistJoined.subject, event);
    const row = await settledRowFor(event);

    // Redis forgets finished jobs after a day; a late re-queue then makes a new job for the row.
    // The row is settled before its job is: the worker still holds the job until it completes it.
    await eventually(async () => {
      const job = await handle.service.queue.getJob(row.id);
      return job === undefined || (await job.isCompleted()) ? true : undefined;
    });
    await (await handle.service.queue.getJob(row.id))?.remove();
    await enqueueSmsDelivery(handle.service.queue, row.id, undefined);
    await eventually(async () => ((await (await handle.service.queue.getJob(row.id))?.isCompleted()) ? true : undefined));

    expect(await outboxLinesWith('Hi Nana,')).toHaveLength(1);
    expect((await rowsFor(event))[0]).toMatchObject({ status: 'sent', attempts: 1, providerId: row.providerId });
  });

  it('records a sign-up whose number cannot be dialled as failed, without sending', async () => {
    const event = signup({ name: 'Kojo Mensah', phone: '0901234567' });
    await handle.service.bus.publish(waitlistJoined.subject, event);
    const row = await settledRowFor(event);
    expect(row).toMatchObject({ status: 'failed', phoneNumber: '0901234567', attempts: 0 });
    expect(row.error).toBe('Not a valid Ghana phone number: 0901234567');
    expect(await outboxLinesWith('Hi Kojo,')).toHaveLength(0);
  });

  it("carries the event's trace into the queued job and the delivery", async () => {
    const event = signup({ name: 'Abena Sarpong' });
    const traceId = event.traceparent!.split('-')[1];
    await handle.service.bus.publish(waitlistJoined.subject, event);
    const row = await settledRowFor(event);

    const job = await handle.service.queue.getJob(row.id);
    expect(job?.data.smsLogId).toBe(row.id);
    expect(job?.data.traceparent?.split('-')[1]).toBe(traceId);
    expect(deliveryTraces.get(row.message)?.split('-')[1]).toBe(traceId);
  });
});

describe('health', () => {
  it('is ready with its database, NATS and Redis', async () => {
    const response = await handle.service.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().checks).toEqual({ database: 'ok', nats: 'ok', redis: 'ok' });
  });
});
