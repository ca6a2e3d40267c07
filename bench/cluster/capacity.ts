// What one interview costs the shared parts, measured on the reference topology
// (deploy/local-cluster.ts: two session nodes and a worker behind HAProxy, on
// PostgreSQL, Redis and s3rver), and what 10,000 concurrent interviews need.
//
//   npm run bench:capacity [-- --interviews 10 --minutes 20 --database-url postgres://...]
//
// Three windows, each measured as the difference of counters before and after:
//   idle     the cluster with nothing to do (heartbeats, polls): cost per node-second;
//   waiting  N candidates connected, each facing its first prompt: cost per live session-second;
//   run      the N candidates answer every question typed, the interviews end, the results
//            pipeline runs to the signed interview.media_processed webhook: cost per interview
//            (the idle rate times the window's length taken off).
// Counters: db_queries_total and /proc CPU (ffmpeg children included) per node; Redis
// INFO commandstats (a private redis-server, so nothing else counts); pg_stat_database of a
// database of the run's own; every request s3rver serves, with its bytes.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { loadavg, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs, databaseUrlOption, countArg, numberArg } from '../cli-args.js';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startCluster, type Cluster, type NodeName } from '../../deploy/local-cluster.js';
import { CandidateClient } from '../../src/cli/candidate-client.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { freePort } from '../../test/helpers/child-server.js';
import { jobInterviewRequest } from '../../test/helpers/test-server.js';
import { DELIVERY_ENV } from '../../test/helpers/webhook-fixtures.js';
import { startReceiver } from '../../test/helpers/webhook-receiver.js';
import { model, printReport } from './capacity-model.js';
import { ANSWERS, QUESTIONS } from './interview-set.js';

const args = benchArgs('npm run bench:capacity', {
  interviews: { type: 'string', default: process.env.BENCH_INTERVIEWS ?? '10', help: 'interviews played at once' },
  waiting: { type: 'string', default: '100', help: 'candidates connected and waiting (at least --interviews)' },
  minutes: { type: 'string', default: '20', help: 'interview length the model scales to' },
  idle: { type: 'string', default: '20', help: 'seconds measured with nothing running' },
  wait: { type: 'string', default: '20', help: 'seconds the waiting candidates stay connected' },
  'database-url': databaseUrlOption('the PostgreSQL the nodes share'),
});
const N = countArg('interviews', args.interviews, 1);
const WAITING = Math.max(N, countArg('waiting', args.waiting));
const IDLE_S = numberArg('idle', args.idle);
const WAIT_S = numberArg('wait', args.wait);
const MINUTES = numberArg('minutes', args.minutes, 1);
const NODES: NodeName[] = ['session1', 'session2', 'worker'];
export interface Snapshot {
  at: number;
  nodes: Record<NodeName, { queries: Record<string, number>; cpuSelf: number; cpuChildren: number }>;
  redis: Record<string, number>;
  postgres: Record<string, number>;
  s3: { requests: Record<string, number>; bytesIn: number; bytesOut: number; storedBytes: number };
}

const s3 = { requests: {} as Record<string, number>, bytesIn: 0, bytesOut: 0 };

async function main(): Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const startLoad = loadavg()[0]!;
  try {
    // Redis of our own: INFO commandstats counts the whole server.
    const redisPort = await freePort();
    const redisDir = mkdtempSync(path.join(tmpdir(), 'capacity-redis-'));
    const redisServer = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir],
      {
        stdio: 'ignore',
      },
    );
    cleanups.push(() => {
      redisServer.kill('SIGTERM');
      rmSync(redisDir, { recursive: true, force: true });
    });
    for (let i = 0; !(await isListening(redisPort)); i++) {
      if (i > 100) throw new Error('redis-server did not start');
      await sleep(100);
    }
    const redis = new Redis(redisPort, '127.0.0.1');
    redis.on('error', () => {});
    cleanups.push(() => void redis.disconnect());

    // A database of our own: pg_stat_database and its size count only this run.
    const database = `capacity_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: args['database-url'] });
    await admin.connect();
    await admin.query(`create database ${database}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    });
    const databaseUrl = new URL(args['database-url']);
    databaseUrl.pathname = `/${database}`;

    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const cluster = await startCluster({
      databaseUrl: databaseUrl.toString(),
      redisUrl: `redis://127.0.0.1:${redisPort}/0`,
      env: { ...DELIVERY_ENV, RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' },
      onS3Request: (request, response) => {
        const parts = new URL(request.url ?? '/', 'http://s3').pathname.split('/').filter(Boolean);
        const operation = `${request.method ?? '?'} ${parts.length > 1 ? 'object' : 'bucket'}`;
        s3.requests[operation] = (s3.requests[operation] ?? 0) + 1;
        s3.bytesIn += Number(request.headers['content-length'] ?? 0);
        // Downloads are streamed without a length: count what the socket sent (headers included).
        const sent = request.socket.bytesWritten;
        response.once('finish', () => (s3.bytesOut += request.socket.bytesWritten - sent));
      },
    });
    cleanups.push(() => cluster.close());
    const setup = await createContainer(loadConfig({ ...cluster.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'capacity-cli-')) }));
    const key = (await setup.auth.createKey({ userLabel: 'capacity' })).key;
    await setup.close();
    const api = (route: string, json?: unknown) =>
      fetch(cluster.url + route, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { 'x-application-secret-key': key, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    const endpoint = await api('/webhooks/endpoints', { url: receiver.url });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status}`);

    const snapshot = () => takeSnapshot(cluster, redis, admin, database);
    const delivered = async (ids: string[]) => {
      const wanted = new Set(ids);
      const deadline = Date.now() + 300_000;
      while ([...wanted].some((id) => !receiver.requests.some((r) => (r.body.interview as { id?: string } | null)?.id === id))) {
        if (Date.now() > deadline) throw new Error('interview.media_processed did not arrive for every interview');
        await sleep(200);
      }
    };
    const create = async (count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const response = await api('/interview/create-from-questions', jobInterviewRequest({ questions: QUESTIONS }));
        if (response.status !== 200) throw new Error(`create: ${response.status}`);
        ids.push(((await response.json()) as { interview_id: string }).interview_id);
      }
      return ids;
    };
    const connect = async (id: string) => {
      const candidate = await CandidateClient.connect(cluster.url, id);
      const first = await candidate.next(['session', 'INTERVIEW_NOT_ALLOWED'], 30_000);
      if (first.type !== 'session') throw new Error(`candidate of ${id} was refused`);
      await candidate.turn(30_000);
      return candidate;
    };
    let turns = 0;
    const finish = async (candidate: CandidateClient) => {
      for (let answered = 0; ; answered++) {
        candidate.send({ type: 'answer', text: ANSWERS[answered] ?? 'No questions, thank you.' });
        turns += 1;
        const { ended } = await candidate.turn(60_000);
        if (ended) break;
      }
      await candidate.close();
    };

    process.stderr.write('warm-up: two interviews end to end\n');
    const warm = await create(2);
    await Promise.all((await Promise.all(warm.map(connect))).map(finish));
    await delivered(warm);
    turns = 0;
    await sleep(12_000); // PostgreSQL publishes its statistics up to ~10 s late

    process.stderr.write(`idle: ${IDLE_S} s\n`);
    const idleStart = await snapshot();
    await sleep(IDLE_S * 1000);
    const idleEnd = await snapshot();

    process.stderr.write(`waiting: ${WAITING} candidates connected for ${WAIT_S} s\n`);
    const waitingIds = await create(WAITING);
    const waiting: CandidateClient[] = [];
    for (let i = 0; i < WAITING; i += 10) waiting.push(...(await Promise.all(waitingIds.slice(i, i + 10).map(connect))));
    await sleep(12_000);
    const waitStart = await snapshot();
    await sleep(WAIT_S * 1000);
    const waitEnd = await snapshot();
    // The first N go on to finish their interviews; the others leave (their sessions wait out the grace period).
    const ids = waitingIds.slice(0, N);
    const candidates = waiting.slice(0, N);
    await Promise.all(waiting.slice(N).map((candidate) => candidate.close()));
    await sleep(3_000);

    process.stderr.write(`run: ${N} interviews to their webhook\n`);
    const runStart = await snapshot();
    await Promise.all(candidates.map(finish));
    await delivered(ids);
    await sleep(12_000);
    const runEnd = await snapshot();
    const durations = receiver.requests
      .filter((r) => ids.includes((r.body.interview as { id?: string } | null)?.id ?? ''))
      .map((r) => (r.body.interview as { duration_secs: number }).duration_secs);

    const result = model({
      interviews: N,
      waitingCandidates: WAITING,
      turns,
      recordingSeconds: durations.reduce((a, b) => a + b, 0) / durations.length,
      minutes: MINUTES,
      idle: [idleStart, idleEnd],
      waiting: [waitStart, waitEnd],
      run: [runStart, runEnd],
    });
    printReport(result, {
      machine: `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${startLoad.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
      command: `npm run bench:capacity -- --interviews ${N} --waiting ${WAITING} --minutes ${MINUTES}`,
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }
}

async function takeSnapshot(cluster: Cluster, redis: Redis, admin: pg.Client, database: string): Promise<Snapshot> {
  const ticks = 100; // USER_HZ: /proc times are in 1/100 s on Linux
  const nodes = {} as Snapshot['nodes'];
  for (const name of NODES) {
    const node = cluster.nodes.get(name)!;
    const text = await (await fetch(`${node.url}/metrics`)).text();
    const queries: Record<string, number> = {};
    for (const m of text.matchAll(/^db_queries_total\{kind="(\w+)"\} (\d+)/gm)) queries[m[1]!] = Number(m[2]);
    const stat = readFileSync(`/proc/${node.child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // From the field after the name: state is 0, utime 11, stime 12, cutime 13, cstime 14.
    nodes[name] = {
      queries,
      cpuSelf: (Number(fields[11]) + Number(fields[12])) / ticks,
      cpuChildren: (Number(fields[13]) + Number(fields[14])) / ticks,
    };
  }
  const redisStats: Record<string, number> = {};
  for (const m of (await redis.info('commandstats')).matchAll(/^cmdstat_([\w|]+):calls=(\d+)/gm)) {
    if (m[1] !== 'info') redisStats[m[1]!] = Number(m[2]);
  }
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<Record<string, string>>(
    `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted,
            pg_database_size(datname) as size_bytes
       from pg_stat_database where datname = $1`,
    [database],
  );
  const postgres = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  return {
    at: performance.now() / 1000,
    nodes,
    redis: redisStats,
    postgres,
    s3: { requests: { ...s3.requests }, bytesIn: s3.bytesIn, bytesOut: s3.bytesOut, storedBytes: storedBytes(cluster.s3Directory) },
  };
}

/** What the bucket holds now: s3rver keeps each object as a `<key>._S3rver_object` file. */
function storedBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('._S3rver_object')) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

await main();
process.exit(0);
