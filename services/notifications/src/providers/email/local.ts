import { randomUUID } from 'node:crypto';
import { jsonLinesOutbox, type OutboxLease, outboxDelivery } from '../json-lines-outbox.ts';
import type { EmailProvider } from './port.ts';

/** One line of the local e-mail outbox. */
export type LocalEmailEntry = { id: string; to: string; subject: string; text: string; sentAt: string };

const emailOutbox = (outboxDir: string, lease?: OutboxLease) => jsonLinesOutbox<LocalEmailEntry>(outboxDir, 'email.jsonl', lease);

/**
 * Delivers to a file instead of a mailbox: each e-mail is one JSON line in <dir>/email.jsonl,
 * beside the SMS outbox, so a developer can read the reset codes the product e-mails. A send under
 * a delivery key goes out once per key, and can be looked up by it afterwards.
 */
export function localEmailProvider(outboxDir: string, outboxLease?: OutboxLease): EmailProvider {
  const outbox = outboxDelivery(emailOutbox(outboxDir, outboxLease));
  return {
    name: 'local',
    async send({ to, subject, text }, deliveryKey) {
      const entry: LocalEmailEntry = { id: `local-${randomUUID()}`, to, subject, text, sentAt: new Date().toISOString() };
      return outbox.deliver(entry, deliveryKey);
    },
    findSent: outbox.findSent,
  };
}

/** Everything the local e-mail provider delivered, oldest first (none before the first send). */
export const readLocalEmailOutbox = (outboxDir: string): Promise<LocalEmailEntry[]> => emailOutbox(outboxDir).read();
