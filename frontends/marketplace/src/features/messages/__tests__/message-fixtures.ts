import type { Conversation, ConversationSummary, Message } from '@krom/contracts/http/messages';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';

export const rideToKumasi = {
  id: '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d',
  fromLocation: 'Kaneshie Station',
  toLocation: 'Kejetia Market',
  departureDate: '2026-12-05',
  departureTime: '07:30',
  departureAt: '2026-12-05T07:30:00.000Z',
};
export const rideToCapeCoast = {
  id: '4b5c6d7e-8f9a-4b1c-8d2e-3f4a5b6c7d8e',
  fromLocation: 'Circle',
  toLocation: 'Cape Coast Castle',
  departureDate: '2026-12-07',
  departureTime: '14:00',
  departureAt: '2026-12-07T14:00:00.000Z',
};
export const kofi = { id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', firstName: 'Kofi', profileImageUrl: null };

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A message of `conversationId` (Kofi's unless `mine`). */
export function aMessage(conversationId: string, body: string, overrides: Partial<Message> = {}): Message {
  const mine = overrides.mine ?? false;
  return {
    id: nextId('00000000'),
    conversationId,
    senderId: mine ? aUser().id : kofi.id,
    body,
    sentAt: '2026-11-28T09:30:00.000Z',
    mine,
    masked: false,
    ...overrides,
  };
}

/** The signed-in passenger's conversation with Kofi, the driver of the ride to Kumasi, before any booking. */
export function aConversation(overrides: Partial<Conversation> = {}, bodies: { body: string; mine?: boolean; sentAt?: string }[] = []): Conversation {
  const id = overrides.id ?? nextId('10000000');
  const messages = overrides.messages ?? bodies.map(({ body, ...rest }) => aMessage(id, body, rest));
  const last = messages.at(-1);
  return {
    id,
    ride: rideToKumasi,
    role: 'passenger',
    otherMember: kofi,
    booked: false,
    lastMessage: last ? { body: last.body, sentAt: last.sentAt, mine: last.mine } : null,
    unreadCount: 0,
    updatedAt: last?.sentAt ?? '2026-11-28T09:30:00.000Z',
    canWrite: true,
    cannotWriteReason: null,
    messages,
    ...overrides,
  };
}

/** The list's entry of a conversation. */
export function summaryOf(conversation: Conversation): ConversationSummary {
  const { messages: _messages, canWrite: _canWrite, cannotWriteReason: _reason, ...summary } = conversation;
  return summary;
}
