import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { userPasswordChanged } from '@krom/contracts/events/identity';
import { type Notification, notificationErrors, notificationListSchema } from '@krom/contracts/http/notifications';
import { eventually } from '@krom/server-kit/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../../services/notifications/src/notifications/create-notification.ts';
import { listeningNotificationsService } from '../../services/notifications/test/notifications-test-env.ts';
import { buildBffApp } from '../src/app.ts';
import { readBffConfig } from '../src/config.ts';
import { nothingStarted } from './bff-test-config.ts';

/**
 * In-app notifications through the real BFF and the real notifications service on a port, as a
 * signed-in browser calls them, including the event stream over real HTTP through the proxy.
 */
const ORIGIN = 'http://localhost:8080';
let notifications: Awaited<ReturnType<typeof listeningNotificationsService>>;
let bff: FastifyInstance;
let bffUrl = '';
let redis: Redis;
let bffPrefix = '';

beforeAll(async () => {
  notifications = await listeningNotificationsService({ NOTIFICATION_STREAM_HEARTBEAT_SECONDS: '1' });
  redis = new Redis(notifications.config.REDIS_URL);
  bffPrefix = `${notifications.config.REDIS_PREFIX}:bff:`;
  bff = await buildBffApp(
    readBffConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      INTERNAL_AUTH_SECRET: notifications.config.INTERNAL_AUTH_SECRET,
      SESSION_SECRET: `session-secret-${bffPrefix}-0123456789abcdef`,
      REDIS_URL: notifications.config.REDIS_URL,
      REDIS_PREFIX: bffPrefix,
      // Every other address points at nothing: the test reaches only the service it started.
      ...nothingStarted,
      NOTIFICATIONS_URL: notifications.url,
      PUBLIC_ORIGIN: ORIGIN,
    }),
    redis,
  );
  bffUrl = await bff.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await bff?.close();
  const keys = await redis.keys(`${bffPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await notifications?.close();
});

/** A signed-in user's session cookie, as the BFF's sign-in would have set it. */
const signedIn = async (userId: string) => {
  const sid = await bff.sessions.create('user', userId);
  return { krom_session: bff.encodeSecureSession(bff.createSecureSession({ user: sid })) };
};
const list = async (cookies: Record<string, string>) => {
  const response = await bff.inject({ method: 'GET', url: '/api/notifications', cookies });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
};
const post = (url: string, cookies: Record<string, string>) => bff.inject({ method: 'POST', url, cookies, headers: { origin: ORIGIN } });
const notify = (userId: string, title: string, actionRequired = false) =>
  createNotification(notifications.service.db, { userId, type: 'ride_request', title, message: `${title}.`, actionRequired });

describe('/api/notifications', () => {
  const ama = randomUUID();
  const kofi = randomUUID();
  let amaCookie: Record<string, string>;
  let kofiCookie: Record<string, string>;
  let kofiNote = '';
  beforeAll(async () => {
    amaCookie = await signedIn(ama);
    kofiCookie = await signedIn(kofi);
    await notify(ama, 'Older request', true);
    await notify(ama, 'Newer request');
    kofiNote = (await notify(kofi, 'For Kofi')).id;
  });

  it('answers 401 when no user is signed in, on every call', async () => {
    const calls = [
      await bff.inject({ method: 'GET', url: '/api/notifications' }),
      await bff.inject({ method: 'GET', url: '/api/notifications/stream' }),
      await post(`/api/notifications/${kofiNote}/read`, {}),
      await post('/api/notifications/read-all', {}),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    expect(calls[0]?.json().message).toBe('Sign-in required');
  });

  it('lists the signed-in user’s own notifications, newest first, with the badge counts', async () => {
    const mine = await list(amaCookie);
    expect(mine.items.map((n) => n.title)).toEqual(['Newer request', 'Older request']);
    expect(mine).toMatchObject({ unreadCount: 2, actionRequiredCount: 1 });
    expect((await list(kofiCookie)).items.map((n) => n.id)).toEqual([kofiNote]);
  });

  it('marks one read, and answers another user’s id as not found', async () => {
    const [newer] = (await list(amaCookie)).items;
    const read = await post(`/api/notifications/${newer!.id}/read`, amaCookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true });
    expect((await list(amaCookie)).unreadCount).toBe(1);

    const theirs = await post(`/api/notifications/${kofiNote}/read`, amaCookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(notificationErrors.notFound);
    expect((await list(kofiCookie)).unreadCount).toBe(1);
  });

  it('marks all read for the signed-in user only', async () => {
    expect((await post('/api/notifications/read-all', amaCookie)).json()).toEqual({ ok: true });
    expect(await list(amaCookie)).toMatchObject({ unreadCount: 0, actionRequiredCount: 0 });
    expect((await list(kofiCookie)).unreadCount).toBe(1);
  });

  it('refuses a mark-read sent from another site', async () => {
    const response = await bff.inject({ method: 'POST', url: '/api/notifications/read-all', cookies: kofiCookie, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect((await list(kofiCookie)).unreadCount).toBe(1);
  });
});

/** A stream opened through the BFF over real HTTP, with the arrival time of each chunk. */
type OpenStream = { response: IncomingMessage; text: () => string; ended: Promise<void> };

describe('/api/notifications/stream through the BFF', () => {
  const opened: OpenStream[] = [];
  afterAll(() => {
    for (const stream of opened) stream.response.destroy();
  });

  const openStream = async (userId: string): Promise<OpenStream> => {
    const [[name, value]] = Object.entries(await signedIn(userId)) as [[string, string]];
    const headers = { accept: 'text/event-stream', cookie: `${name}=${encodeURIComponent(value)}` };
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${bffUrl}/api/notifications/stream`, { headers }, resolve).on('error', reject).end(),
    );
    let received = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = new Promise<void>((resolve) => response.on('close', resolve));
    const stream = { response, text: () => received, ended };
    opened.push(stream);
    return stream;
  };
  const eventsIn = (text: string): Notification[] =>
    text
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: notification\n'))
      .map((frame) => JSON.parse(frame.split('\ndata: ')[1] ?? '') as Notification);

  it('passes each notification on as it happens, to its user only, without buffering', async () => {
    const ama = randomUUID();
    const kofi = randomUUID();
    const amaStream = await openStream(ama);
    const kofiStream = await openStream(kofi);
    expect(amaStream.response.statusCode).toBe(200);
    expect(amaStream.response.headers['content-type']).toBe('text/event-stream');
    expect(amaStream.response.headers['set-cookie']).toBeUndefined();
    // The service's first line arrives while the stream stays open: the proxy does not hold it back.
    await eventually(async () => (amaStream.text().includes(': connected') && kofiStream.text().includes(': connected') ? true : undefined));

    const event = { id: randomUUID(), type: userPasswordChanged.subject, occurredAt: new Date().toISOString(), data: { userId: ama, changedAt: new Date().toISOString(), via: 'settings' } };
    await notifications.service.bus.publish(userPasswordChanged.subject, event);
    const [pushed] = await eventually(async () => {
      const events = eventsIn(amaStream.text());
      return events.length > 0 ? events : undefined;
    });
    expect(pushed).toMatchObject({ title: 'Password changed', type: 'system', isRead: false });

    // Each arrives while its stream is still open: a proxy that buffered would hold it until the end.
    const second = await notify(ama, 'Seat requested');
    await eventually(async () => (eventsIn(amaStream.text()).some((n) => n.id === second.id) ? true : undefined));
    // Kofi's own notice, sent after Ama's, closes the question: had one of hers gone to him, it would be there before it.
    const kofis = await notify(kofi, 'Ride confirmed');
    await eventually(async () => (eventsIn(kofiStream.text()).some((n) => n.id === kofis.id) ? true : undefined));
    expect(eventsIn(kofiStream.text()).map((n) => n.id)).toEqual([kofis.id]);
  });

  it('passes the heartbeat comment lines on, so a quiet stream stays open', async () => {
    const stream = await openStream(randomUUID());
    await eventually(async () => (stream.text().includes(': keep-alive\n\n') ? true : undefined));
  });

  it('frees the stream in the service when the browser goes away', async () => {
    const stream = await openStream(randomUUID());
    await eventually(async () => (stream.text().includes(': connected') ? true : undefined));
    const open = notifications.service.hub.openStreams;
    stream.response.destroy();
    await eventually(async () => (notifications.service.hub.openStreams === open - 1 ? true : undefined));
  });

  // Last in this file: it closes the BFF.
  it('ends open streams when the BFF shuts down, instead of holding the shutdown', async () => {
    const stream = await openStream(randomUUID());
    await eventually(async () => (stream.text().includes(': connected') ? true : undefined));
    // A BFF that held its shutdown for the stream would never get past this line (the test times out).
    await bff.close();
    await stream.ended;
  });
});
