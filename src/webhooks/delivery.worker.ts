// The delivery worker: polls the queue, claims due deliveries under a lease,
// and runs up to `concurrency` attempts at once (at most one per endpoint and
// a few per owner, which the claim guarantees; see claimDue). Any number of workers, in any number of
// processes, can share one database. It sleeps on the injected Scheduler,
// and whenIdle() tells a caller when it has nothing left to send.

import type { Clock, Scheduler } from '../common/clock.js';
import type { IdGenerator } from '../common/ids.js';
import { attemptDelivery, type AttemptDeps } from './delivery.attempt.js';
import type { DeliveryRepository } from './delivery.repository.js';

export interface WorkerOptions {
  pollIntervalMs: number;
  /** Longer than the per-attempt timeout, so a live worker never loses its claim. */
  leaseMs: number;
  concurrency: number;
  /** Attempts one owner may have in flight across all workers. */
  maxInFlightPerOwner: number;
}

export class WebhookWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private wakeUp: (() => void) | undefined;
  private isWoken = false;
  private lastSweep = 0;
  /** Looks at the queue begun so far; an idle waiter needs one that began after it. */
  private ticks = 0;
  private idleWaiters: { after: number; resolve: () => void }[] = [];
  /** Where failures of the loop or of recording an attempt are reported. */
  onError: ((error: unknown) => void) | undefined;

  constructor(
    private readonly deps: AttemptDeps & { deliveries: DeliveryRepository; clock: Clock; scheduler: Scheduler; ids: IdGenerator },
    private readonly options: WorkerOptions,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastSweep = 0;
    this.loop = this.run();
  }

  /** Something was enqueued or finished: look at the queue now rather than at the next poll. */
  wake(): void {
    this.isWoken = true;
    this.wakeUp?.();
  }

  /**
   * Resolves once this worker has looked at the queue after the call with no
   * attempt of its own in flight and found nothing due (deliveries backing off
   * or paused until later do not count); when stopped, once its attempts are
   * recorded. Other workers on the same queue are not awaited.
   */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.allSettled([...this.inFlight]).then(() => undefined);
    return new Promise((resolve) => {
      this.idleWaiters.push({ after: this.ticks, resolve });
      this.wake();
    });
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
    this.resolveIdleWaiters(Infinity);
  }

  private async run(): Promise<void> {
    while (this.running) {
      const tick = ++this.ticks;
      let look = { isSaturated: false, isIdle: false };
      try {
        look = await this.tick();
      } catch (error) {
        this.onError?.(error);
      }
      if (look.isIdle) this.resolveIdleWaiters(tick);
      if (!look.isSaturated) await this.sleep();
    }
  }

  private resolveIdleWaiters(tick: number): void {
    const ready = this.idleWaiters.filter((waiter) => waiter.after < tick);
    this.idleWaiters = this.idleWaiters.filter((waiter) => waiter.after >= tick);
    for (const waiter of ready) waiter.resolve();
  }

  /**
   * One look at the queue. Saturated: it claimed all it could take (there may
   * be more). Idle: nothing was in flight and nothing was due.
   */
  private async tick(): Promise<{ isSaturated: boolean; isIdle: boolean }> {
    const now = this.deps.clock.now();
    // The sweep runs at start-up and then once per poll interval.
    if (now.getTime() - this.lastSweep >= this.options.pollIntervalMs) {
      this.lastSweep = now.getTime();
      await this.deps.deliveries.releaseExpiredLeases(now.toISOString());
    }
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0 || !this.running) return { isSaturated: false, isIdle: false };
    const claimToken = this.deps.ids.uuid();
    const leaseUntil = new Date(now.getTime() + this.options.leaseMs).toISOString();
    const claimed = await this.deps.deliveries.claimDue(now.toISOString(), leaseUntil, claimToken, free, this.options.maxInFlightPerOwner);
    for (const row of claimed) {
      const attempt: Promise<unknown> = attemptDelivery(this.deps, row, claimToken)
        .catch((error: unknown) => this.onError?.(error))
        .finally(() => {
          this.inFlight.delete(attempt);
          this.wake();
        });
      this.inFlight.add(attempt);
    }
    return { isSaturated: claimed.length === free, isIdle: claimed.length === 0 && free === this.options.concurrency };
  }

  private sleep(): Promise<void> {
    if (this.isWoken || !this.running) {
      this.isWoken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        timer.clear();
        this.wakeUp = undefined;
        this.isWoken = false;
        resolve();
      };
      const timer = this.deps.scheduler.setTimeout(done, this.options.pollIntervalMs);
      this.wakeUp = done;
    });
  }
}
