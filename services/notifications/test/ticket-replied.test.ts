import { randomUUID } from 'node:crypto';
import { type TicketReplied, ticketReplied } from '@krom/contracts/events/admin';
import { userDeleted } from '@krom/contracts/events/identity';
import { notificationListSchema } from '@krom/contracts/http/notifications';
import { testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { assertionFor, eventDelivery, messagesOf, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
const deliver = eventDelivery(handle);
const messages = messagesOf(handle);

const replied = (memberId: string, changes: Partial<TicketReplied> = {}) =>
  testEnvelope(ticketReplied, {
    ticketId: randomUUID(),
    memberId,
    messageId: randomUUID(),
    subject: 'Driver never came',
    repliedAt: new Date().toISOString(),
    version: 3,
    ...changes,
  });

const noticesOf = async (userId: string) => {
  const response = await handle.service.app.inject({ method: 'GET', url: '/notifications', headers: await assertionFor(handle.config, { kind: 'user', userId }) });
  return notificationListSchema.parse(response.json()).items;
};

describe('krom.admin.ticket.replied.v1', () => {
  it('tells the member in the app, by SMS and by e-mail, each leading to the ticket, once per event', async () => {
    const member = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
    const event = replied(member.userId);
    await deliver(ticketReplied, event);
    await deliver(ticketReplied, event);

    const link = `/support/tickets/${event.data.ticketId}`;
    const notices = (await noticesOf(member.userId)).filter((notice) => notice.title === 'Support replied');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'system',
      title: 'Support replied',
      message: 'Our support team replied to your ticket "Driver never came". Open it to read the reply and answer.',
      data: { ticketId: event.data.ticketId, link },
    });

    const rows = await messages.allDelivered(member.userId, { atLeastOne: true });
    expect(rows).toHaveLength(2);
    const [text] = await messages.textsTo(member.phone);
    expect(text?.body).toBe(`Krom support replied to "Driver never came". Read it: ${handle.config.PUBLIC_ORIGIN}${link}`);
    const [mail] = await messages.mailTo(member.email);
    expect(mail).toMatchObject({ subject: 'Krom support replied: Driver never came' });
    expect(JSON.stringify(mail)).toContain(`${handle.config.PUBLIC_ORIGIN}${link}`);
  });

  it('tells a deleted account nothing', async () => {
    const member = await registeredUser(handle, { firstName: 'Kofi', lastName: 'Boateng' });
    await deliver(userDeleted, testEnvelope(userDeleted, { userId: member.userId, deletedAt: new Date().toISOString() }));
    await deliver(ticketReplied, replied(member.userId));
    expect((await noticesOf(member.userId)).filter((notice) => notice.title === 'Support replied')).toEqual([]);
    expect([...(await messages.smsOf(member.userId)), ...(await messages.emailsOf(member.userId))]).toEqual([]);
  });
});
