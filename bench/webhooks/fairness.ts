// Webhook fairness benchmark: one owner ("noisy") has many endpoints that
// accept the connection and never answer; another ("quiet") has one healthy
// endpoint. The noisy owner finishes a few interviews at once, then the quiet
// owner's events are emitted one at a time; each one's latency (emit to
// arrival) shows how much the noisy owner delays everyone else.
//
//   npx tsx bench/webhooks/fairness.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/webhooks/fairness.ts
//
// BENCH_HANGING_ENDPOINTS (40), BENCH_NOISY_INTERVIEWS (3), BENCH_QUIET_EVENTS (40, 250 ms apart).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Principal } from '../../src/auth/principal.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import { createTestDatabase } from '../../test/helpers/test-database.js';

const HANGING = Number(process.env.BENCH_HANGING_ENDPOINTS ?? 40);
const NOISY_INTERVIEWS = Number(process.env.BENCH_NOISY_INTERVIEWS ?? 3);
const QUIET_EVENTS = Number(process.env.BENCH_QUIET_EVENTS ?? 40);
const GAP_MS = 250;

function owner(name: string): Principal {
  return {
    id: `user:${name}`,
    kind: 'user',
    userId: null,
    label: name,
    scopes: new Set(['interviews:read', 'interviews:write', 'webhooks']),
    credentialId: name,
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function interview(container: Container, principal: Principal, i: number): Promise<string> {
  const created = await container.interviews.createJobInterview(principal, {
    job_title: 'Bench',
    candidate_id: `c${i}`,
    primary_tech_focus: 'Node.js',
    questions: [{ question: 'Why?', evaluation_criteria: ['because'] }],
  });
  return created.interview_id;
}

async function run(engine: 'sqlite' | 'postgres'): Promise<{ engine: string; p50: number; p99: number; max: number }> {
  const database = await createTestDatabase({ databaseUrl: engine === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined });
  const hanging = createServer(() => {}); // reads the request, never answers
  const arrivals = new Map<string, number>();
  const healthy = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.set(String(request.headers['x-webhook-delivery-id']), performance.now());
      response.writeHead(204).end();
    });
  });
  const [hangingUrl, healthyUrl] = [await listen(hanging), await listen(healthy)];
  const config = loadConfig({
    ...database.env,
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_INSECURE_HTTP: 'true',
    WEBHOOK_MAX_ENDPOINTS_PER_OWNER: String(HANGING + 10),
  });
  const container = await createContainer(config);
  try {
    const noisy = owner('noisy');
    const quiet = owner('quiet');
    const service = container.webhooks.service;
    for (let i = 0; i < HANGING; i++) await service.createEndpoint(noisy, { url: `${hangingUrl}/e${i}` });
    await service.createEndpoint(quiet, { url: `${healthyUrl}/ok` });
    const noisyInterviews = [];
    for (let i = 0; i < NOISY_INTERVIEWS; i++) noisyInterviews.push(await interview(container, noisy, i));
    const quietInterviews = [];
    for (let i = 0; i < QUIET_EVENTS; i++) quietInterviews.push(await interview(container, quiet, i));
    container.webhooks.worker.start();
    for (const id of noisyInterviews) await service.emitMediaProcessed(id);
    const latencies: number[] = [];
    for (const id of quietInterviews) {
      const at = performance.now();
      const [deliveryId] = await service.emitMediaProcessed(id);
      while (!arrivals.has(deliveryId!)) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push(arrivals.get(deliveryId!)! - at);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    latencies.sort((a, b) => a - b);
    return { engine, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? 0 };
  } finally {
    hanging.closeAllConnections();
    healthy.closeAllConnections();
    await container.close();
    await new Promise((resolve) => hanging.close(resolve));
    await new Promise((resolve) => healthy.close(resolve));
    await database.dispose();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

const engines: ('sqlite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
console.log(`| engine | hanging endpoints (noisy owner) | noisy interviews | quiet events | quiet p50 ms | quiet p99 ms | quiet max ms |`);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const engine of engines) {
  const r = await run(engine);
  console.log(
    `| ${r.engine} | ${HANGING} | ${NOISY_INTERVIEWS} | ${QUIET_EVENTS} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`,
  );
}
process.exit(0);
