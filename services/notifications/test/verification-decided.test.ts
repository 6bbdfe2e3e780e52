import { randomUUID } from 'node:crypto';
import { userDeleted, type VerificationDecided, verificationDecided } from '@krom/contracts/events/identity';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { handledEvents, notifications, smsLogs } from '../src/db/schema.ts';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { assertionFor, useNotificationsService, e164, eventDelivery, registeredUser, useLiveStreams } from './notifications-test-env.ts';

const handle = useNotificationsService();

const envelope = testEnvelope;

const deliver = eventDelivery(handle);

const registeredKwame = () => registeredUser(handle, { firstName: 'Kwame', lastName: 'Asante' });

const decision = (userId: string, changes: Partial<VerificationDecided> = {}): EventEnvelope<VerificationDecided> =>
  envelope(verificationDecided, {
    submissionId: randomUUID(),
    userId,
    kind: 'driver',
    decision: 'rejected',
    reason: 'The licence photo is blurred.',
    decidedBy: randomUUID(),
    decidedAt: new Date().toISOString(),
    isVerified: true,
    verificationStatus: 'approved',
    isDriver: false,
    driverVerificationStatus: 'rejected',
    version: 7,
    ...changes,
  });

const list = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
};
const decisionNotices = (userId: string) =>
  handle.service.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'system')));
const smsFor = (event: EventEnvelope) => handle.service.db.select().from(smsLogs).where(eq(smsLogs.sourceEventId, event.id));
const sentSmsFor = (event: EventEnvelope) =>
  eventually(async () => {
    const [row] = await smsFor(event);
    return row?.status === 'sent' ? row : undefined;
  });
const outboxTo = async (phone: string) => (await readLocalOutbox(handle.config.LOCAL_OUTBOX_DIR)).filter((sms) => sms.to === e164(phone));

describe('krom.identity.verification.decided.v1', () => {
  it('tells the user of a rejected driver verification in the app and by SMS, with the reason and what to do', async () => {
    const user = await registeredKwame();
    const event = decision(user.userId);
    await deliver(verificationDecided, event);

    const { items } = await list(user.userId);
    const notice = items.find((item) => item.title === 'Driver verification declined');
    expect(notice).toMatchObject({
      type: 'system',
      isRead: false,
      actionRequired: false,
      message: 'We could not approve your driver verification. Reason: The licence photo is blurred. Open Krom to try again.',
      data: { kind: 'driver', decision: 'rejected', submissionId: event.data.submissionId, link: '/verify-identity-driver' },
    });

    const sms = await sentSmsFor(event);
    expect(sms).toMatchObject({ phoneNumber: e164(user.phone), messageType: 'notification', provider: 'local', userId: user.userId });
    const expected = 'Krom: we could not approve your driver verification. Reason: The licence photo is blurred. Open Krom to try again.';
    expect(sms.message).toBe(expected);
    expect((await outboxTo(user.phone)).map((received) => received.body)).toEqual([expected]);
  });

  it('creates nothing twice when the same event is delivered again', async () => {
    const user = await registeredKwame();
    const event = decision(user.userId, { kind: 'identity', decision: 'approved', reason: null });
    await deliver(verificationDecided, event);
    await sentSmsFor(event);

    await deliver(verificationDecided, event);
    await deliver(verificationDecided, event);
    const titles = (await decisionNotices(user.userId)).map((row) => row.title);
    expect(titles.filter((title) => title === 'Identity verified')).toHaveLength(1);
    expect(await smsFor(event)).toHaveLength(1);
    // The redeliveries were acknowledged after they were handled, and the row had been sent before: the phone got one text.
    expect((await outboxTo(user.phone)).map((received) => received.body)).toEqual(['Krom: your identity has been verified.']);
    const [handled] = await handle.service.db.select().from(handledEvents).where(eq(handledEvents.eventId, event.id));
    expect(handled).toBeDefined();
  });

  it('still notifies in the app an account it has no phone for, and tells a deleted account nothing', async () => {
    const stranger = randomUUID();
    const event = decision(stranger, { kind: 'identity', decision: 'rejected', reason: 'Card expired' });
    await deliver(verificationDecided, event);
    expect((await list(stranger)).items.map((item) => item.title)).toEqual(['Identity verification declined']);
    expect(await smsFor(event)).toEqual([]);

    const gone = await registeredKwame();
    await deliver(userDeleted, envelope(userDeleted, { userId: gone.userId, deletedAt: new Date().toISOString() }));
    const late = decision(gone.userId);
    await deliver(verificationDecided, late);
    expect((await list(gone.userId)).items).toEqual([]);
    expect(await smsFor(late)).toEqual([]);
  });

  describe('on the live stream', () => {
    const live = useLiveStreams(handle);

    it('reaches the user’s open notification stream', async () => {
      const user = await registeredKwame();
      const stream = await live.open(user.userId);

      await handle.service.bus.publish(verificationDecided.subject, decision(user.userId, { kind: 'driver', decision: 'approved', reason: null }));
      const pushed = await eventually(async () =>
        stream.notifications().find((notification) => notification.title === 'Driver verification approved'),
      );
      expect(pushed).toMatchObject({ type: 'system', actionRequired: false, data: { link: '/profile', decision: 'approved' } });
    });
  });
});
