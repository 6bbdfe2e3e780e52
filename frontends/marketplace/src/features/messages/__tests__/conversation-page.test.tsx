import type { Conversation } from '@krom/contracts/http/messages';
import { messageMessages } from '@krom/contracts/http/message-values';
import { FakeEventSource } from '@krom/ui-kit/testing/fake-event-source.ts';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aConversation, aMessage, summaryOf } from './message-fixtures.ts';

beforeAll(() => import('../components/conversation-page.tsx'), 30_000);

type Answers = Parameters<typeof mockApi>[0];

/**
 * A rides service holding one conversation: it stores what is sent (masking a phone number before
 * booking, as the service does), counts unread messages and marks them read.
 */
function openConversation(start: Conversation, answers: Answers = {}) {
  let conversation = start;
  /** Kofi writes: stored as unread, as the rides service does. */
  const receive = (body: string) => {
    conversation = { ...conversation, messages: [...conversation.messages, aMessage(start.id, body)], unreadCount: conversation.unreadCount + 1 };
  };
  const api = mockApi({
    ...frameAnswers(aUser()),
    'GET /api/messages/unread-count': () => ({ status: 200, body: { count: conversation.unreadCount } }),
    'GET /api/messages': () => ({ status: 200, body: { conversations: [summaryOf(conversation)] } }),
    [`GET /api/messages/${start.id}`]: () => ({ status: 200, body: conversation }),
    [`POST /api/messages/${start.id}/read`]: () => {
      conversation = { ...conversation, unreadCount: 0 };
      return { status: 200, body: { ok: true } };
    },
    [`POST /api/messages/${start.id}`]: ({ body }) => {
      const text = (body as { body: string }).body;
      const stored = conversation.booked ? text : text.replace(/0\d{9}/g, '[hidden until booked]');
      const message = aMessage(start.id, stored, { mine: true, masked: stored !== text, sentAt: '2026-11-28T11:00:00.000Z' });
      conversation = { ...conversation, messages: [...conversation.messages, message] };
      return { status: 201, body: message };
    },
    ...answers,
  });
  return { api, receive, ...renderRoutes(routes, `/messages/${start.id}`) };
}

const thread = () => screen.findByRole('list', { name: 'Messages with Kofi' });

describe('/messages/{conversationId}', () => {
  it("shows whom and which ride it is about, the member's messages on the right and Kofi's on the left, with their times in Ghana", async () => {
    openConversation(
      aConversation({}, [
        { body: 'Is there room for a bag?', mine: true, sentAt: '2026-11-20T09:30:00.000Z' },
        { body: 'Yes, one small bag.', sentAt: '2026-11-20T10:05:00.000Z' },
      ]),
    );
    const messages = within(await thread()).getAllByRole('listitem');
    expect(screen.getByRole('heading', { level: 1, name: 'Kofi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kaneshie Station → Kejetia Market · Sat, Dec 5, 2026 · 7:30 AM' }).getAttribute('href')).toBe(
      '/ride-preview/3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
    );
    expect(messages.map((message) => [message.getAttribute('aria-label'), getComputedStyle(message).justifyItems])).toEqual([
      ['You', 'end'],
      ['Kofi', 'start'],
    ]);
    expect(messages[0]?.textContent).toBe('Is there room for a bag?20 Nov 2026, 09:30');
    expect(messages[1]?.textContent).toBe('Yes, one small bag.20 Nov 2026, 10:05Report');
  });

  it('marks the conversation read on opening, and the header count goes with it', async () => {
    const start = aConversation({ unreadCount: 1 }, [{ body: 'Yes, one small bag.' }]);
    const { api } = openConversation(start);
    await thread();
    await waitFor(() => expect(api.callsTo('POST', `/api/messages/${start.id}/read`)).toHaveLength(1));
    // Read again after the mark: no unread count is left beside Messages.
    await waitFor(() => expect(api.callsTo('GET', '/api/messages/unread-count').length).toBeGreaterThan(1));
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Messages, \d+ unread$/ })).toBeNull();
  });

  it('shows a message Kofi writes while it is open, announced on the notification stream, and marks it read', async () => {
    FakeEventSource.install();
    const start = aConversation({}, [{ body: 'Is there room for a bag?', mine: true }]);
    const { api, receive } = openConversation(start);
    await thread();
    const stream = await FakeEventSource.current();
    receive('Yes, one small bag.');
    stream.emit(
      'notification',
      JSON.stringify({
        id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
        type: 'system',
        title: 'New message from Kofi',
        message: 'Yes, one small bag.',
        data: { conversationId: start.id },
        isRead: false,
        actionRequired: false,
        createdAt: '2026-11-28T10:05:00.000Z',
      }),
    );
    expect(await screen.findByText('Yes, one small bag.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', `/api/messages/${start.id}/read`)).toHaveLength(1));
  });

  it('before booking, says contact details are hidden, and shows what was sent as the server stored it (a phone number masked)', async () => {
    const start = aConversation({}, [{ body: 'Hello, ask me anything.' }]);
    const { user, api } = openConversation(start);
    await thread();
    expect(screen.getByRole('note').textContent).toBe(messageMessages.masked);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Call me on 0241234567');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Call me on [hidden until booked]')).toBeTruthy();
    expect(api.callsTo('POST', `/api/messages/${start.id}`).map((call) => call.body)).toEqual([{ body: 'Call me on 0241234567' }]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('has no note once a seat is booked', async () => {
    openConversation(aConversation({ booked: true }, [{ body: 'See you at Kaneshie.' }]));
    await thread();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('disables Send while the message is on its way, and shows the server’s refusal, keeping the text', async () => {
    const start = aConversation({}, [{ body: 'Hello.' }]);
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { user } = openConversation(start, {
      [`POST /api/messages/${start.id}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    await thread();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, 'Are you still going?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    answer({ status: 403, body: { message: messageMessages.blocked } });
    expect((await screen.findByRole('alert')).textContent).toBe(messageMessages.blocked);
    expect((box as HTMLTextAreaElement).value).toBe('Are you still going?');
  });

  it('says why one cannot write instead of the composer', async () => {
    openConversation(aConversation({ canWrite: false, cannotWriteReason: messageMessages.unavailable }, [{ body: 'Hello.' }]));
    await thread();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(messageMessages.unavailable);
  });

  it("reports Kofi's message with a reason, then thanks the member", async () => {
    const start = aConversation({}, [{ body: 'Pay me outside the app.' }]);
    const { user, api } = openConversation(start, {
      [`POST /api/messages/${start.id}/reports`]: { status: 201, body: { message: 'Thank you for your report.' } },
    });
    await thread();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Kofi’s message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason for your report.');
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or asked for payment outside Krom' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await findToast()).text).toContain('Thanks, our team will review this message.');
    expect(api.callsTo('POST', `/api/messages/${start.id}/reports`).map((call) => call.body)).toEqual([
      { messageId: start.messages[0]?.id, reason: 'scam_or_fraud' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a conversation that is not the member’s is not found', async () => {
    const start = aConversation();
    openConversation(start, { [`GET /api/messages/${start.id}`]: { status: 404, body: { message: messageMessages.conversationNotFound } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Messages' }).getAttribute('href')).toBe('/messages');
  });
});
