import { randomUUID } from 'node:crypto';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { createLogger } from '@krom/server-kit/logger';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../src/notifications/create-notification.ts';
import { NotificationStreamHub } from '../src/notifications/notification-stream-hub.ts';
import { assertionFor, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService({ env: () => ({ NOTIFICATION_STREAMS_PER_USER: '5' }) });

/** A stream read over real HTTP, as a browser's EventSource would; `isEnded` once the server ended it. */
type OpenStream = { response: IncomingMessage; text: () => string; isEnded: () => boolean };

describe('notification streams per user', () => {
  let baseUrl = '';
  const opened: OpenStream[] = [];
  // A second replica: another hub on the same database, as another process would run.
  let otherReplica: NotificationStreamHub;
  beforeAll(async () => {
    baseUrl = await handle.service.app.listen({ port: 0, host: '127.0.0.1' });
    otherReplica = new NotificationStreamHub(handle.service.db, createLogger('other-replica', 'silent'), 60_000, 5);
    await otherReplica.start();
  });
  afterAll(async () => {
    for (const stream of opened) stream.response.destroy();
    await otherReplica.stop();
  });

  const openStream = async (userId: string): Promise<OpenStream> => {
    const headers = { accept: 'text/event-stream', ...(await assertionFor(handle.config, { kind: 'user', userId })) };
    const response = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${baseUrl}/notifications/stream`, { headers }, resolve).on('error', reject).end());
    let received = '';
    let ended = false;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      received += chunk;
    });
    response.on('end', () => {
      ended = true;
    });
    const stream = { response, text: () => received, isEnded: () => ended };
    opened.push(stream);
    await eventually(async () => (received.includes(': connected') ? true : undefined));
    return stream;
  };

  it('holds at most 5 open streams for one user: each one past that ends the oldest, other users untouched', async () => {
    const ama = randomUUID();
    const kofiStream = await openStream(randomUUID());
    const streams: OpenStream[] = [];
    for (let i = 0; i < 8; i++) streams.push(await openStream(ama));

    await eventually(async () => (streams.slice(0, 3).every((s) => s.isEnded()) ? true : undefined));
    expect(streams.slice(3).map((s) => s.isEnded())).toEqual([false, false, false, false, false]);
    expect(kofiStream.isEnded()).toBe(false);
    expect(handle.service.hub.openStreams).toBe(6);

    // The streams left open still receive the user's notifications.
    const notice = await createNotification(handle.service.db, { userId: ama, type: 'system', title: 'Still here', message: 'Five streams.' });
    await eventually(async () => (streams.slice(3).every((s) => s.text().includes(notice.id)) ? true : undefined));
  });

  it('holds the cap across replicas: a stream opened on another replica ends the oldest held here', async () => {
    const efua = randomUUID();
    const here: OpenStream[] = [];
    for (let i = 0; i < 5; i++) here.push(await openStream(efua));
    // Both replicas must have heard of all five before the sixth opens elsewhere.
    await eventually(async () => (otherReplica.knownStreamsOf(efua) === 5 ? true : undefined));

    const elsewhere = otherReplica.open(efua);
    await eventually(async () => (here[0]?.isEnded() ? true : undefined));
    expect(here.slice(1).map((s) => s.isEnded())).toEqual([false, false, false, false]);
    expect(elsewhere.writableEnded).toBe(false);
    otherReplica.release(efua, elsewhere);
  });
});
