import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Transform } from 'node:stream';
import { repoRoot, waitFor } from './infra.ts';

/** One Node process of the system: where it lives, what it runs, where it answers ready. */
export type ProcessSpec = { name: string; cwd: string; script: string; port: number; health: string; env: Record<string, string> };

/** How a process that died is started again: the wait doubles per quick death, up to `maxMs`. */
export type Backoff = { initialMs: number; maxMs: number; stableMs: number };

/** A child up for a minute was not crash-looping: its next death waits `initialMs` again. */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000, stableMs: 60_000 };
/** From this many deaths in a row without a stable run, the log says the process is crash-looping. */
const CRASH_LOOP_DEATHS = 3;

export type Supervised = {
  readonly spec: ProcessSpec;
  /** The child now running (a new one after each restart), if any. */
  readonly child: ChildProcess | undefined;
  /** How many times it was started again after dying. */
  readonly restarts: number;
  /** From now on a death is followed by a restart (`npm start` turns this on once all are ready). */
  restartOnExit: (on: boolean) => void;
  /**
   * Resolves once the process answers its health path; fails if it exits first while not
   * restarting. The limit catches a hang: on a busy machine a service takes minutes to compile and open.
   */
  ready: (timeoutMs?: number) => Promise<void>;
  /** Stops the child (SIGTERM, then SIGKILL after 15 s) and any restart still waiting. */
  stop: () => Promise<void>;
};

/**
 * A child's output with its name in front of each line, as it streams. The lines are not parsed:
 * with one pino line per request, JSON-parsing each in this one process cost more than the
 * children spent writing them.
 */
export function prefixLines(name: string): Transform {
  const prefix = Buffer.from(`[${name}] `);
  let atLineStart = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const parts: Buffer[] = [];
      let from = 0;
      while (from < chunk.length) {
        if (atLineStart) parts.push(prefix);
        const end = chunk.indexOf(10, from);
        atLineStart = end !== -1;
        parts.push(chunk.subarray(from, atLineStart ? end + 1 : chunk.length));
        from = atLineStart ? end + 1 : chunk.length;
      }
      callback(null, Buffer.concat(parts));
    },
  });
}

/**
 * Runs one process of the system (`node --import tsx <script>` in its folder, `PORT` and `HOST`
 * set) and, once told to, starts it again whenever it dies: a process killed or crashed comes back
 * without anyone restarting it by hand. Deaths in quick succession wait longer and longer before
 * the next start (a crash loop does not spin a core) and are reported as a crash loop.
 */
export function supervise(
  spec: ProcessSpec,
  options: {
    env: NodeJS.ProcessEnv;
    /** Variables that win over the spec's own. */
    overrides?: Record<string, string>;
    log: (line: string) => void;
    quiet?: boolean;
    backoff?: Backoff;
  },
): Supervised {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let child: ChildProcess | undefined;
  let restarts = 0;
  let deathsInARow = 0;
  let restarting = false;
  let stopping = false;
  let pending: NodeJS.Timeout | undefined;

  const start = () => {
    const began = Date.now();
    const current = spawn(process.execPath, ['--import', 'tsx', spec.script], {
      cwd: resolve(repoRoot, spec.cwd),
      env: { ...options.env, ...spec.env, ...options.overrides, PORT: String(spec.port), HOST: options.env.HOST ?? '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = current;
    for (const [stream, out] of [
      [current.stdout, process.stdout],
      [current.stderr, process.stderr],
    ] as const) {
      if (options.quiet) stream?.resume();
      else stream?.pipe(prefixLines(spec.name)).pipe(out, { end: false });
    }
    current.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      if (!restarting) {
        if (code !== 0 || signal) options.log(`${spec.name} ${how}`);
        return;
      }
      deathsInARow = Date.now() - began >= backoff.stableMs ? 1 : deathsInARow + 1;
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (deathsInARow - 1));
      const looping = deathsInARow >= CRASH_LOOP_DEATHS ? `; crash loop: ${deathsInARow} deaths in a row` : '';
      options.log(`${spec.name} ${how}; starting it again in ${(delay / 1000).toFixed(1)} s${looping}`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopping) return;
        restarts += 1;
        start();
      }, delay);
    });
  };
  start();

  return {
    spec,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    restartOnExit(on) {
      restarting = on;
    },
    ready: (timeoutMs = 300_000) =>
      waitFor(
        spec.name,
        async () => {
          const exited = child?.exitCode;
          if (!restarting && exited !== null && exited !== undefined) throw new Error(`${spec.name} exited with code ${exited} before it was ready`);
          try {
            return (await fetch(`http://127.0.0.1:${spec.port}${spec.health}`)).ok;
          } catch {
            return false;
          }
        },
        timeoutMs,
      ),
    stop: () => {
      stopping = true;
      if (pending) clearTimeout(pending);
      const current = child;
      return new Promise<void>((resolve) => {
        if (!current || current.exitCode !== null || current.signalCode !== null) return resolve();
        current.once('exit', () => resolve());
        current.kill('SIGTERM');
        setTimeout(() => current.kill('SIGKILL'), 15_000).unref();
      });
    },
  };
}
