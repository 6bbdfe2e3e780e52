import { randomUUID } from 'node:crypto';
import { messageSent } from '@krom/contracts/events/messages';
import { testEnvelope } from '@krom/server-kit/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.ts';
import { choicesTold, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

/*
 * krom.rides.message.sent.v1: the recipient is told in the app every time, and by SMS only when
 * they do not have the app open, at most once an hour per conversation (judged by the messages'
 * sent times, the given clock here).
 */

const handle = useNotificationsService();
const deliver = eventDelivery(handle);
const { smsOf } = messagesOf(handle);
const choices = choicesTold(handle);

const START = Date.parse('2026-11-28T09:00:00.000Z');
const MINUTE = 60_000;

const sent = (recipientId: string, conversationId: string, minutesAfterStart: number) =>
  testEnvelope(messageSent, {
    messageId: randomUUID(),
    conversationId,
    rideId: randomUUID(),
    senderId: randomUUID(),
    senderFirstName: 'Kofi',
    recipientId,
    recipientRole: 'passenger',
    preview: 'Yes, 2 seats left',
    fromLocation: 'Accra',
    toLocation: 'Kumasi',
    departureAt: '2026-12-01T07:30:00.000Z',
    sentAt: new Date(START + minutesAfterStart * MINUTE).toISOString(),
  });

/** The recipient's message notices (registering brings a welcome notice of its own). */
const noticesOf = async (userId: string) =>
  (await handle.service.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((one) => one.title.startsWith('New message'));

describe('krom.rides.message.sent.v1', () => {
  it('tells the recipient in the app each time and texts them at most once an hour per conversation', async () => {
    const recipient = await registeredUser(handle, { firstName: 'Esi', lastName: 'Mensah' });
    const conversationId = randomUUID();
    const first = sent(recipient.userId, conversationId, 0);
    await deliver(messageSent, first);
    await deliver(messageSent, first);
    await deliver(messageSent, sent(recipient.userId, conversationId, 59));
    expect((await noticesOf(recipient.userId)).map((one) => [one.title, one.message])).toEqual([
      ['New message from Kofi', 'Yes, 2 seats left'],
      ['New message from Kofi', 'Yes, 2 seats left'],
    ]);
    expect((await smsOf(recipient.userId)).map((one) => one.message)).toEqual([
      'Krom: New message from Kofi about your Accra to Kumasi ride. Open Krom to reply.',
    ]);

    // Another conversation has its own hour; this one's next SMS comes an hour after the last.
    await deliver(messageSent, sent(recipient.userId, randomUUID(), 10));
    expect(await smsOf(recipient.userId)).toHaveLength(2);
    await deliver(messageSent, sent(recipient.userId, conversationId, 60));
    expect(await smsOf(recipient.userId)).toHaveLength(3);
    expect(await noticesOf(recipient.userId)).toHaveLength(4);
  });

  it('does not text a recipient who has the app open, nor one who turned SMS off', async () => {
    const watching = await registeredUser(handle, { firstName: 'Ama', lastName: 'Owusu' });
    const stream = handle.service.hub.open(watching.userId);
    try {
      await deliver(messageSent, sent(watching.userId, randomUUID(), 0));
    } finally {
      handle.service.hub.release(watching.userId, stream);
    }
    expect(await noticesOf(watching.userId)).toHaveLength(1);
    expect(await smsOf(watching.userId)).toEqual([]);

    const quiet = await registeredUser(handle, { firstName: 'Yaw', lastName: 'Darko' });
    await choices(quiet.userId, { smsNotifications: false }, 2);
    await deliver(messageSent, sent(quiet.userId, randomUUID(), 0));
    expect(await noticesOf(quiet.userId)).toHaveLength(1);
    expect(await smsOf(quiet.userId)).toEqual([]);
  });
});
