// What the cluster costs over one node, and how fast a webhook crosses nodes.
//
//   npm run bench:cluster [-- --interviews 10 --deliveries 50 --burst 200 --database-url postgres://...]
//
// 1. The same typed job interviews (5 questions, 7 candidate turns each, all at once) on one
//    node (PostgreSQL, local media, no Redis, JOBS_WORKER=true) and then on the reference
//    topology (deploy/local-cluster.ts: two session nodes and a worker behind HAProxy on
//    PostgreSQL, Redis and s3rver). Per turn: answer sent to the interviewer's first reply
//    event. Per delivery: the `ended` event to the signed interview.media_processed webhook's
//    arrival (results pipeline, recording, archival, delivery). CPU seconds: every node's
//    own and its children's (ffmpeg), /proc/<pid>/stat, over the run. The cluster's figures
//    divided by the one node's are the overhead (HAProxy's own CPU is not counted).
// 2. Enqueue to delivered across nodes: this process commits interview.media_processed
//    deliveries to the cluster's database and publishes the wake-up on its Redis, as a node
//    does, but delivers nothing itself; the cluster's nodes (every node runs a delivery
//    worker) claim and send them to a local HTTP receiver. First one at a time (an idle
//    queue: each waits for the previous to arrive), then a burst. Who sent each one is read
//    from the receiver's connections (`ss -tnp`).

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchArgs, databaseUrlOption, countArg } from '../cli-args.js';
import { ownSchema, startCluster, type Cluster } from '../../deploy/local-cluster.js';
import type { Principal } from '../../src/auth/principal.js';
import { CandidateClient } from '../../src/cli/candidate-client.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { startChildServer } from '../../test/helpers/child-server.js';
import { jobInterviewRequest } from '../../test/helpers/test-server.js';
import { DELIVERY_ENV } from '../../test/helpers/webhook-fixtures.js';
import { ANSWERS, QUESTIONS } from './interview-set.js';

const run = promisify(execFile);
const args = benchArgs('npm run bench:cluster', {
  interviews: { type: 'string', default: '10', help: 'interviews played through the cluster' },
  deliveries: { type: 'string', default: '50', help: 'webhook deliveries one at a time' },
  burst: { type: 'string', default: '200', help: 'webhook deliveries at once' },
  'database-url': databaseUrlOption('the PostgreSQL the nodes share'),
  'redis-url': { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9', help: 'the Redis the nodes share' },
});
const INTERVIEWS = countArg('interviews', args.interviews, 1);
const IDLE_DELIVERIES = countArg('deliveries', args.deliveries);
const BURST_DELIVERIES = countArg('burst', args.burst);
const BENCH_PRINCIPAL: Principal = {
  id: 'user:bench-cluster',
  kind: 'user',
  userId: null,
  label: 'bench',
  scopes: new Set(['interviews:read', 'interviews:write', 'webhooks']),
  credentialId: 'bench',
};
const SHARED_ENV = {
  ...DELIVERY_ENV,
  RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'error',
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
};

interface Receiver {
  url: string;
  port: number;
  /** Delivery id -> arrival (performance.now()) and the sender's port. */
  arrivals: Map<string, { at: number; remotePort: number; interviewId: string | null }>;
  waitFor(check: () => boolean): Promise<void>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const arrivals: Receiver['arrivals'] = new Map();
  let waiters: { check: () => boolean; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      let interviewId: string | null = null;
      try {
        interviewId = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { interview?: { id?: string } }).interview?.id ?? null;
      } catch {
        // Not ours to judge: count the arrival.
      }
      arrivals.set(String(request.headers['x-webhook-delivery-id']), { at, remotePort: request.socket.remotePort ?? 0, interviewId });
      response.writeHead(204).end();
      waiters = waiters.filter((w) => (w.check() ? (w.resolve(), false) : true));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    arrivals,
    waitFor: (check) => new Promise<void>((resolve) => (check() ? resolve() : waiters.push({ check, resolve }))),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** The sending process of each open connection to the receiver: local port -> pid. */
async function sendersOf(receiverPort: number): Promise<Map<number, number>> {
  const { stdout } = await run('ss', ['-tnpH', 'dst', `127.0.0.1:${receiverPort}`]);
  const senders = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const match = /127\.0\.0\.1:(\d+)\s+127\.0\.0\.1:\d+.*pid=(\d+)/.exec(line);
    if (match) senders.set(Number(match[1]), Number(match[2]));
  }
  return senders;
}

/** CPU seconds of a process and its waited-for children (ffmpeg). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

interface TypedRun {
  turnMs: number[];
  /** `ended` to the media_processed webhook's arrival, ms. */
  endToDeliveredMs: number[];
  cpuSeconds: number;
  wallSeconds: number;
}

/** The typed interviews, all at once, against `url`; `pids` are the processes whose CPU counts. */
async function typedInterviews(url: string, env: Record<string, string>, pids: () => number[], receiver: Receiver): Promise<TypedRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-cli-'));
  const setup = await createContainer(loadConfig({ ...env, DATA_DIR: dataDir }));
  const key = (await setup.auth.createKey({ userLabel: 'bench-cluster' })).key;
  await setup.close();
  rmSync(dataDir, { recursive: true, force: true });
  const api = (route: string, json: unknown) =>
    fetch(url + route, {
      method: 'POST',
      headers: { 'x-application-secret-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  const endpoint = await api('/webhooks/endpoints', { url: receiver.url });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status}`);

  const play = async (endedAt: Map<string, number>, turnMs: number[]) => {
    const created = await api('/interview/create-from-questions', jobInterviewRequest({ questions: QUESTIONS }));
    if (created.status !== 200) throw new Error(`create: ${created.status}`);
    const id = ((await created.json()) as { interview_id: string }).interview_id;
    const candidate = await CandidateClient.connect(url, id);
    const first = await candidate.next(['session', 'INTERVIEW_NOT_ALLOWED'], 60_000);
    if (first.type !== 'session') throw new Error(`candidate of ${id} was refused`);
    await candidate.turn(60_000);
    for (let answered = 0; ; answered++) {
      const sent = performance.now();
      candidate.send({ type: 'answer', text: ANSWERS[answered] ?? 'No questions, thank you.' });
      const { ended, firstAt } = await candidate.turn(60_000);
      turnMs.push(firstAt - sent);
      if (ended) {
        endedAt.set(id, performance.now());
        break;
      }
    }
    await candidate.close();
    return id;
  };
  // Warm-up: one interview end to end (first-use costs: the evaluator, ffmpeg, connections).
  await measureOnce(play, receiver);
  const endedAt = new Map<string, number>();
  const turnMs: number[] = [];
  const cpuBefore = pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const started = performance.now();
  const ids = await Promise.all(Array.from({ length: INTERVIEWS }, () => play(endedAt, turnMs)));
  const arrivalOf = (id: string) => [...receiver.arrivals.values()].find((a) => a.interviewId === id)?.at;
  await receiver.waitFor(() => ids.every((id) => arrivalOf(id) !== undefined));
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
  return { turnMs, endToDeliveredMs: ids.map((id) => arrivalOf(id)! - endedAt.get(id)!), cpuSeconds: cpu, wallSeconds };
}

async function measureOnce(play: (endedAt: Map<string, number>, turnMs: number[]) => Promise<string>, receiver: Receiver) {
  const id = await play(new Map(), []);
  await receiver.waitFor(() => [...receiver.arrivals.values()].some((a) => a.interviewId === id));
}

interface CrossNode {
  idleMs: number[];
  burstMs: number[];
  /** How long committing the burst took (one emit after another). */
  enqueueSeconds: number;
  /** Latencies by the node that sent the delivery. */
  idleBySender: Record<string, number[]>;
  burstBySender: Record<string, number[]>;
}

/** Deliveries committed by this process, sent by the cluster's nodes. */
async function crossNodeDeliveries(cluster: Cluster, receiver: Receiver): Promise<CrossNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-enqueuer-'));
  // A node's code on the cluster's database and Redis, with no delivery worker started.
  const enqueuer = await createContainer(loadConfig({ ...cluster.env, DATA_DIR: dataDir }));
  try {
    const service = enqueuer.webhooks.service;
    await service.createEndpoint(BENCH_PRINCIPAL, { url: receiver.url });
    const idleCount = IDLE_DELIVERIES;
    const burstCount = BURST_DELIVERIES;
    const interviews: string[] = [];
    for (let i = 0; i < idleCount + burstCount; i++) {
      const created = await enqueuer.interviews.createJobInterview(BENCH_PRINCIPAL, {
        job_title: 'Bench',
        candidate_id: `c${i}`,
        primary_tech_focus: 'Node.js',
        questions: [{ question: 'Why?', evaluation_criteria: ['because'] }],
      });
      interviews.push(created.interview_id);
    }
    const pidToNode = new Map([...cluster.nodes.values()].map((node) => [node.child.pid!, node.name as string]));
    const senderOfPort = new Map<number, string>();
    const senderOf = async (deliveryId: string) => {
      const { remotePort } = receiver.arrivals.get(deliveryId)!;
      if (!senderOfPort.has(remotePort)) {
        for (const [port, pid] of await sendersOf(receiver.port)) senderOfPort.set(port, pidToNode.get(pid) ?? `pid ${pid}`);
      }
      return senderOfPort.get(remotePort) ?? 'unknown';
    };
    const idleBySender: Record<string, number[]> = {};
    const burstBySender: Record<string, number[]> = {};

    const idleMs: number[] = [];
    for (const id of interviews.slice(0, idleCount)) {
      const at = performance.now();
      const [deliveryId] = await service.emitMediaProcessed(id);
      await receiver.waitFor(() => receiver.arrivals.has(deliveryId!));
      const latency = receiver.arrivals.get(deliveryId!)!.at - at;
      idleMs.push(latency);
      (idleBySender[await senderOf(deliveryId!)] ??= []).push(latency);
    }
    const enqueuedAt = new Map<string, number>();
    const started = performance.now();
    for (const id of interviews.slice(idleCount)) {
      const [deliveryId] = await service.emitMediaProcessed(id);
      enqueuedAt.set(deliveryId!, performance.now());
    }
    const enqueueSeconds = (performance.now() - started) / 1000;
    await receiver.waitFor(() => [...enqueuedAt.keys()].every((id) => receiver.arrivals.has(id)));
    const burstMs: number[] = [];
    for (const [id, at] of enqueuedAt) {
      const latency = receiver.arrivals.get(id)!.at - at;
      burstMs.push(latency);
      (burstBySender[await senderOf(id)] ??= []).push(latency);
    }
    return { idleMs, burstMs, enqueueSeconds, idleBySender, burstBySender };
  } finally {
    await enqueuer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const loadAtStart = loadavg();
  try {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());

    process.stderr.write(`one node: ${INTERVIEWS} typed interviews\n`);
    const single = await (async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-single-'));
      const env = {
        ...SHARED_ENV,
        DATABASE_URL: await ownSchema(args['database-url'], 'bench', cleanups),
        DATA_DIR: dataDir,
        JOBS_WORKER: 'true',
      };
      const node = await startChildServer(env);
      try {
        return await typedInterviews(node.url, env, () => [node.child.pid!], receiver);
      } finally {
        await node.stop('SIGTERM');
        rmSync(dataDir, { recursive: true, force: true });
      }
    })();

    process.stderr.write(`cluster: ${INTERVIEWS} typed interviews\n`);
    const cluster = await startCluster({ databaseUrl: args['database-url'], redisUrl: args['redis-url'], env: SHARED_ENV });
    cleanups.push(() => cluster.close());
    const pids = () => [...cluster.nodes.values()].map((node) => node.child.pid!);
    const clustered = await typedInterviews(cluster.url, cluster.env, pids, receiver);
    process.stderr.write(`cluster: webhook deliveries across nodes\n`);
    const crossNode = await crossNodeDeliveries(cluster, receiver);

    const ms = (values: number[]) => `${percentile(values, 0.5).toFixed(0)} / ${percentile(values, 0.95).toFixed(0)}`;
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    const load = loadavg();
    console.log(`\n## bench:cluster (${new Date().toISOString().slice(0, 10)})\n`);
    console.log(
      `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}; load average ${loadAtStart[0]!.toFixed(1)} at the start, ${load[0]!.toFixed(1)} at the end (5-minute ${load[1]!.toFixed(1)})\n`,
    );
    console.log(`${INTERVIEWS} typed job interviews at once, 7 candidate turns each (${single.turnMs.length} turns per topology):\n`);
    console.log('| | one node | cluster | cluster / one node |');
    console.log('|---|---:|---:|---:|');
    const row = (name: string, a: number, b: number, digits = 0) =>
      console.log(`| ${name} | ${a.toFixed(digits)} | ${b.toFixed(digits)} | ${ratio(b, a)} |`);
    row('turn p50, ms', percentile(single.turnMs, 0.5), percentile(clustered.turnMs, 0.5));
    row('turn p95, ms', percentile(single.turnMs, 0.95), percentile(clustered.turnMs, 0.95));
    row('end to webhook p50, ms', percentile(single.endToDeliveredMs, 0.5), percentile(clustered.endToDeliveredMs, 0.5));
    row('end to webhook p95, ms', percentile(single.endToDeliveredMs, 0.95), percentile(clustered.endToDeliveredMs, 0.95));
    row('CPU s per interview (all nodes)', single.cpuSeconds / INTERVIEWS, clustered.cpuSeconds / INTERVIEWS, 2);
    row('wall s, first answer to last webhook', single.wallSeconds, clustered.wallSeconds, 1);
    console.log(
      `\nWebhook enqueue to delivered across nodes (committed by another process, wake-up over Redis), p50 / p95 ms:` +
        `\n- idle queue, ${crossNode.idleMs.length} one at a time: ${ms(crossNode.idleMs)}` +
        `\n- burst of ${crossNode.burstMs.length} (committed one after another over ${crossNode.enqueueSeconds.toFixed(1)} s): ${ms(crossNode.burstMs)}`,
    );
    const bySender = (groups: Record<string, number[]>) =>
      Object.entries(groups)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([node, values]) => `${node} ${values.length} (${ms(values)})`)
        .join(', ');
    console.log(`- by the node that sent it, idle: ${bySender(crossNode.idleBySender)}`);
    console.log(`- by the node that sent it, burst: ${bySender(crossNode.burstBySender)}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  }
}

await main();
process.exit(0);
