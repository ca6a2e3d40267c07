// Recogniser capacity per node and per tenant. A recogniser is busy for the
// whole of an utterance (PocketSphinx: a loaded decoder, ~100 MB and a share
// of a core while the candidate speaks) or for its request (a remote
// recogniser, which only buffers until finish()), so without a bound one
// tenant's links could take every slot. The tenant is the interview's owner.
//
// Past either bound an utterance waits, in the order it started, instead of
// being refused: its audio is kept and handed to the recogniser once a slot
// frees (a tenant at its share is passed over, so other tenants keep theirs).
// While it waits, `isWaiting` is true, so the session can show the candidate
// it is still working. If its turn has ended and no slot freed within
// MAX_WAIT_AFTER_TURN_MS, finish() is a SpeechError: the voice channel then
// tells that candidate to type this answer (speech_unavailable,
// recogniser_failed) and listens again next turn.

import { systemScheduler, type Scheduler, type TimerHandle } from '../../common/clock.js';
import type { Language } from '../../languages/language.js';
import { abortError, SpeechError } from '../speech-error.js';
import type { RecognitionContext, RecognitionStream, SpeechToText } from './speech-to-text.js';

export interface RecognitionLimits {
  /** Recognitions at once on this node (STT_MAX_CONCURRENT). */
  maxConcurrent: number;
  /** Recognitions at once for one tenant on this node (STT_MAX_CONCURRENT_PER_OWNER). */
  maxConcurrentPerTenant: number;
  /** How long a finished turn may wait for a slot; past it the candidate types. */
  maxWaitAfterTurnMs?: number;
}

/** How long a finished turn may wait for a slot, on the service's Scheduler. */
interface WaitBound {
  ms: number;
  scheduler: Scheduler;
}

/** A candidate who stopped speaking hears nothing for this long at most before being asked to type instead. */
export const MAX_WAIT_AFTER_TURN_MS = 5_000;

export class TenantLimitedSpeechToText implements SpeechToText {
  readonly name: string;
  readonly recognisesInBrowser?: boolean;
  readonly decodesAtFinish?: boolean;
  readonly checkpoints?: boolean;
  private running = 0;
  private readonly perTenant = new Map<string, number>();
  private readonly line: Waiter[] = [];

  constructor(
    private readonly inner: SpeechToText,
    private readonly limits: RecognitionLimits,
    /** Bounds a finished turn's wait for a slot. */
    private readonly scheduler: Scheduler = systemScheduler,
  ) {
    this.name = inner.name;
    if (inner.recognisesInBrowser !== undefined) this.recognisesInBrowser = inner.recognisesInBrowser;
    if (inner.decodesAtFinish !== undefined) this.decodesAtFinish = inner.decodesAtFinish;
    if (inner.checkpoints !== undefined) this.checkpoints = inner.checkpoints;
  }

  supports(language: Language): boolean {
    return this.inner.supports(language);
  }

  open(language: Language, context?: RecognitionContext): RecognitionStream {
    // Recognitions without a tenant (batch use, tests) share one bucket.
    const tenant = context?.tenant ?? '';
    const maxWait: WaitBound = { ms: this.limits.maxWaitAfterTurnMs ?? MAX_WAIT_AFTER_TURN_MS, scheduler: this.scheduler };
    if (this.inner.decodesAtFinish) {
      // Only its request uses capacity: the audio is buffered by the inner stream meanwhile.
      return new SlotAtFinish(this.inner.open(language, context), (waiter) => this.enqueue(waiter, tenant), maxWait, this.name);
    }
    return new SlotWhileListening(
      () => this.inner.open(language, context),
      (waiter) => this.enqueue(waiter, tenant),
      maxWait,
      this.name,
      this.inner.checkpoints ?? false,
    );
  }

  close(): Promise<void> {
    for (const waiter of this.line.splice(0)) waiter.cancelled = true;
    return this.inner.close();
  }

  /** Takes a slot now or joins the line; the waiter's grant() runs with a release to call exactly once. */
  private enqueue(waiter: Omit<Waiter, 'tenant' | 'cancelled'>, tenant: string): { leave(): void } {
    const entry: Waiter = { ...waiter, tenant, cancelled: false };
    this.line.push(entry);
    this.admit();
    return {
      leave: () => {
        entry.cancelled = true;
        const index = this.line.indexOf(entry);
        if (index >= 0) this.line.splice(index, 1);
      },
    };
  }

  private admit(): void {
    for (let i = 0; i < this.line.length && this.running < this.limits.maxConcurrent;) {
      const waiter = this.line[i]!;
      const held = this.perTenant.get(waiter.tenant) ?? 0;
      if (held >= this.limits.maxConcurrentPerTenant) {
        i += 1;
        continue;
      }
      this.line.splice(i, 1);
      this.running += 1;
      this.perTenant.set(waiter.tenant, held + 1);
      let released = false;
      waiter.grant(() => {
        if (released) return;
        released = true;
        this.running -= 1;
        const left = (this.perTenant.get(waiter.tenant) ?? 1) - 1;
        if (left > 0) this.perTenant.set(waiter.tenant, left);
        else this.perTenant.delete(waiter.tenant);
        this.admit();
      });
    }
  }
}

interface Waiter {
  tenant: string;
  cancelled: boolean;
  grant(release: () => void): void;
}

type Enqueue = (waiter: Omit<Waiter, 'tenant' | 'cancelled'>) => { leave(): void };

/** A deferred result that can be settled once; `onSettled` runs at once, so a slot is free before anyone awaits. */
class Outcome {
  readonly promise: Promise<string>;
  settled = false;
  private resolveWith: (text: string) => void = () => {};
  private rejectWith: (error: Error) => void = () => {};

  constructor(private readonly onSettled: () => void) {
    this.promise = new Promise<string>((resolve, reject) => {
      this.resolveWith = resolve;
      this.rejectWith = reject;
    });
    this.promise.catch(() => {});
  }

  follow(result: Promise<string>): void {
    result.then(
      (text) => this.resolve(text),
      (error: unknown) => this.reject(error instanceof Error ? error : new Error(String(error))),
    );
  }

  resolve(text: string): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettled();
    this.resolveWith(text);
  }

  reject(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.onSettled();
    this.rejectWith(error);
  }
}

/** A recogniser that works while the candidate speaks: the slot is held from the first free one until the text. */
class SlotWhileListening implements RecognitionStream {
  private inner: RecognitionStream | null = null;
  private release: (() => void) | null = null;
  /** Audio, and checkpoints asked for, while no slot is free: handed to the recogniser in order once one is. */
  private readonly pending: (Int16Array | Outcome)[] = [];
  private readonly listeners: ((text: string) => void)[] = [];
  private readonly outcome = new Outcome(() => this.done());
  private readonly ticket: { leave(): void } | undefined;
  private finishRequested = false;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly openInner: () => RecognitionStream,
    enqueue: Enqueue,
    private readonly maxWait: WaitBound,
    private readonly provider: string,
    hasCheckpoints: boolean,
  ) {
    this.ticket = enqueue({ grant: (release) => this.granted(release) });
    if (hasCheckpoints) this.checkpoint = () => this.checkpointSoFar();
  }

  checkpoint?: () => Promise<string>;

  private checkpointSoFar(): Promise<string> {
    if (this.finishRequested || this.outcome.settled) return this.finish();
    if (this.inner?.checkpoint) return this.inner.checkpoint();
    // Answered once a slot frees and the recogniser has caught up; an utterance given up on answers as finish() does.
    const later = new Outcome(() => {});
    this.pending.push(later);
    this.outcome.promise.then(
      () => later.reject(abortError()),
      (error: unknown) => later.reject(error instanceof Error ? error : new Error(String(error))),
    );
    return later.promise;
  }

  get isWaiting(): boolean {
    if (this.outcome.settled) return false;
    // Past this bound, the recogniser itself may still be at capacity (its decoders all taken).
    return this.inner === null || (this.inner.isWaiting ?? false);
  }

  write(samples: Int16Array): void {
    if (this.finishRequested || this.outcome.settled) return;
    if (this.inner) this.inner.write(samples);
    else this.pending.push(samples.slice());
  }

  onPartial(listener: (text: string) => void): void {
    this.listeners.push(listener);
    this.inner?.onPartial?.(listener);
  }

  finish(): Promise<string> {
    if (!this.finishRequested) {
      this.finishRequested = true;
      if (this.inner) this.outcome.follow(this.inner.finish());
      else if (!this.outcome.settled) {
        this.timer = this.maxWait.scheduler.setTimeout(
          () =>
            this.outcome.reject(
              new SpeechError(this.provider, `every recogniser of this node stayed busy for ${this.maxWait.ms / 1000} s`),
            ),
          this.maxWait.ms,
        );
      }
    }
    return this.outcome.promise;
  }

  abort(): void {
    if (this.outcome.settled) return;
    this.inner?.abort();
    this.outcome.reject(abortError());
  }

  private granted(release: () => void): void {
    this.release = release;
    if (this.outcome.settled) return release();
    try {
      this.inner = this.openInner();
    } catch (error) {
      this.outcome.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    for (const listener of this.listeners) this.inner.onPartial?.(listener);
    for (const chunk of this.pending.splice(0)) {
      if (chunk instanceof Outcome) {
        if (this.inner.checkpoint) chunk.follow(this.inner.checkpoint());
        else chunk.reject(new SpeechError(this.provider, 'this recogniser has no checkpoints'));
      } else this.inner.write(chunk);
    }
    if (this.finishRequested) {
      this.timer?.clear();
      this.outcome.follow(this.inner.finish());
    }
  }

  private done(): void {
    this.timer?.clear();
    this.pending.length = 0;
    // Undefined only when the grant inside enqueue() already failed: then it is out of the line.
    this.ticket?.leave();
    this.release?.();
  }
}

/** A recogniser that only buffers while the candidate speaks (a remote server): the slot is taken at finish() for its request. */
class SlotAtFinish implements RecognitionStream {
  private readonly outcome = new Outcome(() => this.done());
  private ticket: { leave(): void } | null = null;
  private release: (() => void) | null = null;
  private finishRequested = false;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly inner: RecognitionStream,
    private readonly enqueue: Enqueue,
    private readonly maxWait: WaitBound,
    private readonly provider: string,
  ) {}

  get isWaiting(): boolean {
    return this.finishRequested && this.release === null && !this.outcome.settled;
  }

  write(samples: Int16Array): void {
    this.inner.write(samples);
  }

  onPartial(listener: (text: string) => void): void {
    this.inner.onPartial?.(listener);
  }

  finish(): Promise<string> {
    if (this.finishRequested) return this.outcome.promise;
    this.finishRequested = true;
    this.timer = this.maxWait.scheduler.setTimeout(() => {
      if (this.release) return;
      this.inner.abort();
      this.outcome.reject(new SpeechError(this.provider, `every recogniser of this node stayed busy for ${this.maxWait.ms / 1000} s`));
    }, this.maxWait.ms);
    this.ticket = this.enqueue({
      grant: (release) => {
        this.release = release;
        this.timer?.clear();
        if (this.outcome.settled) return release();
        this.outcome.follow(this.inner.finish());
      },
    });
    return this.outcome.promise;
  }

  abort(): void {
    if (this.outcome.settled) return;
    this.inner.abort();
    this.outcome.reject(abortError());
  }

  private done(): void {
    this.timer?.clear();
    this.ticket?.leave();
    this.release?.();
  }
}
