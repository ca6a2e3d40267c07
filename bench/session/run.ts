// Session bench: N concurrent simulated interviews against one server process
// (a child: `npx tsx src/main.ts`), on SQLite and then on PostgreSQL.
// Measures completion rate, server think time per turn (the server's own
// session_turn_seconds histogram), client-observed turn latency and memory
// per live session. Usage: npm run bench:session [-- --sessions 200]
// PostgreSQL runs when BENCH_DATABASE_URL is set (a fresh schema is used and dropped).

import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { benchArgs, countArg } from '../cli-args.js';
import { playInterview } from '../../src/cli/candidate-client.js';
import { percentile } from '../../src/cli/simulate.js';
import { loadConfig } from '../../src/config.js';
import { startServer as startInProcess } from '../../src/server.js';
import { startChildServer } from '../../test/helpers/child-server.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';

const run = promisify(execFile);
const values = benchArgs('npm run bench:session', {
  sessions: { type: 'string', default: '200', help: 'concurrent simulated interviews' },
});
const SESSIONS = countArg('sessions', values.sessions, 1);
const ANSWERS = [
  'I am a backend engineer with six years of experience building Node.js services and leading small teams.',
  'A race condition happens when two threads access shared state and the result depends on the timing of their execution.',
  'In my last team two colleagues disagreed about a design; we compared options and a prototype settled it, which was the resolution.',
];

interface Engine {
  name: string;
  database: TestDatabase;
}

async function engine(databaseUrl?: string): Promise<Engine> {
  const database = await createTestDatabase({ databaseUrl, redisUrl: databaseUrl ? process.env.BENCH_REDIS_URL : undefined });
  const name = database.engine === 'sqlite' ? 'SQLite' : database.env.REDIS_URL ? 'PostgreSQL + Redis' : 'PostgreSQL';
  return { name, database };
}

async function createInterviews(url: string, key: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/interview/create-from-questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-secret-key': key },
      body: JSON.stringify({
        job_title: 'Backend Engineer',
        candidate_id: `bench-${i}`,
        primary_tech_focus: 'Node.js',
        questions: [
          { question: 'What is a race condition?', evaluation_criteria: ['shared state', 'timing'] },
          { question: 'Tell me about a conflict in your team.', evaluation_criteria: ['situation', 'resolution'] },
        ],
      }),
    });
    ids.push(((await response.json()) as { interview_id: string }).interview_id);
  }
  return ids;
}

async function metrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

/** Quantile from the cumulative buckets of a histogram delta, interpolated linearly within a bucket. */
function histogramQuantile(before: Map<string, number>, after: Map<string, number>, name: string, q: number): number {
  const buckets: [number, number][] = [];
  for (const [key, value] of after) {
    const match = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\}$`).exec(key);
    if (match) buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]), value - (before.get(key) ?? 0)]);
  }
  buckets.sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  const rank = q * total;
  let previousBound = 0;
  let previousCount = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      if (bound === Infinity) return previousBound;
      const inBucket = count - previousCount;
      return previousBound + (inBucket === 0 ? 0 : ((rank - previousCount) / inBucket) * (bound - previousBound));
    }
    previousBound = bound;
    previousCount = count;
  }
  return previousBound;
}

/**
 * Heap per live session: the server runs in this process (gc exposed), the
 * candidates in a helper process, so the figure is the server's alone.
 */
async function memoryPerSession(engine: Engine): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with NODE_OPTIONS=--expose-gc (npm run bench:session does)');
  const config = loadConfig({ ...engine.database.env, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '10000000' });
  const server = await startInProcess(config, { logger: false });
  try {
    const key = (await server.container.auth.createKey({ userLabel: 'bench-memory', expiresAt: null })).key;
    await playInterview(server.url, (await createInterviews(server.url, key, 1))[0]!, ANSWERS); // warm-up
    const ids = await createInterviews(server.url, key, SESSIONS);
    const helper = spawn('npx', ['tsx', 'bench/session/idle-candidates.ts', server.url, ...ids], { stdio: ['pipe', 'pipe', 'inherit'] });
    const settle = async () => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return process.memoryUsage().heapUsed;
    };
    const before = await settle();
    await new Promise<void>((resolve, reject) => {
      helper.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      helper.once('exit', (code) => reject(new Error(`idle candidates exited with ${code}`)));
    });
    if (server.container.sessions.liveCount !== SESSIONS)
      throw new Error(`expected ${SESSIONS} live sessions, found ${server.container.sessions.liveCount}`);
    const during = await settle();
    helper.stdin.end();
    await new Promise((resolve) => helper.once('exit', resolve));
    return (during - before) / SESSIONS;
  } finally {
    await server.close();
  }
}

async function bench(engine: Engine): Promise<string> {
  const server = await startChildServer(
    { ...engine.database.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000', SESSION_MAX_MESSAGES_PER_SECOND: '100' },
    { stderr: 'inherit' },
  );
  try {
    const { stdout } = await run('npx', ['tsx', 'src/cli/main.ts', 'keys', 'create', '--user', 'bench'], {
      env: { ...process.env, ...engine.database.env },
    });
    const key = stdout.trim();

    // Load: SESSIONS whole interviews at once.
    const ids = await createInterviews(server.url, key, SESSIONS);
    const before = await metrics(server.url);
    const started = Date.now();
    const results = await Promise.allSettled(ids.map((id) => playInterview(server.url, id, ANSWERS, { timeoutMs: 120_000 })));
    const seconds = (Date.now() - started) / 1000;
    const after = await metrics(server.url);
    const completed = results.filter((r) => r.status === 'fulfilled' && r.value.endingReason === 1).length;
    const turns = results.flatMap((r) => (r.status === 'fulfilled' ? r.value.turnMs : [])).sort((a, b) => a - b);
    const think = (q: number) => (histogramQuantile(before, after, 'session_turn_seconds', q) * 1000).toFixed(1);
    return [
      `| ${engine.name} | ${SESSIONS} | ${completed}/${SESSIONS} (${((100 * completed) / SESSIONS).toFixed(1)} %) | ${seconds.toFixed(1)} s | ${turns.length} |`,
      `${think(0.5)} ms | ${think(0.99)} ms | ${percentile(turns, 0.5).toFixed(1)} ms | ${percentile(turns, 0.99).toFixed(1)} ms |`,
    ].join(' ');
  } finally {
    await server.stop('SIGTERM');
  }
}

const header = [
  '| engine | sessions | completed | wall time | turns | server think p50 | server think p99 | client turn p50 | client turn p99 | server heap / live session |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
console.log(header.join('\n'));
for (const databaseUrl of [undefined, process.env.BENCH_DATABASE_URL].filter((url, i) => i === 0 || url)) {
  const current = await engine(databaseUrl);
  try {
    const row = await bench(current);
    console.log(`${row} ${((await memoryPerSession(current)) / 1024).toFixed(1)} KiB |`);
  } finally {
    await current.database.dispose();
  }
}
