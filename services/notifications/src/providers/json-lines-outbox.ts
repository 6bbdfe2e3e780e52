import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A local provider's outbox: one JSON line per delivered message in <dir>/<fileName>, so a
 * developer can `tail -f` it and read the codes and messages the product sends.
 */
export function jsonLinesOutbox<Entry>(outboxDir: string, fileName: string) {
  const file = join(outboxDir, fileName);
  return {
    file,
    async append(entry: Entry): Promise<void> {
      await mkdir(outboxDir, { recursive: true });
      // One write per line with O_APPEND: concurrent sends never interleave inside a line.
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
    },
    /** Every entry, oldest first (none before the first send). */
    async read(): Promise<Entry[]> {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Entry);
    },
  };
}
