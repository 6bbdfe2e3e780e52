import { randomUUID } from 'node:crypto';
import { jsonLinesOutbox } from '../json-lines-outbox.ts';
import type { SmsProvider } from './port.ts';

/** One line of the local outbox file. */
export type LocalOutboxEntry = { id: string; to: string; body: string; sentAt: string };

const smsOutbox = (outboxDir: string) => jsonLinesOutbox<LocalOutboxEntry>(outboxDir, 'sms.jsonl');

/** Delivers to a file instead of a phone: each message is one JSON line in <dir>/sms.jsonl. */
export function localSmsProvider(outboxDir: string): SmsProvider {
  const outbox = smsOutbox(outboxDir);
  return {
    name: 'local',
    async send(to, body) {
      const entry: LocalOutboxEntry = { id: `local-${randomUUID()}`, to, body, sentAt: new Date().toISOString() };
      await outbox.append(entry);
      return { providerId: entry.id };
    },
  };
}

/** Everything the local provider delivered, oldest first (none before the first send). */
export const readLocalOutbox = (outboxDir: string): Promise<LocalOutboxEntry[]> => smsOutbox(outboxDir).read();
