import { randomUUID } from 'node:crypto';
import { type MessageReported, type MessageSent, messageReported, messageSent } from '@krom/contracts/events/messages';
import { conversationSchema, conversationsResponseSchema, messageMask, messageMessages, messageSchema } from '@krom/contracts/http/messages';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { formerMemberName } from '@krom/contracts/http/review-values';
import { ridesDataExportSchema } from '@krom/contracts/http/data-export';
import type { Caller } from '@krom/server-kit/internal-auth';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { insertUserProfile, useRidesService } from './rides-test-env.ts';

/*
 * Messages (src/messages/): a passenger writes to a ride's driver, the driver answers; nobody else
 * reads or writes the conversation; contact details are hidden before the passenger's booking is
 * confirmed and not after; blocked or gone members cannot be written to; messages are reported
 * and exported.
 */

const handle = useRidesService();
const { call, member, ride, form, booked, outbox } = bookingCalls(handle);

const write = (caller: Caller, rideId: string, body: unknown) => call(caller, 'POST', `/rides/${rideId}/messages`, { body });
const reply = (caller: Caller, conversationId: string, body: unknown) => call(caller, 'POST', `/messages/${conversationId}`, { body });
const conversation = async (caller: Caller, id: string) => {
  const response = await call(caller, 'GET', `/messages/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return conversationSchema.parse(response.json());
};
const unread = async (caller: Caller) => (await call(caller, 'GET', '/messages/unread-count')).json().count as number;

/** A ride and a passenger's first message to its driver. */
async function opened(body = 'Hello, is there space for 2 seats?') {
  const trip = await ride();
  const passenger = await member({ firstName: 'Esi' });
  const response = await write(passenger, trip.rideId, body);
  expect(response.statusCode, response.body).toBe(201);
  return { ...trip, passenger, message: messageSchema.parse(response.json()) };
}

describe('who writes and reads', () => {
  it('opens one conversation per ride and passenger, read by both, and counts unread messages until read', async () => {
    const { driver, passenger, rideId, message } = await opened();
    const again = messageSchema.parse((await write(passenger, rideId, 'Are you still going?')).json());
    expect(again.conversationId).toBe(message.conversationId);
    expect(await unread(driver)).toBe(2);
    expect(await unread(passenger)).toBe(0);

    const seenByDriver = await conversation(driver, message.conversationId);
    expect(seenByDriver.role).toBe('driver');
    expect(seenByDriver.otherMember.firstName).toBe('Esi');
    expect(seenByDriver.messages.map((one) => [one.body, one.mine])).toEqual([
      ['Hello, is there space for 2 seats?', false],
      ['Are you still going?', false],
    ]);
    expect(seenByDriver.unreadCount).toBe(2);
    expect((await call(driver, 'POST', `/messages/${message.conversationId}/read`)).json()).toEqual({ ok: true });
    expect(await unread(driver)).toBe(0);

    expect((await reply(driver, message.conversationId, 'Yes, 2 seats left')).statusCode).toBe(201);
    expect(await unread(passenger)).toBe(1);
    const list = conversationsResponseSchema.parse((await call(passenger, 'GET', '/messages')).json()).conversations;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: message.conversationId, role: 'passenger', booked: false, unreadCount: 1, lastMessage: { body: 'Yes, 2 seats left', mine: false } });
    expect(list[0]?.ride).toMatchObject({ id: rideId, fromLocation: 'Circle VIP Bus Station', toLocation: 'Kejetia Lorry Park' });

    const [event] = (await outbox<MessageSent>(messageSent.subject)).map((one) => one.data).filter((data) => data.messageId === message.id);
    expect(event).toMatchObject({ conversationId: message.conversationId, rideId, senderId: passenger.userId, senderFirstName: 'Esi', recipientId: driver.userId, recipientRole: 'driver' });
  });

  it('is a 404 to anyone else, who cannot write in it either', async () => {
    const { message } = await opened();
    const stranger = await member();
    expect((await call(stranger, 'GET', `/messages/${message.conversationId}`)).statusCode).toBe(404);
    const answer = await reply(stranger, message.conversationId, 'Hi');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(messageMessages.conversationNotFound);
    expect((await call(stranger, 'POST', `/messages/${message.conversationId}/read`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/messages')).json()).toEqual({ conversations: [] });
    expect((await call(stranger, 'GET', `/messages/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/messages/not-an-id')).statusCode).toBe(404);
    expect((await call({ kind: 'public' }, 'GET', '/messages')).statusCode).toBe(401);
  });

  it('lets no driver open a conversation: writing to their own ride is refused', async () => {
    const { driver, rideId } = await ride();
    const own = await write(driver, rideId, 'Hello');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(messageMessages.ownRide);
    expect((await write(driver, randomUUID(), 'Hello')).statusCode).toBe(404);
  });

  it('refuses an empty or too long message with the limits in words', async () => {
    const { rideId } = await ride();
    const passenger = await member();
    for (const body of ['', '   ', 'x'.repeat(1001), 42]) {
      const response = await write(passenger, rideId, body);
      expect(response.statusCode).toBe(400);
    }
    expect((await write(passenger, rideId, '   ')).json().message).toBe(messageMessages.body);
    expect((await write(passenger, rideId, 'x'.repeat(1001))).json().message).toBe(messageMessages.bodyLength);
    expect((await write(passenger, rideId, 'x'.repeat(1000))).statusCode).toBe(201);
  });
});

describe('masking', () => {
  it('hides contact details before the passenger has a confirmed booking, and not after', async () => {
    const { driver, passenger, rideId, message } = await opened('Call me on 024 123 4567 or kofi@gmail.com');
    expect(message).toMatchObject({ body: `Call me on ${messageMask} or ${messageMask}`, masked: true });
    const answer = messageSchema.parse((await reply(driver, message.conversationId, 'My momo is 0559876543')).json());
    expect(answer.body).toBe(`My momo is ${messageMask}`);
    const [event] = (await outbox<MessageSent>(messageSent.subject)).map((one) => one.data).filter((data) => data.messageId === answer.id);
    expect(event?.preview).toBe(`My momo is ${messageMask}`);

    await booked(passenger, form(rideId));
    const after = messageSchema.parse((await reply(driver, message.conversationId, 'Call me on 0559876543')).json());
    expect(after).toMatchObject({ body: 'Call me on 0559876543', masked: false });
    const seen = await conversation(passenger, message.conversationId);
    expect(seen.booked).toBe(true);
    // What was hidden before booking stays hidden: it was never kept.
    expect(seen.messages.map((one) => one.body)).toEqual([`Call me on ${messageMask} or ${messageMask}`, `My momo is ${messageMask}`, 'Call me on 0559876543']);
  });
});

describe('blocked and gone members', () => {
  it('cannot write when either blocked the other', async () => {
    const { driver, passenger, rideId, message } = await opened();
    expect((await call(driver, 'POST', '/blocks', { memberId: passenger.userId })).statusCode).toBe(201);
    for (const response of [await reply(driver, message.conversationId, 'Hi'), await reply(passenger, message.conversationId, 'Hi'), await write(passenger, rideId, 'Hi')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messageMessages.blocked);
    }
    expect(await conversation(passenger, message.conversationId)).toMatchObject({ canWrite: false, cannotWriteReason: messageMessages.blocked });
  });

  it('cannot write to a member suspended or deleted', async () => {
    const { driver, passenger, message } = await opened();
    await insertUserProfile(handle.service, passenger.userId, { firstName: 'Esi', suspended: true });
    const response = await reply(driver, message.conversationId, 'Hi');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messageMessages.unavailable);

    // Deleted: identity's anonymised names are not shown; the conversation names a "Former member", without a photo.
    await insertUserProfile(handle.service, passenger.userId, { firstName: 'Deleted', lastName: 'User', profileImageUrl: '/api/uploads/esi.jpg', deleted: true });
    expect((await conversation(driver, message.conversationId)).otherMember).toMatchObject({ firstName: formerMemberName, profileImageUrl: null });
    const [listed] = conversationsResponseSchema.parse((await call(driver, 'GET', '/messages')).json()).conversations;
    expect(listed?.otherMember).toMatchObject({ firstName: formerMemberName, profileImageUrl: null });
  });
});

describe('reports and the data download', () => {
  it('stores a report of the other member’s message once, announces it once for staff with the message as stored, and refuses reporting your own', async () => {
    const { driver, passenger, message } = await opened();
    const report = { messageId: message.id, reason: 'inappropriate_messages', details: 'Asked me to pay outside Krom' };
    const first = await call(driver, 'POST', `/messages/${message.conversationId}/reports`, report);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(memberSafetyMessages.reportThanks);
    expect((await call(driver, 'POST', `/messages/${message.conversationId}/reports`, report)).statusCode).toBe(200);
    const { rows } = await handle.service.db.$client.query('SELECT reporter_id, reason, details FROM message_reports WHERE message_id = $1', [message.id]);
    expect(rows).toEqual([{ reporter_id: driver.userId, reason: 'inappropriate_messages', details: 'Asked me to pay outside Krom' }]);
    const announced = (await outbox<MessageReported>(messageReported.subject)).map((one) => one.data).filter((data) => data.messageId === message.id);
    expect(announced).toEqual([
      expect.objectContaining({
        conversationId: message.conversationId,
        reporterId: driver.userId,
        reportedId: passenger.userId,
        reason: 'inappropriate_messages',
        details: 'Asked me to pay outside Krom',
        messageText: message.body,
        messageSentAt: message.sentAt,
      }),
    ]);
    const own = await call(passenger, 'POST', `/messages/${message.conversationId}/reports`, report);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(messageMessages.reportOwn);
    expect((await call(await member(), 'POST', `/messages/${message.conversationId}/reports`, report)).statusCode).toBe(404);
  });

  it('gives each member the messages of their own conversations only', async () => {
    const { driver, passenger, message } = await opened('Hello driver');
    await reply(driver, message.conversationId, 'Hello Esi');
    const other = await opened('Someone else’s message');
    const exported = async (caller: Caller) => {
      const response = await call(caller, 'GET', '/members/me/data-export');
      expect(response.statusCode, response.body).toBe(200);
      return ridesDataExportSchema.parse(response.json()).messages;
    };
    expect((await exported(passenger)).map((one) => [one.text, one.sentByMember])).toEqual([
      ['Hello driver', true],
      ['Hello Esi', false],
    ]);
    expect((await exported(other.passenger)).map((one) => one.text)).toEqual(['Someone else’s message']);
  });
});
