// Composition root: config -> database -> repositories -> services. The HTTP
// server (main.ts), the CLI and the tests all build the service graph here,
// so each piece is constructed in exactly one place.

import { Redis } from 'ioredis';
import { ApiKeyRepository } from './auth/api-key.repository.js';
import { AuthService } from './auth/auth.service.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { InMemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './http/rate-limiter.js';
import { InMemoryAuthThrottle, RedisAuthThrottle, type AuthThrottle } from './http/auth-throttle.js';
import { InterviewRepository } from './interviews/interview.repository.js';
import { InterviewService, NO_RECORDINGS } from './interviews/interview.service.js';
import { createEvaluator, isDeterministic } from './evaluation/index.js';
import { ResultsRepository } from './results/results.repository.js';
import { ResultsReports } from './results/results.reports.js';
import { createResultsPipeline, resetResults } from './results/results.pipeline.js';
import { systemClock, systemScheduler, type Clock, type Scheduler } from './shared/clock.js';
import { randomIds, type IdGenerator } from './shared/ids.js';
import { sql } from 'kysely';
import { createWebhooks, type WebhookOverrides, type Webhooks } from './webhooks/webhooks.module.js';
import { LlmInterviewer } from './conversation/llm-interviewer.js';
import type { Interviewer } from './conversation/interviewer.js';
import { ScriptedInterviewer } from './conversation/scripted-interviewer.js';
import { JobRepository } from './jobs/job.repository.js';
import { JobRunner } from './jobs/job-runner.js';
import { DatabaseLeases, RedisLeases } from './session/session-lease.js';
import { resetSession, SessionRepository } from './session/session.repository.js';
import { SessionService, type SessionLogger } from './session/session.service.js';

export interface Container {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  clock: Clock;
  scheduler: Scheduler;
  auth: AuthService;
  interviews: InterviewService;
  rateLimiter: RateLimiter;
  authThrottle: AuthThrottle;
  webhooks: Webhooks;
  sessions: SessionService;
  jobRunner: JobRunner;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  /** The session timers, the gateway's ping and the job and webhook polls; tests pass a twin that moves with their clock. */
  scheduler?: Scheduler;
  ids?: IdGenerator;
  webhooks?: WebhookOverrides;
  /** Where session and job problems are reported (the server passes its logger). */
  log?: SessionLogger;
}

export async function createContainer(config: Config, overrides: ContainerOverrides = {}): Promise<Container> {
  const clock = overrides.clock ?? systemClock;
  const scheduler = overrides.scheduler ?? systemScheduler;
  const ids = overrides.ids ?? randomIds;
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.close();
    throw error;
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  // Connection errors surface on commands (and are handled there); without a listener ioredis would log to stderr.
  redis?.on('error', () => {});

  const interviewRepository = new InterviewRepository(database.db, config.session.logMaxLines);
  const results = new ResultsRepository(database.db);
  const recordings = NO_RECORDINGS; // the media issue supplies real recordings
  const reports = new ResultsReports(results, recordings);
  const webhooks = createWebhooks({
    config,
    database,
    interviews: interviewRepository,
    clock,
    scheduler,
    ids,
    source: reports,
    overrides: overrides.webhooks,
  });
  const auth = new AuthService(new ApiKeyRepository(database.db), config.integrationSecrets, clock, ids);
  const interviews = new InterviewService({
    repository: interviewRepository,
    reports,
    recordings,
    resetHooks: [webhooks.resetHook, resetSession, (tx, interviewId) => resetResults(results, tx, interviewId)],
    // The session service is built below; a reset only happens once the server runs.
    beforeReset: (interviewId) => sessions.endForReset(interviewId),
    clock,
    ids,
    appEnv: config.appEnv,
    candidateUiUrl: config.candidateUiUrl,
  });
  const rateLimiter = redis
    ? new RedisRateLimiter(redis, config.rateLimitPerMinute, clock)
    : new InMemoryRateLimiter(config.rateLimitPerMinute, clock);
  const authThrottle = redis
    ? new RedisAuthThrottle(redis, config.authFailuresPerMinute, clock)
    : new InMemoryAuthThrottle(config.authFailuresPerMinute, clock);

  const log: SessionLogger = overrides.log ?? (() => {});
  const jobRunner = new JobRunner(database.db, new JobRepository(database.db, database.dialect), clock, scheduler, ids, {
    pollMs: config.jobs.pollSeconds * 1000,
    // Longer than any step's slowest honest run (a model call with one retry), so a live worker is never overtaken.
    leaseMs: config.jobs.leaseSeconds * 1000,
    backoffBaseMs: 5_000,
    onError: (kind, error) => log('error', `job ${kind} failed`, error),
  });
  const evaluator = createEvaluator(config.llm);
  const pipeline = createResultsPipeline({
    interviews: interviewRepository,
    results,
    evaluator,
    evaluateEveryLocale: isDeterministic(evaluator),
    webhooks: webhooks.service,
    ids,
  });
  for (const step of pipeline) jobRunner.register(step);
  const sessions = new SessionService({
    repository: new SessionRepository(database.db, interviewRepository),
    leases: redis ? new RedisLeases(redis) : new DatabaseLeases(database.db, clock),
    interviewer: createInterviewer(config),
    clock,
    scheduler,
    ids,
    settings: config.session,
    onInterviewEnded: () => void jobRunner.kick(),
    log,
  });

  return {
    config,
    database,
    redis,
    clock,
    scheduler,
    auth,
    interviews,
    rateLimiter,
    authThrottle,
    webhooks,
    sessions,
    jobRunner,
    async isHealthy() {
      await sql`select 1`.execute(database.db);
      return true;
    },
    async close() {
      await webhooks.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

function createInterviewer(config: Config): Interviewer {
  if (config.llm.provider !== 'openai' || !config.llm.model) return new ScriptedInterviewer();
  return new LlmInterviewer({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    timeoutMs: config.llm.timeoutSeconds * 1000,
  });
}
