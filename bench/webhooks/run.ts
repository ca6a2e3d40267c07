// Webhook delivery benchmark: deliveries per second and enqueue-to-delivered
// latency (p50/p99) to a local receiver, with 1, 10 and 100 endpoints, on
// SQLite and (when BENCH_DATABASE_URL names a PostgreSQL server) PostgreSQL.
//
//   npm run bench:webhooks
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:webhooks
//
// Each scenario enqueues BENCH_DELIVERIES (default 2000) deliveries in one
// burst (events x endpoints) and waits until the receiver has them all.
// Latency is from the end of the emit call that queued a delivery to its
// arrival at the receiver, so under a burst it includes the time spent
// waiting behind earlier deliveries to the same endpoint. After the burst,
// IDLE_EVENTS more events are sent one at a time (each waits for the last to
// arrive) to show the latency of an idle queue: "idle p50/p99".

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Principal } from '../../src/auth/principal.js';
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { createTestDatabase } from '../../test/helpers/test-database.js';

const TOTAL = Number(process.env.BENCH_DELIVERIES ?? 2000);
const IDLE_EVENTS = 50;
const ENDPOINT_COUNTS = (process.env.BENCH_ENDPOINTS ?? '1,10,100').split(',').map(Number);
const principal: Principal = {
  id: 'user:bench',
  kind: 'user',
  userId: null,
  label: 'bench',
  scopes: new Set(['interviews:read', 'interviews:write', 'webhooks']),
  credentialId: 'bench',
};

interface Result {
  engine: string;
  endpoints: number;
  deliveries: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  idleP50: number;
  idleP99: number;
}

async function startReceiver() {
  const arrivals = new Map<string, number>();
  let onArrival = () => {};
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.set(String(request.headers['x-webhook-delivery-id']), performance.now());
      response.writeHead(204).end();
      onArrival();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    waitFor(count: number) {
      return new Promise<void>((resolve) => {
        onArrival = () => arrivals.size >= count && resolve();
        onArrival();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function withDatabase<T>(engine: 'sqlite' | 'postgres', run: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const database = await createTestDatabase({ databaseUrl: engine === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined });
  try {
    return await run(database.env);
  } finally {
    await database.dispose();
  }
}

async function scenario(engine: 'sqlite' | 'postgres', endpointCount: number): Promise<Result> {
  return withDatabase(engine, async (env) => {
    const receiver = await startReceiver();
    const config = loadConfig({
      ...env,
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_INSECURE_HTTP: 'true',
      WEBHOOK_MAX_ENDPOINTS_PER_OWNER: String(Math.max(...ENDPOINT_COUNTS)),
    });
    const container = await createContainer(config);
    try {
      const service = container.webhooks.service;
      for (let i = 0; i < endpointCount; i++) await service.createEndpoint(principal, { url: `${receiver.url}/e${i}` });
      const events = Math.ceil(TOTAL / endpointCount);
      const interviews: string[] = [];
      for (let i = 0; i < events + IDLE_EVENTS; i++) {
        const created = await container.interviews.createJobInterview(principal, {
          job_title: 'Bench',
          candidate_id: `c${i}`,
          primary_tech_focus: 'Node.js',
          questions: [{ question: 'Why?', evaluation_criteria: ['because'] }],
        });
        interviews.push(created.interview_id);
      }
      container.webhooks.worker.start();
      const enqueuedAt = new Map<string, number>();
      const started = performance.now();
      for (const id of interviews.slice(0, events)) {
        const deliveryIds = await service.emitMediaProcessed(id);
        const at = performance.now();
        for (const deliveryId of deliveryIds) enqueuedAt.set(deliveryId, at);
      }
      await receiver.waitFor(enqueuedAt.size);
      const finished = Math.max(...receiver.arrivals.values());
      const latencies = [...enqueuedAt].map(([id, at]) => receiver.arrivals.get(id)! - at).sort((a, b) => a - b);
      const seconds = (finished - started) / 1000;
      const idle: number[] = [];
      for (const id of interviews.slice(events)) {
        const before = receiver.arrivals.size;
        const at = performance.now();
        const deliveryIds = await service.emitMediaProcessed(id);
        await receiver.waitFor(before + deliveryIds.length);
        for (const deliveryId of deliveryIds) idle.push(receiver.arrivals.get(deliveryId)! - at);
      }
      idle.sort((a, b) => a - b);
      return {
        engine,
        endpoints: endpointCount,
        deliveries: enqueuedAt.size,
        seconds,
        perSecond: enqueuedAt.size / seconds,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        idleP50: percentile(idle, 0.5),
        idleP99: percentile(idle, 0.99),
      };
    } finally {
      await container.close();
      await receiver.close();
    }
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

const engines: ('sqlite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const results: Result[] = [];
for (const engine of engines) {
  for (const count of ENDPOINT_COUNTS) {
    const result = await scenario(engine, count);
    results.push(result);
    process.stderr.write(`${engine} ${count} endpoint(s): ${result.perSecond.toFixed(0)}/s\n`);
  }
}
console.log('| engine | endpoints | deliveries | seconds | deliveries/s | burst p50 ms | burst p99 ms | idle p50 ms | idle p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.engine} | ${r.endpoints} | ${r.deliveries} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.idleP50.toFixed(1)} | ${r.idleP99.toFixed(1)} |`,
  );
}
