import { randomUUID } from 'node:crypto';
import { jsonLinesOutbox } from '../json-lines-outbox.ts';
import type { EmailProvider } from './port.ts';

/** One line of the local e-mail outbox. */
export type LocalEmailEntry = { id: string; to: string; subject: string; text: string; sentAt: string };

const emailOutbox = (outboxDir: string) => jsonLinesOutbox<LocalEmailEntry>(outboxDir, 'email.jsonl');

/**
 * Delivers to a file instead of a mailbox: each e-mail is one JSON line in <dir>/email.jsonl,
 * beside the SMS outbox, so a developer can read the reset codes the product e-mails.
 */
export function localEmailProvider(outboxDir: string): EmailProvider {
  const outbox = emailOutbox(outboxDir);
  return {
    name: 'local',
    async send({ to, subject, text }) {
      const entry: LocalEmailEntry = { id: `local-${randomUUID()}`, to, subject, text, sentAt: new Date().toISOString() };
      await outbox.append(entry);
      return { providerId: entry.id };
    },
  };
}

/** Everything the local e-mail provider delivered, oldest first (none before the first send). */
export const readLocalEmailOutbox = (outboxDir: string): Promise<LocalEmailEntry[]> => emailOutbox(outboxDir).read();
