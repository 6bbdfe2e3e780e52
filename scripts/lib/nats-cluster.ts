import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitFor } from './infra.ts';

type Node = { name: string; clientPort: number; routePort: number; monitorPort: number; storeDir: string; child?: ChildProcess; failed?: Error };

export type NatsCluster = {
  /** Every server's client address, comma-separated, as NATS_URL takes them. */
  url: string;
  nodes: { name: string; clientPort: number }[];
  /** SIGKILLs one server; the others keep the JetStream quorum. */
  kill: (name: string) => void;
  /** Starts a killed server again on its ports and store (waiting for the kill to finish), until it is healthy. */
  restart: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A NATS cluster of `size` local nats-server processes (one: a lone server, no routes) with JetStream, on free loopback ports,
 * routed to each other, each storing in its own folder under `storeDir`. Resolves once every
 * server reports JetStream healthy (its /healthz, which waits for the cluster's meta leader).
 */
export async function startNatsCluster(options: { size: number; storeDir: string; clusterName?: string }): Promise<NatsCluster> {
  const nodes: Node[] = [];
  for (let i = 1; i <= options.size; i++) {
    nodes.push({ name: `nats-${i}`, clientPort: await freePort(), routePort: await freePort(), monitorPort: await freePort(), storeDir: join(options.storeDir, `nats-${i}`) });
  }
  const routes = nodes.map((node) => `nats://127.0.0.1:${node.routePort}`).join(',');
  const spawnNode = (node: Node) => {
    mkdirSync(node.storeDir, { recursive: true });
    node.failed = undefined;
    // One server needs no routes: a cluster of one would wait for peers that never come.
    const clustering =
      options.size > 1
        ? ['--cluster_name', options.clusterName ?? 'krom', '--cluster', `nats://127.0.0.1:${node.routePort}`, '--routes', routes]
        : [];
    node.child = spawn(
      'nats-server',
      ['--name', node.name, '-a', '127.0.0.1', '-p', String(node.clientPort), '-m', String(node.monitorPort), '-js', '-sd', node.storeDir, ...clustering],
      { stdio: 'ignore' },
    );
    // No nats-server on PATH: say so rather than wait for a server that never starts.
    node.child.once('error', (error) => {
      node.failed = new Error(`could not start nats-server (${error.message}); install it (Debian/Ubuntu: apt-get install nats-server)`);
    });
  };
  const healthy = (node: Node) =>
    waitFor(
      node.name,
      async () => {
        if (node.failed) throw node.failed;
        if (node.child?.exitCode !== null) throw new Error(`${node.name} exited with code ${node.child?.exitCode}`);
        return (await fetch(`http://127.0.0.1:${node.monitorPort}/healthz`).catch(() => undefined))?.ok === true;
      },
      60_000,
    );
  for (const node of nodes) spawnNode(node);
  const cluster: NatsCluster = {
    url: nodes.map((node) => `nats://127.0.0.1:${node.clientPort}`).join(','),
    nodes: nodes.map(({ name, clientPort }) => ({ name, clientPort })),
    kill: (name) => nodes.find((node) => node.name === name)?.child?.kill('SIGKILL'),
    restart: async (name) => {
      const node = nodes.find((candidate) => candidate.name === name);
      if (!node) throw new Error(`no NATS server ${name}`);
      const old = node.child;
      if (old && old.exitCode === null && old.signalCode === null) await new Promise((resolve) => old.once('exit', resolve));
      spawnNode(node);
      await healthy(node);
    },
    stop: async () => {
      await Promise.all(
        nodes.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5000).unref();
            }),
        ),
      );
    },
  };
  try {
    await Promise.all(nodes.map(healthy));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
