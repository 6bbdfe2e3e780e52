import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@krom/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonLinesOutbox } from '../src/providers/json-lines-outbox.ts';

/*
 * Replicas on different hosts (the compose `replicas` profile's containers) share one outbox
 * folder, where a holder's pid means nothing to another host: a key held by another host is given
 * its lease before it is taken over, and no holder is waited for past its lease.
 */
type Entry = { id: string; to: string; body: string };

const LEASE_MS = 120_000;
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** An outbox on host `notifications-1` with a clock the test moves, counting how often it is read. */
const outboxWithClock = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'krom-outbox-'));
  dirs.push(dir);
  const time = { now: new Date('2026-11-27T10:00:00Z'), looks: 0 };
  const clock = () => {
    time.looks += 1;
    return time.now;
  };
  const outbox = jsonLinesOutbox<Entry>(dir, 'sms.jsonl', { leaseMs: LEASE_MS, clock, host: 'notifications-1' });
  /** The record a holder made for `key` before writing its line (and then stopped, or is still going). */
  const heldElsewhere = async (key: string, entry: Entry, holder: { pid: number; host: string }) => {
    await mkdir(join(dir, 'sms.jsonl.keys'), { recursive: true });
    await writeFile(join(dir, 'sms.jsonl.keys', `${key}.json`), JSON.stringify({ entry, ...holder, at: time.now.toISOString() }));
  };
  /** Resolves once the outbox has looked at the clock a few more times: it is waiting on the holder. */
  const waiting = async () => {
    const before = time.looks;
    await eventually(async () => time.looks > before + 3 || undefined);
  };
  return { outbox, time, heldElsewhere, waiting };
};

const theirs: Entry = { id: 'local-theirs', to: '+233241234567', body: 'Your ride leaves at 08:00' };
const mine: Entry = { id: 'local-mine', to: '+233241234567', body: 'Your ride leaves at 08:00' };
/** A pid no process of this host has: a holder judged by its pid here would be taken for dead. */
const PID_NOT_HERE = 999_999_999;

describe('the local outbox shared by replicas', () => {
  it("waits out the lease of a key held by another host's process, then delivers the holder's message once", async () => {
    const { outbox, time, heldElsewhere, waiting } = await outboxWithClock();
    await heldElsewhere('key-1', theirs, { pid: PID_NOT_HERE, host: 'notifications-2' });
    let settled = false;
    const delivering = outbox.appendOnce('key-1', mine).finally(() => {
      settled = true;
    });

    await waiting();
    expect(settled).toBe(false);
    expect(await outbox.read()).toEqual([]);

    time.now = new Date(time.now.getTime() + LEASE_MS);
    expect(await delivering).toEqual(theirs);
    expect(await outbox.read()).toEqual([theirs]);
  });

  it('stops waiting for a running holder of this host that never writes its line once its lease is over', async () => {
    const { outbox, time, heldElsewhere, waiting } = await outboxWithClock();
    await heldElsewhere('key-2', theirs, { pid: process.pid, host: 'notifications-1' });
    const delivering = outbox.appendOnce('key-2', mine);

    await waiting();
    time.now = new Date(time.now.getTime() + LEASE_MS);

    expect(await delivering).toEqual(theirs);
    expect(await outbox.read()).toEqual([theirs]);
  });
});
