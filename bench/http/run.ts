// HTTP benchmark: a bare Fastify route as the baseline, then two routes of the
// real service on SQLite and on PostgreSQL, all in one run so the ratios to the
// baseline are comparable on a noisy machine. Prints a Markdown table to stdout.
//
//   npm run bench:http -- [--duration 10] [--connections 50] [--warmup 2] [--database-url postgres://...] [--no-postgres]
//
// The servers run in this process; autocannon fires from a worker thread, so
// client and server do not share one event loop. Only 127.0.0.1 is used.

import { benchArgs, databaseUrlOption, countArg } from '../cli-args.js';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { createTestDatabase } from '../../test/helpers/test-database.js';
import { jobInterviewRequest } from '../../test/helpers/test-server.js';

const flags = benchArgs('npm run bench:http', {
  duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10', help: 'seconds per route' },
  connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50', help: 'concurrent connections' },
  warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '2', help: 'seconds of warm-up per route (0: none)' },
  'database-url': databaseUrlOption('the PostgreSQL to measure on'),
  'no-postgres': { type: 'boolean', help: 'SQLite only' },
});
const duration = countArg('duration', flags.duration, 1);
const connections = countArg('connections', flags.connections, 1);
const warmup = countArg('warmup', flags.warmup);

interface Row {
  name: string;
  engine: string;
  result: Result;
}

async function measure(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Result> {
  return autocannon({
    url,
    connections,
    duration,
    workers: 1,
    ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
    ...options,
  });
}

async function benchBare(): Promise<Row> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    progress('bare Fastify: GET /bare');
    return { name: 'GET /bare (bare Fastify)', engine: '-', result: await measure(`http://127.0.0.1:${port}/bare`) };
  } finally {
    await app.close();
  }
}

async function benchService(engine: 'sqlite' | 'postgres'): Promise<Row[]> {
  const database = await createTestDatabase({ databaseUrl: engine === 'postgres' ? flags['database-url'] : undefined });
  try {
    // REDIS_URL is blanked so the in-memory rate limiter is used even when TEST_REDIS_URL is set.
    const env = { ...database.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000000', REDIS_URL: '' };
    const config = loadConfig(env);
    const server = await startServer(config, { logger: false });
    try {
      const { key } = await server.container.auth.createKey({ userLabel: 'bench' });
      const headers = { 'x-application-secret-key': key, 'content-type': 'application/json' };
      const body = JSON.stringify(jobInterviewRequest());
      const created = await fetch(`${server.url}/interview/create-from-questions`, { method: 'POST', headers, body });
      if (created.status !== 200) throw new Error(`creating the interview answered ${created.status}: ${await created.text()}`);
      const { interview_id } = (await created.json()) as { interview_id: string };

      progress(`${engine}: GET /interview/details/{id}`);
      const details = await measure(`${server.url}/interview/details/${interview_id}`, { headers: { 'x-application-secret-key': key } });
      progress(`${engine}: POST /interview/create-from-questions`);
      const create = await measure(`${server.url}/interview/create-from-questions`, { method: 'POST', headers, body });
      return [
        { name: 'GET /interview/details/{id}', engine, result: details },
        { name: 'POST /interview/create-from-questions', engine, result: create },
      ];
    } finally {
      await server.close();
    }
  } finally {
    await database.dispose();
  }
}

function progress(message: string): void {
  process.stderr.write(`… ${message} (${duration} s, ${connections} connections)\n`);
}

function table(rows: Row[]): string {
  const [bare] = rows;
  if (!bare) return '';
  const lines = [
    '| Route | DB | req/s | p99 (ms) | req/s vs bare | p99 vs bare | non-2xx / errors |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const { name, engine, result } of rows) {
    const rps = result.requests.average;
    const p99 = result.latency.p99;
    const p99Ratio = bare.result.latency.p99 > 0 ? `${(p99 / bare.result.latency.p99).toFixed(1)}×` : 'n/a';
    lines.push(
      `| ${name} | ${engine} | ${Math.round(rps)} | ${p99} | ${(rps / bare.result.requests.average).toFixed(2)}× | ${p99Ratio} | ${result.non2xx} / ${result.errors + result.timeouts} |`,
    );
  }
  return lines.join('\n');
}

const rows = [await benchBare(), ...(await benchService('sqlite')), ...(flags['no-postgres'] ? [] : await benchService('postgres'))];
console.log(`HTTP benchmark: ${duration} s per route, ${connections} connections, ${warmup} s warm-up, Node ${process.version}\n`);
console.log(table(rows));
console.log('\np99 has 1 ms resolution (autocannon records whole milliseconds).');
if (rows.some(({ result }) => result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)) {
  console.error('\nSome requests failed: the figures above are not comparable.');
  process.exitCode = 1;
}
