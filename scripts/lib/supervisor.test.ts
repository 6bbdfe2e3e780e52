import { eventually } from '@krom/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './infra.ts';
import { type ProcessSpec, type Supervised, supervise } from './supervisor.ts';

const childSpec = async (env: Record<string, string> = {}): Promise<ProcessSpec> => ({
  name: 'child',
  cwd: 'scripts/lib',
  script: 'fixtures/health-child.ts',
  port: await freePort(),
  health: '/health/ready',
  env,
});

const pidAnswering = async (port: number) => {
  const answer = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
  return answer?.ok ? ((await answer.json()) as { pid: number }).pid : undefined;
};

let running: Supervised | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('a process started by npm start', () => {
  it('comes back and answers /health/ready after it is killed', async () => {
    const lines: string[] = [];
    const spec = await childSpec();
    running = supervise(spec, { env: process.env, log: (line) => lines.push(line), quiet: true });
    await running.ready();
    running.restartOnExit(true);
    const first = await pidAnswering(spec.port);
    expect(first).toBe(running.child?.pid);

    process.kill(first as number, 'SIGKILL');

    const second = await eventually(async () => {
      const pid = await pidAnswering(spec.port);
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(second).toBe(running.child?.pid);
    expect(running.restarts).toBe(1);
    expect(lines).toContain('child was killed (SIGKILL); starting it again in 0.5 s');
  });

  it('waits longer after each quick death and reports the crash loop', async () => {
    const lines: string[] = [];
    running = supervise(await childSpec({ CRASH: '1' }), {
      env: process.env,
      log: (line) => lines.push(line),
      quiet: true,
      backoff: { initialMs: 100, maxMs: 400, stableMs: 60_000 },
    });
    running.restartOnExit(true);
    await eventually(async () => (lines.length >= 4 ? true : undefined));
    expect(lines.slice(0, 4)).toEqual([
      'child exited with code 1; starting it again in 0.1 s',
      'child exited with code 1; starting it again in 0.2 s',
      'child exited with code 1; starting it again in 0.4 s; crash loop: 3 deaths in a row',
      'child exited with code 1; starting it again in 0.4 s; crash loop: 4 deaths in a row',
    ]);
  });

  it('stays down once stopped (Ctrl-C)', async () => {
    const lines: string[] = [];
    const spec = await childSpec();
    const supervised = supervise(spec, { env: process.env, log: (line) => lines.push(line), quiet: true });
    await supervised.ready();
    supervised.restartOnExit(true);
    await supervised.stop();
    expect(supervised.child?.signalCode).toBe('SIGTERM');
    expect(await pidAnswering(spec.port)).toBeUndefined();
    expect(supervised.restarts).toBe(0);
    expect(lines).toEqual([]);
  });
});
