import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { SessionService } from '../session/session.service.js';
import type { VoiceService } from '../session/voice-service.js';
import type { Speech } from '../speech/index.js';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { secretsMatch } from '../auth/api-key.js';
import type { AuthThrottle } from './auth-throttle.js';
import { throttleFailure } from './authentication.js';

/**
 * Who may read /metrics: with a token, callers sending `Authorization: Bearer <token>`;
 * without one, anyone outside production and no one in production (metrics reveal
 * traffic, routes and process details, so a public deployment must opt in).
 */
export interface MetricsAccess {
  token: string | null;
  isProduction: boolean;
}

const OPEN_METRICS: MetricsAccess = { token: null, isProduction: false };

/**
 * Per-route request counts and latency histograms, plus Node's process metrics.
 * A wrong token is a failed authentication like a wrong API key: counted
 * against the same per-address throttle, so the token cannot be guessed faster.
 */
export function installMetrics(app: FastifyInstance, access: MetricsAccess = OPEN_METRICS, throttle: AuthThrottle | null = null): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The template, never the raw URL, so ids cannot explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isAllowed(request, access)) {
      const wait = access.token !== null && throttle ? await throttleFailure(throttle, request.ip) : null;
      if (wait !== null) return reply.code(429).header('retry-after', wait).send({ detail: 'RateLimitReachedException' });
      return refuse(reply, access);
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}

function isAllowed(request: FastifyRequest, access: MetricsAccess): boolean {
  if (access.token === null) return !access.isProduction;
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (.+)$/i.exec(header.trim()) : null;
  return match !== null && secretsMatch(match[1]!, access.token);
}

function refuse(reply: FastifyReply, access: MetricsAccess): FastifyReply {
  if (access.token === null) return reply.code(404).send({ detail: 'Not Found' });
  return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'NotAuthenticated' });
}

/** Server think time per candidate turn, and the number of live sessions on this node. */
export function observeSessionTurns(registry: Registry, sessions: SessionService): void {
  const turns = new Histogram({
    name: 'session_turn_seconds',
    help: 'Server time from a candidate message to the committed reply',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'session_live',
    help: 'Candidate sessions connected to this node',
    registers: [registry],
    collect() {
      this.set(sessions.liveCount);
    },
  });
  sessions.observeTurns((ms) => turns.observe(ms / 1000));
}

/**
 * Spoken turns: from the end of the candidate's speech to the first audio of
 * the reply, and each part of it (`part`: hangover, stt, interviewer, tts);
 * and the speculative replies and the model calls they started, by outcome.
 */
export function observeVoiceTurns(registry: Registry, voice: VoiceService): void {
  const buckets = [0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];
  const total = new Histogram({
    name: 'voice_turn_latency_seconds',
    help: "End of the candidate's speech to the first audio frame of the interviewer's reply",
    buckets,
    registers: [registry],
  });
  const parts = new Histogram({
    name: 'voice_turn_latency_part_seconds',
    help: 'The parts of voice_turn_latency_seconds: VAD hang-over, speech recognition, interviewer, speech synthesis',
    labelNames: ['part'] as const,
    buckets,
    registers: [registry],
  });
  voice.observeLatency((latency) => {
    total.observe(latency.totalMs / 1000);
    parts.observe({ part: 'hangover' }, latency.hangoverMs / 1000);
    parts.observe({ part: 'stt' }, latency.sttMs / 1000);
    parts.observe({ part: 'interviewer' }, latency.interviewerMs / 1000);
    parts.observe({ part: 'tts' }, latency.ttsMs / 1000);
  });
  const speculative = new Counter({
    name: 'speculative_replies_total',
    help: 'Replies prepared while the candidate paused: sent (the turn ended there) or discarded (the candidate went on)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const modelCalls = new Counter({
    name: 'speculative_model_calls_total',
    help: 'Model calls started for a speculative reply: sent (awaited by the turn) or discarded (aborted: the candidate went on)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Both series exist from the start, so a rate of discarded replies reads 0 rather than nothing.
  for (const outcome of ['sent', 'discarded'] as const) {
    speculative.inc({ outcome }, 0);
    modelCalls.inc({ outcome }, 0);
  }
  voice.observeSpeculation(({ outcome, modelCall }) => {
    speculative.inc({ outcome });
    if (modelCall) modelCalls.inc({ outcome });
  });
}

/** Statements this node sent to the database, by kind (what bench/cluster/capacity.ts counts per interview). */
export function observeDatabaseQueries(registry: Registry, database: Pick<DatabaseHandle, 'observeQueries'>): void {
  const queries = new Counter({
    name: 'db_queries_total',
    help: 'Statements sent to the database by this node (select, insert, update, delete, other)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  database.observeQueries((kind) => queries.inc({ kind }));
}

/** The interviewer's sentences by how their audio was served: from the cache, shared with a synthesis under way, or synthesised. */
export function observeSynthesis(registry: Registry, speech: Pick<Speech, 'observeSynthesis'>): void {
  const syntheses = new Counter({
    name: 'tts_syntheses_total',
    help: "The interviewer's sentences by how their audio was served (source: cached, shared, synthesised)",
    labelNames: ['source'] as const,
    registers: [registry],
  });
  for (const source of ['cached', 'shared', 'synthesised'] as const) syntheses.inc({ source }, 0);
  speech.observeSynthesis((source) => syntheses.inc({ source }));
}
