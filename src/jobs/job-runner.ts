// A generic runner for durable jobs: claims one due job of a kind it knows,
// runs the definition's `perform` step (outside any transaction: external
// effects such as HTTP calls, which must be idempotent), then its `record`
// step inside the transaction that marks the job done (so database effects
// happen exactly once), and backs off on failure. A worker that lost its
// lease meanwhile cannot complete the job: its transaction rolls back.
// (On SQLite one open transaction blocks every writer, so slow work never
// runs inside `record`.) It polls on the injected Scheduler, and whenIdle()
// tells a caller when it has nothing left to run, so tests wait on that.

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock, Scheduler, TimerHandle } from '../shared/clock.js';
import type { IdGenerator } from '../shared/ids.js';
import type { JobRepository } from './job.repository.js';

export interface JobContext {
  tx: Transaction<Database>;
  at: string;
  attempt: number;
}

export interface JobDefinition<Payload, Performed = void> {
  kind: string;
  maxAttempts: number;
  /** Rejects a payload this version cannot handle (the attempt fails). */
  parse(payload: unknown): Payload;
  /** External or slow, idempotent work; may run more than once (a retry, a lost lease). Its result goes to `record`. */
  perform?(payload: Payload, context: { at: string; attempt: number }): Promise<Performed>;
  /** Database effects, committed together with the job's completion. */
  record?(payload: Payload, context: JobContext & { performed: Performed | undefined }): Promise<void>;
  /** After the commit: nudge whoever works on what `record` wrote (it is visible now). */
  afterCommit?(payload: Payload): void;
}

export interface JobRunnerOptions {
  pollMs: number;
  leaseMs: number;
  backoffBaseMs: number;
  onError?: (kind: string, error: unknown) => void;
}

export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition<unknown, unknown>>();
  private readonly owner: string;
  private timer: TimerHandle | null = null;
  private draining: Promise<void> | null = null;
  /** Until start(): kick() does nothing, so a node without a worker never runs jobs. */
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobRepository,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    ids: IdGenerator,
    private readonly options: JobRunnerOptions,
  ) {
    this.owner = `worker:${ids.uuid()}`;
  }

  register<P, R>(definition: JobDefinition<P, R>): this {
    this.definitions.set(definition.kind, definition);
    return this;
  }

  start(): void {
    this.stopped = false;
    this.timer = this.scheduler.setInterval(() => void this.kick(), this.options.pollMs);
    void this.kick();
  }

  /** Runs every due job now (coalesced with a drain already under way). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /**
   * Resolves once this runner has looked at the queue after the call and found
   * no job due (jobs backing off until later do not count), or at once when it
   * is not started. Jobs of other runners on the same queue are not awaited.
   */
  async whenIdle(): Promise<void> {
    // A drain under way may have claimed before the call: wait for it, then look once more.
    await this.draining;
    await this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.clear();
    await this.draining;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const ran = await this.runOne().catch((error: unknown) => {
        this.options.onError?.('claim', error);
        return false;
      });
      if (!ran) return;
    }
  }

  /** Claims and runs one job; false when none was due. */
  async runOne(): Promise<boolean> {
    const now = this.clock.now();
    const kinds = [...this.definitions.keys()];
    if (kinds.length === 0) return false;
    const job = await this.jobs.claimNext(
      kinds,
      this.owner,
      now.toISOString(),
      new Date(now.getTime() + this.options.leaseMs).toISOString(),
    );
    if (!job) return false;
    const definition = this.definitions.get(job.kind)!;
    const at = this.clock.now().toISOString();
    try {
      const payload = definition.parse(JSON.parse(job.payload));
      const performed = await definition.perform?.(payload, { at, attempt: job.attempts });
      await this.db.transaction().execute(async (tx) => {
        await definition.record?.(payload, { tx, at, attempt: job.attempts, performed });
        // Lost the lease meanwhile: roll back, the new owner runs it.
        if (!(await this.jobs.complete(tx, job.id, this.owner, at))) throw new Error('job lease lost');
      });
      definition.afterCommit?.(payload);
    } catch (error) {
      this.options.onError?.(job.kind, error);
      const delay = this.options.backoffBaseMs * 2 ** Math.max(0, job.attempts - 1);
      const retryAt = job.attempts < job.maxAttempts ? new Date(this.clock.now().getTime() + delay).toISOString() : null;
      await this.jobs.fail(
        job.id,
        this.owner,
        error instanceof Error ? error.message : String(error),
        retryAt,
        this.clock.now().toISOString(),
      );
    }
    return true;
  }
}
