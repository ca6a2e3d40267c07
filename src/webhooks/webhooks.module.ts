// Builds the webhook parts from configuration: the secret box, the SSRF
// guard, the sender, the service and the worker. The container calls this once.

import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { InterviewRepository, ResetHook } from '../interviews/interview.repository.js';
import type { Clock, Scheduler } from '../common/clock.js';
import type { IdGenerator } from '../common/ids.js';
import { RETRY_AFTER_CAP_SECONDS, type AttemptDeps } from './delivery.attempt.js';
import { DeliveryRepository } from './delivery.repository.js';
import { WebhookWorker } from './delivery.worker.js';
import { EndpointRepository } from './endpoint.repository.js';
import type { MediaProcessedSource } from './payload.builder.js';
import { loadSecretKey, SecretBox } from './secret-box.js';
import { UndiciWebhookSender } from './sender.js';
import { createTargetGuard } from './target-guard.js';
import type { Wakeups } from '../cluster/wakeups.js';
import { WebhookService } from './webhook.service.js';

export interface WebhookOverrides {
  /** How often an idle worker looks at the queue (default: WEBHOOK_POLL_SECONDS). */
  pollIntervalMs?: number;
  /** Claim lease (default: the per-attempt timeout plus 30 s). */
  leaseMs?: number;
  concurrency?: number;
  /** Tests: stand-in evaluation/media data. */
  source?: MediaProcessedSource;
  random?: () => number;
}

export interface Webhooks {
  service: WebhookService;
  /** The worker started with the server (unless WEBHOOKS_WORKER=false). */
  worker: WebhookWorker;
  /** Another worker on the same queue (tests: a successor to a stopped one). */
  createWorker(onError?: (error: unknown) => void): WebhookWorker;
  /** Runs inside an interview reset: a retaken interview notifies again. */
  resetHook: ResetHook;
  /** Empties the stored payloads of an interview whose personal data is erased. */
  eraseHook: ResetHook;
  close(): Promise<void>;
}

export function createWebhooks(input: {
  config: Config;
  database: DatabaseHandle;
  interviews: InterviewRepository;
  clock: Clock;
  /** What an idle worker sleeps on between looks at the queue. */
  scheduler: Scheduler;
  ids: IdGenerator;
  /** Evaluation and media for interview.media_processed (the results module). */
  source: MediaProcessedSource;
  overrides?: WebhookOverrides;
  /** Deliveries queued on one node wake the workers of every node (absent: this process only). */
  wakeups?: Wakeups;
}): Webhooks {
  const { config, database, clock, ids } = input;
  const overrides = input.overrides ?? {};
  const settings = config.webhooks;
  const timeoutMs = Math.round(settings.timeoutSeconds * 1000);
  const guard = createTargetGuard({ allowPrivateTargets: settings.allowPrivateTargets, allowedPorts: settings.allowedPorts });
  const sender = new UndiciWebhookSender({ timeoutMs, guard });
  const leaseMs = overrides.leaseMs ?? timeoutMs + 30_000;
  const deliveries = new DeliveryRepository(database.db, database.dialect);
  const attemptDeps: AttemptDeps = {
    db: database.db,
    deliveries,
    endpoints: new EndpointRepository(database.db),
    secrets: new SecretBox(loadSecretKey(settings.secretKey, config.dataDir)),
    sender,
    clock,
    policy: {
      backoffBaseSeconds: settings.backoffBaseSeconds,
      retryAfterCapSeconds: RETRY_AFTER_CAP_SECONDS,
      random: overrides.random ?? Math.random,
    },
    circuit: { failureThreshold: settings.circuitFailureThreshold, pauseMs: settings.circuitPauseSeconds * 1000 },
  };
  const workers = new Set<WebhookWorker>();
  const createWorker = (onError?: (error: unknown) => void) => {
    const worker = new WebhookWorker(
      { ...attemptDeps, scheduler: input.scheduler, ids },
      {
        pollIntervalMs: overrides.pollIntervalMs ?? Math.round(settings.pollSeconds * 1000),
        leaseMs,
        concurrency: overrides.concurrency ?? 32,
        maxInFlightPerOwner: settings.maxInFlightPerOwner,
      },
    );
    worker.onError = onError;
    workers.add(worker);
    return worker;
  };
  const worker = createWorker();
  const service = new WebhookService({
    ...attemptDeps,
    interviews: input.interviews,
    ids,
    guard,
    source: overrides.source ?? input.source,
    allowInsecureHttp: settings.allowInsecureHttp,
    maxAttempts: settings.maxAttempts,
    maxEndpointsPerOwner: settings.maxEndpointsPerOwner,
    leaseMs,
    onEnqueued: () => (input.wakeups ? input.wakeups.publish('webhooks') : wakeLocalWorkers()),
  });
  const wakeLocalWorkers = () => {
    for (const w of workers) if (w.isRunning) w.wake();
  };
  input.wakeups?.subscribe('webhooks', wakeLocalWorkers);
  return {
    service,
    worker,
    createWorker,
    resetHook: (tx, interviewId) => deliveries.releaseEventsOfInterview(tx, interviewId),
    eraseHook: (tx, interviewId) => deliveries.erasePayloadsOfInterview(tx, interviewId),
    async close() {
      await Promise.all([...workers].map((w) => w.stop()));
      await sender.close();
    },
  };
}
