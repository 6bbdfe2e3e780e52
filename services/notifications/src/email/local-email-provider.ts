import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmailProvider } from './email-provider.ts';

/** One line of the local e-mail outbox. */
export type LocalEmailEntry = { id: string; to: string; subject: string; text: string; sentAt: string };

export const localEmailOutboxFile = (outboxDir: string) => join(outboxDir, 'email.jsonl');

/**
 * Delivers to a file instead of a mailbox: each e-mail is one JSON line in <dir>/email.jsonl,
 * beside the SMS outbox, so a developer can read the reset codes the product e-mails.
 */
export function localEmailProvider(outboxDir: string): EmailProvider {
  const file = localEmailOutboxFile(outboxDir);
  return {
    name: 'local',
    async send({ to, subject, text }) {
      const entry: LocalEmailEntry = { id: `local-${randomUUID()}`, to, subject, text, sentAt: new Date().toISOString() };
      await mkdir(outboxDir, { recursive: true });
      // One write per line with O_APPEND: concurrent sends never interleave inside a line.
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
      return { providerId: entry.id };
    },
  };
}

/** Everything the local e-mail provider delivered, oldest first (none before the first send). */
export async function readLocalEmailOutbox(outboxDir: string): Promise<LocalEmailEntry[]> {
  let text: string;
  try {
    text = await readFile(localEmailOutboxFile(outboxDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LocalEmailEntry);
}
