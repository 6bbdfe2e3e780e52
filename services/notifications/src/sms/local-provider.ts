import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsProvider } from './sms-provider.ts';

/** One line of the local outbox file. */
export type LocalOutboxEntry = { id: string; to: string; body: string; sentAt: string };

export const localOutboxFile = (outboxDir: string) => join(outboxDir, 'sms.jsonl');

/**
 * Delivers to a file instead of a phone: each message is one JSON line in <dir>/sms.jsonl, so a
 * developer can `tail -f` it and read the codes and confirmations the product sends.
 */
export function localSmsProvider(outboxDir: string): SmsProvider {
  const file = localOutboxFile(outboxDir);
  return {
    name: 'local',
    async send(to, body) {
      const entry: LocalOutboxEntry = { id: `local-${randomUUID()}`, to, body, sentAt: new Date().toISOString() };
      await mkdir(outboxDir, { recursive: true });
      // One write per line with O_APPEND: concurrent sends never interleave inside a line.
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
      return { providerId: entry.id };
    },
  };
}

/** Everything the local provider delivered, oldest first (none before the first send). */
export async function readLocalOutbox(outboxDir: string): Promise<LocalOutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(localOutboxFile(outboxDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LocalOutboxEntry);
}
