import { randomUUID } from 'node:crypto';
import { appendFile, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { DEFAULT_CLAIM_LEASE_MS } from '../messages/deliver-once.ts';

/** A key the outbox files a keyed message under: a row id, nothing that could name another path. */
const safeKey = (key: string) => {
  if (!/^[\w-]{1,100}$/.test(key)) throw new Error(`not a delivery key: ${key}`);
  return key;
};

/** Whether a process of this machine is running. */
const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * How long a key's holder is given to write its line, the same lease a message's claim has
 * (messages/deliver-once.ts); the clock is injectable, and the host name stands for this machine
 * (or container) among those sharing the outbox folder.
 */
export type OutboxLease = { leaseMs: number; clock?: () => Date; host?: string };

/**
 * A local provider's outbox: one JSON line per delivered message in <dir>/<fileName>, so a
 * developer can `tail -f` it and read the codes and messages the product sends. A message sent
 * under a delivery key is delivered once per key, as a provider's idempotency key would have it:
 * the key's record in <dir>/<fileName>.keys/ is made atomically before the line is written.
 */
export function jsonLinesOutbox<Entry extends { id: string }>(outboxDir: string, fileName: string, lease: OutboxLease = { leaseMs: DEFAULT_CLAIM_LEASE_MS }) {
  const clock = lease.clock ?? (() => new Date());
  const host = lease.host ?? hostname();
  const file = join(outboxDir, fileName);
  const keysDir = join(outboxDir, `${fileName}.keys`);
  const keyFile = (key: string) => join(keysDir, `${safeKey(key)}.json`);

  const append = async (entry: Entry): Promise<void> => {
    await mkdir(outboxDir, { recursive: true });
    // One write per line with O_APPEND: concurrent sends never interleave inside a line.
    await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
  };

  /** Every entry, oldest first (none before the first send). */
  const read = async (): Promise<Entry[]> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Entry);
  };

  const written = async (entry: Entry) => (await read()).some((line) => line.id === entry.id);

  /** A key's record: the entry delivered under it, the process delivering it (pid on host) and when it began. */
  type KeyRecord = { entry: Entry; pid: number; host?: string; at?: string };
  const heldBy = (entry: Entry): KeyRecord => ({ entry, pid: process.pid, host, at: clock().toISOString() });
  /**
   * Whether the holder may still write its line: within the lease, and, on this host, still
   * running. A process of another host (a replica's container sharing the volume) cannot be
   * asked, so it is given the whole lease; past it any holder is taken for gone.
   */
  const holderAlive = (record: KeyRecord) => {
    const started = record.at === undefined ? Number.NaN : Date.parse(record.at);
    if (!(clock().getTime() - started < lease.leaseMs)) return false;
    return (record.host ?? host) !== host || processAlive(record.pid);
  };
  const readRecord = async (path: string): Promise<KeyRecord | undefined> => {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as KeyRecord;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  /** Makes `path` hold `record` unless it exists: linked into place whole, and link fails if it exists. */
  const claimRecord = async (path: string, record: KeyRecord): Promise<boolean> => {
    const draft = join(keysDir, `.${randomUUID()}.draft`);
    await writeFile(draft, JSON.stringify(record), 'utf8');
    try {
      await link(draft, path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(draft, { force: true });
    }
  };
  /** Writes the line of a record this process holds; a write that fails gives the record up again. */
  const deliverHeld = async (path: string, entry: Entry): Promise<Entry> => {
    try {
      await append(entry);
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return entry;
  };
  /**
   * The entry once the holder of `path` has written its line; undefined when there is no record
   * or its holder died before writing. A live holder is between its record and its line, so the
   * line comes next: wait for it, no longer than the holder's lease.
   */
  const awaitLine = async (path: string): Promise<Entry | undefined> => {
    for (;;) {
      const held = await readRecord(path);
      if (held === undefined) return undefined;
      if (await written(held.entry)) return held.entry;
      if (!holderAlive(held)) return undefined;
      await setTimeout(10);
    }
  };

  return {
    file,
    append,
    read,
    /**
     * Delivers `entry` unless a message was delivered under `key` before, and answers with the
     * one delivered. Of several sends under one key exactly one holds the key's record and writes
     * the line; the others wait for that line. When the holder died before writing it, one of
     * them, chosen the same way by a recovery record, writes the holder's line instead.
     */
    async appendOnce(key: string, entry: Entry): Promise<Entry> {
      await mkdir(outboxDir, { recursive: true });
      await mkdir(keysDir, { recursive: true });
      const mine = heldBy(entry);
      const recovery = `${keyFile(key)}.recovered`;
      for (;;) {
        if (await claimRecord(keyFile(key), mine)) return deliverHeld(keyFile(key), entry);
        const delivered = (await awaitLine(keyFile(key))) ?? (await awaitLine(recovery));
        if (delivered) return delivered;
        const earlier = await readRecord(keyFile(key));
        // Given up by a holder whose write failed: try to hold it anew.
        if (earlier === undefined) continue;
        if (await claimRecord(recovery, heldBy(earlier.entry))) return deliverHeld(recovery, earlier.entry);
        const recovered = await awaitLine(recovery);
        if (recovered) return recovered;
        throw new Error(`delivery under ${key} was cut off twice; not sent, so not sent twice`);
      }
    },
    /** The message delivered under `key` (its record and its line both written), if any. */
    async deliveredUnder(key: string): Promise<Entry | undefined> {
      const held = await readRecord(keyFile(key));
      return held && (await written(held.entry)) ? held.entry : undefined;
    },
  };
}

/**
 * What a local provider answers for its outbox: `send` (once per delivery key when given one)
 * and `findSent` by key, with the entry's id as the provider's id.
 */
export function outboxDelivery<Entry extends { id: string }>(outbox: ReturnType<typeof jsonLinesOutbox<Entry>>) {
  return {
    async deliver(entry: Entry, deliveryKey: string | undefined): Promise<{ providerId: string }> {
      if (deliveryKey === undefined) await outbox.append(entry);
      const delivered = deliveryKey === undefined ? entry : await outbox.appendOnce(deliveryKey, entry);
      return { providerId: delivered.id };
    },
    async findSent(deliveryKey: string): Promise<{ providerId: string } | undefined> {
      const delivered = await outbox.deliveredUnder(deliveryKey);
      return delivered && { providerId: delivered.id };
    },
  };
}
