// A generic runner for durable jobs: claims one due job of a kind it knows,
// runs the definition's `perform` step (outside any transaction: external
// effects such as HTTP calls, which must be idempotent), then its `record`
// step inside the transaction that marks the job done (so database effects
// happen exactly once), and backs off on failure. A worker that lost its
// lease meanwhile cannot complete the job: its transaction rolls back; a
// worker still at it renews its lease, so slow work is not taken over.
// (On SQLite one open transaction blocks every writer, so slow work never
// runs inside `record`.) Jobs run in lanes: each lane has its own slots, so
// slow work (media) never holds up quick work (a hand-off, an evaluation),
// and a lane can cap how many of its slots one tenant's jobs hold. It polls
// on the injected Scheduler, and whenIdle() tells a caller when it has
// nothing left to run, so tests wait on that.

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock, Scheduler, TimerHandle } from '../common/clock.js';
import type { IdGenerator } from '../common/ids.js';
import type { ClaimedJob, JobRepository } from './job.repository.js';

export interface JobContext {
  tx: Transaction<Database>;
  at: string;
  attempt: number;
}

export interface JobDefinition<Payload, Performed = void> {
  kind: string;
  /** The lane the job runs in (JobRunnerOptions.lanes); the default lane when absent. */
  lane?: string;
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

export interface JobLane {
  /** Jobs of the lane running at once in this runner. */
  concurrency: number;
  /** Of those, how many may be one tenant's (jobs enqueued with a tenant); null: no limit. */
  perTenant: number | null;
}

export const DEFAULT_LANE = 'default';

export interface JobRunnerOptions {
  pollMs: number;
  leaseMs: number;
  backoffBaseMs: number;
  onError?: (kind: string, error: unknown) => void;
  /** Lanes besides the default one (one slot, no tenant limit, as every job ran before lanes). */
  lanes?: Record<string, JobLane>;
  /** This runner's name on the jobs it claims (default: a fresh `worker:<uuid>`). */
  owner?: string;
  /** Owners whose process is known dead: their running jobs are claimed at once, not after the lease. */
  deadOwners?: () => Promise<readonly string[]>;
}

interface LaneState extends JobLane {
  kinds: string[];
  drains: Set<Promise<void>>;
  /** Running jobs per tenant in this lane. */
  tenants: Map<string, number>;
  /** Claims in a lane are made one at a time, so two slots cannot both take a tenant's last share. */
  claiming: Promise<unknown>;
}

export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition<unknown, unknown>>();
  private readonly lanes = new Map<string, LaneState>();
  private readonly owner: string;
  private timer: TimerHandle | null = null;
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
    this.owner = options.owner ?? `worker:${ids.uuid()}`;
    for (const [name, lane] of Object.entries({ [DEFAULT_LANE]: { concurrency: 1, perTenant: null }, ...options.lanes })) {
      this.lanes.set(name, { ...lane, kinds: [], drains: new Set(), tenants: new Map(), claiming: Promise.resolve() });
    }
  }

  register<P, R>(definition: JobDefinition<P, R>): this {
    const lane = this.lanes.get(definition.lane ?? DEFAULT_LANE);
    if (!lane) throw new Error(`job ${definition.kind}: no lane "${definition.lane}"`);
    this.definitions.set(definition.kind, definition);
    lane.kinds.push(definition.kind);
    return this;
  }

  start(): void {
    this.stopped = false;
    this.timer = this.scheduler.setInterval(() => void this.kick(), this.options.pollMs);
    void this.kick();
  }

  /** Runs every due job now: each lane's free slots start draining (slots already draining go on). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    for (const lane of this.lanes.values()) {
      if (lane.kinds.length === 0) continue;
      while (lane.drains.size < lane.concurrency) {
        const drain: Promise<void> = this.drain(lane).finally(() => lane.drains.delete(drain));
        lane.drains.add(drain);
      }
    }
    return this.settled();
  }

  /**
   * Resolves once this runner has looked at the queue after the call and found
   * no job due (jobs backing off until later do not count), or at once when it
   * is not started. Jobs of other runners on the same queue are not awaited.
   */
  async whenIdle(): Promise<void> {
    // A drain under way may have claimed before the call; a job's next step may be in another lane: look until all are quiet.
    do {
      await this.settled();
      await this.kick();
    } while (!this.stopped && this.activeDrains().length > 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.clear();
    await this.settled();
  }

  /** Claims and runs one due job of any lane, regardless of slots (tests step the pipeline with it); false when none was due. */
  async runOne(deadOwners: readonly string[] = []): Promise<boolean> {
    const job = await this.claim([...this.definitions.keys()], [], deadOwners);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private activeDrains(): Promise<void>[] {
    return [...this.lanes.values()].flatMap((lane) => [...lane.drains]);
  }

  private async settled(): Promise<void> {
    await Promise.all(this.activeDrains());
  }

  private async drain(lane: LaneState): Promise<void> {
    // Asked once per look at the queue: a dead worker's job is taken at this look, not after its lease.
    const dead = await (this.options.deadOwners?.() ?? Promise.resolve([])).catch((error: unknown) => {
      this.options.onError?.('heartbeat', error);
      return [];
    });
    while (!this.stopped) {
      const job = await this.claimIn(lane, dead).catch((error: unknown) => {
        this.options.onError?.('claim', error);
        return null;
      });
      if (!job) return;
      try {
        await this.run(job);
      } catch (error) {
        // Recording the failure itself failed (the database is away): the lease runs out and the job is claimed again.
        this.options.onError?.(job.kind, error);
      } finally {
        if (job.tenant !== null) {
          const left = (lane.tenants.get(job.tenant) ?? 1) - 1;
          if (left > 0) lane.tenants.set(job.tenant, left);
          else lane.tenants.delete(job.tenant);
        }
      }
      // The job's next step may be in another lane (or wait for this tenant's share): wake the lanes.
      void this.kick();
    }
  }

  /** The lane's next due job, skipping tenants at their share; counted against its tenant until it ends. */
  private claimIn(lane: LaneState, deadOwners: readonly string[]): Promise<ClaimedJob | null> {
    const claimed = lane.claiming.then(async () => {
      const full =
        lane.perTenant === null ? [] : [...lane.tenants].filter(([, running]) => running >= lane.perTenant!).map(([tenant]) => tenant);
      const job = await this.claim(lane.kinds, full, deadOwners);
      if (job && job.tenant !== null) lane.tenants.set(job.tenant, (lane.tenants.get(job.tenant) ?? 0) + 1);
      return job;
    });
    lane.claiming = claimed.catch(() => {});
    return claimed;
  }

  private claim(kinds: readonly string[], excludedTenants: readonly string[], deadOwners: readonly string[]): Promise<ClaimedJob | null> {
    if (kinds.length === 0) return Promise.resolve(null);
    const now = this.clock.now();
    return this.jobs.claimNext(
      kinds,
      this.owner,
      now.toISOString(),
      new Date(now.getTime() + this.options.leaseMs).toISOString(),
      excludedTenants,
      deadOwners.filter((owner) => owner !== this.owner),
    );
  }

  private async run(job: ClaimedJob): Promise<void> {
    const definition = this.definitions.get(job.kind)!;
    const at = this.clock.now().toISOString();
    // Renewed well before it runs out, for as long as this worker is at the job.
    const renewal = this.scheduler.setInterval(
      () =>
        void this.jobs
          .renewLease(job.id, this.owner, new Date(this.clock.now().getTime() + this.options.leaseMs).toISOString())
          .catch(() => {}),
      Math.max(1, this.options.leaseMs / 3),
    );
    try {
      const payload = definition.parse(JSON.parse(job.payload));
      const performed = await definition.perform?.(payload, { at, attempt: job.attempts });
      await this.db.transaction().execute(async (tx) => {
        await definition.record?.(payload, { tx, at, attempt: job.attempts, performed });
        // Lost the lease meanwhile: roll back, the new owner runs it.
        if (!(await this.jobs.complete(tx, job.id, this.owner, at))) throw new Error('job lease lost');
      });
      renewal.clear();
      definition.afterCommit?.(payload);
    } catch (error) {
      renewal.clear();
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
  }
}
