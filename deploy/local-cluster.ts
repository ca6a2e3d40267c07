// The reference topology as processes on one machine (containers cannot be
// built everywhere): two session nodes (JOBS_WORKER=false,
// WEBHOOKS_WORKER=false: they only queue jobs and deliveries) and one worker
// on PostgreSQL + Redis + s3rver (STORAGE=s3), behind HAProxy with the same
// configuration file as the compose recipe (deploy/haproxy.cfg). Used by
// test/cluster.test.ts and runnable by hand:
//
//   CLUSTER_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//   CLUSTER_REDIS_URL=redis://127.0.0.1:6379/7 npx tsx deploy/local-cluster.ts
//
// It prints the balancer's address and an API key, and stops everything on Ctrl-C.
// Each run gets its own PostgreSQL schema (dropped at the end) and its own
// Redis database number (CLUSTER_REDIS_URL), so parallel runs do not collide.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// @ts-expect-error -- s3rver ships no types; the few calls below are its documented API.
import S3rver from 's3rver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');

export type NodeName = 'session1' | 'session2' | 'worker';

export interface ClusterNode {
  name: NodeName;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

export interface ClusterOptions {
  databaseUrl?: string;
  redisUrl?: string;
  /** Added to every node's environment (tests: faster heartbeats, webhook settings). */
  env?: Record<string, string>;
  /** Whether the nodes' stderr is shown too (its last lines are always kept, for a node that fails to start). */
  stderr?: 'inherit' | 'ignore';
  /** Sees every request the S3 store serves (bench/cluster/capacity.ts counts them). */
  onS3Request?: (request: IncomingMessage, response: ServerResponse) => void;
}

export interface Cluster {
  /** The balancer: what candidates and API clients use. */
  url: string;
  nodes: Map<NodeName, ClusterNode>;
  /** The environment every node shares (database, Redis, S3): for a CLI or a helper on the same data. */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects (`<key>._S3rver_object` files): for measuring what is stored. */
  s3Directory: string;
  /** Sends the signal to the node's process and waits for its exit. */
  stop(name: NodeName, signal: NodeJS.Signals): Promise<void>;
  /** Starts a stopped node again on the same port (an upgrade, node by node). */
  restart(name: NodeName): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number, failed?: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const problem = failed?.();
    if (problem) throw new Error(`${what}: ${problem}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

const answers = (url: string) => fetch(url).then((r) => r.ok);

/** A PostgreSQL schema of its own (dropped by the cleanups) and the URL whose search_path names it. */
export async function ownSchema(databaseUrl: string, prefix: string, cleanups: (() => Promise<void> | void)[]): Promise<string> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const databaseUrl = options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379/7';

    // PostgreSQL: a schema of this run's own.
    const schemaUrl = new URL(await ownSchema(databaseUrl, 'cluster', cleanups));

    // S3: s3rver with files in a temporary folder.
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'cluster-s3-'));
    cleanups.push(() => rmSync(s3Dir, { recursive: true, force: true }));
    const s3 = new (S3rver as new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void>; httpServer: Server })({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'recordings', configs: [] }],
    });
    const s3Port = (await s3.run()).port;
    if (options.onS3Request) s3.httpServer.on('request', options.onS3Request);
    cleanups.push(() => s3.close());

    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    const dataDirs = mkdtempSync(path.join(tmpdir(), 'cluster-data-'));
    cleanups.push(() => rmSync(dataDirs, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATABASE_URL: schemaUrl.toString(),
      REDIS_URL: redisUrl,
      STORAGE: 's3',
      S3_BUCKET: 'recordings',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      PUBLIC_BASE_URL: publicUrl,
      // Every request comes from the balancer: its X-Forwarded-For names the client.
      TRUSTED_PROXIES: '127.0.0.1',
      DRAIN_SECONDS: '2',
      LOG_LEVEL: 'warn',
      // One key for all nodes: webhook signing secrets are encrypted with it.
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      ...options.env,
    };

    const nodes = new Map<NodeName, ClusterNode>();
    const ports = new Map<NodeName, number>();
    const launchOnce = async (name: NodeName) => {
      const port = ports.get(name) ?? (await freePort());
      ports.set(name, port);
      // Node itself as the process that receives signals (as `node dist/main.js` in a container).
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(dataDirs, name),
          JOBS_WORKER: name === 'worker' ? 'true' : 'false',
          WEBHOOKS_WORKER: name === 'worker' ? 'true' : 'false',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      // The last lines a node wrote are kept, so a node that exits before it is ready says why.
      let lastWords = '';
      child.stderr.on('data', (chunk: Buffer) => {
        if (options.stderr === 'inherit') process.stderr.write(chunk);
        lastWords = (lastWords + chunk.toString()).slice(-2_000);
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const node: ClusterNode = { name, url: `http://127.0.0.1:${port}`, child, exited };
      nodes.set(name, node);
      await waitFor(
        () => answers(`${node.url}/ready`),
        `node ${name}`,
        120_000,
        () => (child.exitCode !== null ? `exited with ${child.exitCode}; its last words: ${lastWords.trim() || '(none)'}` : null),
      );
    };
    // As a supervisor would (compose's restart policy, systemd): a node that exits before it is ready is
    // started again, twice at most, and why it exited is printed, so a passing run still shows it.
    const launch = async (name: NodeName) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await launchOnce(name);
        } catch (error) {
          const exitedEarly = nodes.get(name)?.child.exitCode !== null;
          if (!exitedEarly || attempt === 3) throw error;
          process.stderr.write(`local cluster: ${(error as Error).message}; starting it again\n`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    };
    const stop = async (name: NodeName, signal: NodeJS.Signals) => {
      const node = nodes.get(name);
      if (!node) return;
      if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill(signal);
      await node.exited;
    };
    cleanups.push(async () => {
      await Promise.all([...nodes.keys()].map((name) => stop(name, 'SIGKILL')));
    });
    // The first node migrates the schema alone; the others start together.
    await launch('session1');
    await Promise.all([launch('session2'), launch('worker')]);

    const haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', HAPROXY_CONFIG], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        LISTEN: `127.0.0.1:${balancerPort}`,
        SESSION_NODE_1: `127.0.0.1:${ports.get('session1')}`,
        SESSION_NODE_2: `127.0.0.1:${ports.get('session2')}`,
      },
      stdio: ['ignore', 'ignore', options.stderr === 'inherit' ? 'inherit' : 'ignore'],
    });
    const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (haproxy.exitCode === null) haproxy.kill('SIGTERM');
      await haproxyExited;
    });
    await waitFor(
      () => answers(`${publicUrl}/ready`),
      'haproxy',
      30_000,
      () => (haproxy.exitCode !== null ? `exited with ${haproxy.exitCode}` : null),
    );

    return { url: publicUrl, nodes, env, s3Directory: s3Dir, stop, restart: launch, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// By hand: start, print where it is, stop on Ctrl-C or SIGTERM.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster({
    databaseUrl: process.env.CLUSTER_DATABASE_URL,
    redisUrl: process.env.CLUSTER_REDIS_URL,
    stderr: 'inherit',
  });
  process.stdout.write(`cluster up: ${cluster.url}\n`);
  for (const node of cluster.nodes.values()) process.stdout.write(`  ${node.name}: ${node.url} (pid ${node.child.pid})\n`);
  process.stdout.write(
    `create an API key: DATABASE_URL='${cluster.env.DATABASE_URL}' npm run -s cli -- keys create --user me\nCtrl-C stops everything.\n`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void cluster.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
