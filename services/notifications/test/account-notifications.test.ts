import { randomUUID } from 'node:crypto';
import { type UserRegistered, userDeleted, userPasswordChanged, userRegistered } from '@krom/contracts/events/identity';
import type { EventDefinition, EventEnvelope } from '@krom/contracts/envelope';
import { type Notification, notificationErrors, notificationListSchema } from '@krom/contracts/http/notifications';
import { administratorCaller, eventually, testEnvelope } from '@krom/server-kit/testing';
import { eq, inArray, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailLogs, notifications, smsLogs, verificationCodes } from '../src/db/schema.ts';
import { queueSms } from '../src/sms/queue-sms.ts';
import { createNotification } from '../src/notifications/create-notification.ts';
import { assertionFor, useNotificationsService, newPhone, useLiveStreams } from './notifications-test-env.ts';

const handle = useNotificationsService({ env: () => ({ NOTIFICATION_STREAM_HEARTBEAT_SECONDS: '1', PHONE_CODE_RESEND_SECONDS: '0' }) });

const asUser = (userId: string) => assertionFor(handle.config, { kind: 'user', userId });
const list = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await asUser(userId) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
};
const post = async (url: string, userId: string) => handle.service.app.inject({ method: 'POST', url, headers: await asUser(userId) });

const envelope = testEnvelope;
const registration = (overrides: Partial<UserRegistered> = {}) =>
  envelope(userRegistered, {
    userId: randomUUID(),
    firstName: 'Ama',
    lastName: 'Mensah',
    email: `ama.${randomUUID().slice(0, 8)}@example.com`,
    phone: newPhone('020'),
    registeredAt: new Date().toISOString(),
    ...overrides,
  });

/** Publishes the same envelope again under another Nats-Msg-Id (JetStream would drop a plain repeat) and waits until it is handled. */
async function redeliver(event: EventDefinition, copy: EventEnvelope) {
  const bus = handle.service.bus;
  const ack = await bus.js.publish(bus.subjectOf(event.subject), JSON.stringify(copy), { msgID: randomUUID() });
  await eventually(async () => {
    const info = await bus.jsm.consumers.info(bus.streamName, `notifications_${event.subject.replaceAll('.', '_')}`);
    return info.ack_floor.stream_seq >= ack.seq && info.num_ack_pending === 0 ? info : undefined;
  });
}

const notificationsOf = async (userId: string, expected: number) =>
  eventually(async () => {
    const { items } = await list(userId);
    return items.length >= expected ? items : undefined;
  });

describe('notifications made from account events', () => {
  it('welcomes a new account once, even when user.registered arrives twice', async () => {
    const event = registration({ firstName: 'Kwame' });
    await handle.service.bus.publish(userRegistered.subject, event);
    const [welcome] = await notificationsOf(event.data.userId, 1);
    expect(welcome).toMatchObject({ type: 'system', title: 'Welcome to Krom', isRead: false, actionRequired: false });
    expect(welcome?.message).toMatch(/^Hi Kwame, your account is ready\./);

    await redeliver(userRegistered, event);
    expect((await list(event.data.userId)).items).toHaveLength(1);
  });

  it('tells the user their password changed, once, even when the event arrives twice', async () => {
    const userId = randomUUID();
    const event = envelope(userPasswordChanged, { userId, changedAt: new Date().toISOString(), via: 'settings' as const });
    await handle.service.bus.publish(userPasswordChanged.subject, event);
    const [notice] = await notificationsOf(userId, 1);
    expect(notice).toMatchObject({ type: 'system', title: 'Password changed', data: { via: 'settings' } });

    await redeliver(userPasswordChanged, event);
    expect((await list(userId)).items).toHaveLength(1);
  });
});

describe('a user’s notifications', () => {
  const ama = randomUUID();
  const kofi = randomUUID();
  let amaIds: string[] = [];
  let kofiId = '';

  beforeAll(async () => {
    const db = handle.service.db;
    const make = async (userId: string, title: string, extra: { type?: Notification['type']; actionRequired?: boolean } = {}) =>
      (await createNotification(db, { userId, type: extra.type ?? 'booking', title, message: `${title}.`, actionRequired: extra.actionRequired })).id;
    amaIds = [
      await make(ama, 'Booking confirmed'),
      await make(ama, 'Ride request', { type: 'ride_request', actionRequired: true }),
      await make(ama, 'Payment received', { type: 'payment' }),
    ];
    kofiId = await make(kofi, 'Kofi only');
  });

  it('lists only the caller’s own, newest first, with unread and action-required counts', async () => {
    const mine = await list(ama);
    expect(mine.items.map((n) => n.title)).toEqual(['Payment received', 'Ride request', 'Booking confirmed']);
    expect(mine).toMatchObject({ unreadCount: 3, actionRequiredCount: 1 });
    expect(mine.items[1]).toMatchObject({ type: 'ride_request', actionRequired: true, isRead: false, data: null });

    const theirs = await list(kofi);
    expect(theirs.items.map((n) => n.id)).toEqual([kofiId]);
    expect(await list(randomUUID())).toEqual({ items: [], unreadCount: 0, actionRequiredCount: 0 });
  });

  it('marks one read, and saying so again changes nothing', async () => {
    const first = await post(`/notifications/${amaIds[1]}/read`, ama);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    expect((await post(`/notifications/${amaIds[1]}/read`, ama)).statusCode).toBe(200);
    const after = await list(ama);
    expect(after.items.find((n) => n.id === amaIds[1])?.isRead).toBe(true);
    expect(after).toMatchObject({ unreadCount: 2, actionRequiredCount: 0 });
  });

  it('answers another user’s notification id as not found, and leaves it unread', async () => {
    const response = await post(`/notifications/${kofiId}/read`, ama);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(notificationErrors.notFound);
    expect((await list(kofi)).items[0]?.isRead).toBe(false);

    for (const id of [randomUUID(), 'not-an-id']) {
      const unknown = await post(`/notifications/${id}/read`, ama);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(notificationErrors.notFound);
    }
  });

  it('marks all of the caller’s read and nobody else’s', async () => {
    const response = await post('/notifications/read-all', ama);
    expect(response.json()).toEqual({ ok: true });
    const after = await list(ama);
    expect(after.items.every((n) => n.isRead)).toBe(true);
    expect(after).toMatchObject({ unreadCount: 0, actionRequiredCount: 0 });
    expect((await list(kofi)).unreadCount).toBe(1);
  });

  it('is closed to callers who are not a signed-in user', async () => {
    const anonymous = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'public' }) });
    const unsigned = await handle.service.app.inject({ method: 'POST', url: '/notifications/read-all' });
    const staff = await handle.service.app.inject({
      method: 'POST',
      url: `/notifications/${kofiId}/read`,
      headers: await assertionFor(handle.config, administratorCaller()),
    });
    expect([anonymous.statusCode, unsigned.statusCode, staff.statusCode]).toEqual([401, 401, 401]);
    expect((await list(kofi)).unreadCount).toBe(1);
  });
});

describe('deleting an account', () => {
  const sentSms = (phoneE164: string) =>
    eventually(async () => {
      const rows = await handle.service.db.select().from(smsLogs).where(eq(smsLogs.phoneNumber, phoneE164));
      return rows.length > 0 && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    });

  it('erases notifications and codes and masks the phone and e-mail in the logs, sign-up codes included', async () => {
    const event = registration();
    const { userId, phone, email } = event.data;
    const e164 = `+233${phone.slice(1)}`;
    const issue = async (body: object) =>
      handle.service.app.inject({ method: 'POST', url: '/verification-codes', payload: { clientKey: '10.9.9.9', ...body }, headers: await assertionFor(handle.config, { kind: 'public' }) });
    // The sign-up code goes out before the account exists; recovery codes name the account.
    expect((await issue({ purpose: 'signup', subject: phone, destination: { channel: 'sms', phone } })).statusCode).toBe(201);
    await handle.service.bus.publish(userRegistered.subject, event);
    await notificationsOf(userId, 1);
    expect((await issue({ purpose: 'reset', subject: userId, destination: { channel: 'email', email } })).statusCode).toBe(201);
    expect((await issue({ purpose: 'reset', subject: userId, destination: { channel: 'sms', phone } })).statusCode).toBe(201);
    const otherPhone = newPhone('020');
    await queueSms(handle.service.sender, { phoneNumber: otherPhone, message: 'Someone else', messageType: 'notification' });
    const smsBefore = await sentSms(e164);
    expect(smsBefore).toHaveLength(2);
    await sentSms(`+233${otherPhone.slice(1)}`);

    const deletion = envelope(userDeleted, { userId, deletedAt: new Date().toISOString() });
    await handle.service.bus.publish(userDeleted.subject, deletion);
    await eventually(async () => ((await list(userId)).items.length === 0 ? true : undefined));

    const codes = await handle.service.db
      .select()
      .from(verificationCodes)
      .where(or(eq(verificationCodes.userId, userId), inArray(verificationCodes.destination, [e164, email])));
    expect(codes).toHaveLength(0);
    const smsAfter = await handle.service.db.select().from(smsLogs).where(inArray(smsLogs.id, smsBefore.map((r) => r.id)));
    expect(smsAfter.map((r) => r.phoneNumber)).toEqual([`+**********${phone.slice(-2)}`, `+**********${phone.slice(-2)}`]);
    const mails = await handle.service.db.select().from(emailLogs).where(eq(emailLogs.userId, userId));
    expect(mails.map((m) => m.email)).toEqual(['***@example.com']);
    expect(await handle.service.db.select().from(emailLogs).where(eq(emailLogs.email, email))).toHaveLength(0);
    // Someone else's SMS is left as it was.
    expect(await handle.service.db.select().from(smsLogs).where(eq(smsLogs.phoneNumber, `+233${otherPhone.slice(1)}`))).toHaveLength(1);

    await redeliver(userDeleted, deletion);
    // A late event about the deleted account makes nothing.
    const late = envelope(userPasswordChanged, { userId, changedAt: new Date().toISOString(), via: 'recovery' as const });
    await handle.service.bus.publish(userPasswordChanged.subject, late);
    await redeliver(userPasswordChanged, late);
    expect((await handle.service.db.select().from(notifications).where(eq(notifications.userId, userId))).length).toBe(0);
  });

  it('makes no welcome when the deletion arrives before the registration, and still masks the sign-up SMS', async () => {
    const event = registration();
    const { userId, phone } = event.data;
    await queueSms(handle.service.sender, { phoneNumber: phone, message: 'Your Krom verification code is ****.', messageType: 'verification' });
    const [sms] = await sentSms(`+233${phone.slice(1)}`);

    await handle.service.bus.publish(userDeleted.subject, envelope(userDeleted, { userId, deletedAt: new Date().toISOString() }));
    await redeliver(userDeleted, envelope(userDeleted, { userId, deletedAt: new Date().toISOString() }));
    await handle.service.bus.publish(userRegistered.subject, event);
    await redeliver(userRegistered, event);

    expect((await list(userId)).items).toHaveLength(0);
    const [masked] = await handle.service.db.select().from(smsLogs).where(eq(smsLogs.id, sms!.id));
    expect(masked?.phoneNumber).toBe(`+**********${phone.slice(-2)}`);
  });
});

describe('the notification stream', () => {
  const live = useLiveStreams(handle);
  const openStream = live.open;

  it('answers as an event stream and refuses callers who are not a signed-in user', async () => {
    const stream = await openStream(randomUUID());
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream');
    expect(stream.response.headers['cache-control']).toBe('no-cache, no-transform');
    const refused = await fetch(`${live.baseUrl}/notifications/stream`, { headers: await assertionFor(handle.config, { kind: 'public' }) });
    expect(refused.status).toBe(401);
  });

  it('pushes a new notification to its user’s open streams only', async () => {
    const ama = randomUUID();
    const kofi = randomUUID();
    const amaPhone = await openStream(ama);
    const amaLaptop = await openStream(ama);
    const kofiStream = await openStream(kofi);

    await handle.service.bus.publish(userPasswordChanged.subject, envelope(userPasswordChanged, { userId: ama, changedAt: new Date().toISOString(), via: 'settings' as const }));
    const [pushed] = await eventually(async () => {
      const events = amaPhone.notifications();
      return events.length > 0 ? events : undefined;
    });
    expect(pushed).toMatchObject({ title: 'Password changed', type: 'system', isRead: false });
    expect((await list(ama)).items[0]).toEqual(pushed);
    await eventually(async () => (amaLaptop.notifications().length === 1 ? true : undefined));

    const forKofi = await createNotification(handle.service.db, { userId: kofi, type: 'booking', title: 'Seat booked', message: 'Your seat is booked.' });
    await eventually(async () => (kofiStream.notifications().length === 1 ? true : undefined));
    expect(kofiStream.notifications().map((n) => n.id)).toEqual([forKofi.id]);
    expect(amaPhone.notifications().map((n) => n.id)).toEqual([pushed!.id]);
    expect(amaLaptop.notifications().map((n) => n.id)).toEqual([pushed!.id]);
  });

  it('announces nothing that was rolled back', async () => {
    const userId = randomUUID();
    const stream = await openStream(userId);
    await handle.service.db
      .transaction(async (tx) => {
        await createNotification(tx, { userId, type: 'system', title: 'Never', message: 'Rolled back.' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const kept = await createNotification(handle.service.db, { userId, type: 'system', title: 'Kept', message: 'Committed.' });
    await eventually(async () => (stream.notifications().length > 0 ? true : undefined));
    expect(stream.notifications().map((n) => n.id)).toEqual([kept.id]);
  });

  it('sends a comment line at each heartbeat so proxies keep a quiet stream open', async () => {
    const stream = await openStream(randomUUID());
    await eventually(async () => (stream.text().includes(': keep-alive\n\n') ? true : undefined));
  });

  it('lets go of a stream when its client leaves', async () => {
    const before = handle.service.hub.openStreams;
    const stream = await openStream(randomUUID());
    expect(handle.service.hub.openStreams).toBe(before + 1);
    stream.response.destroy();
    await eventually(async () => (handle.service.hub.openStreams === before ? true : undefined));
  });

  // Last in this file: it closes the service.
  it('ends open streams cleanly when the service shuts down', async () => {
    const stream = await openStream(randomUUID());
    await handle.close();
    await stream.ended;
    expect(stream.response.complete).toBe(true);
  });
});
