// A small pool of worker threads for synthesizers compiled to WebAssembly:
// their synthesis is synchronous, so it must not run on the event loop that
// carries the sessions. Each worker runs one job at a time; further jobs
// queue. Aborting a queued job drops it; aborting a running one raises a flag
// in shared memory (a synthesizer that reads it stops early) and rejects at
// once, the worker's late answer being discarded.

import { Worker } from 'node:worker_threads';
import type { PcmAudio } from '../audio.js';
import { abortError, SpeechError } from '../speech-error.js';

/**
 * The worker's contract, for the plain-JavaScript `source` (given as a string
 * so it runs the same under tsx, Vitest and dist/ without a build step):
 * `workerData` holds the caller's data plus `abortFlag` (a SharedArrayBuffer of
 * one Int32); each message is `{ id, ...job }`; the answer is `{ id, error: string }`
 * or `{ id, ...audio }`, which `decode` turns into PCM (by default it is
 * `{ sampleRate, samples: Int16Array }` already).
 */
export interface SynthWorkerSpec {
  provider: string;
  source: string;
  workerData: Record<string, unknown>;
  size: number;
  decode?: (reply: Record<string, unknown>) => PcmAudio;
}

interface Job {
  id: number;
  payload: Record<string, unknown>;
  signal?: AbortSignal;
  settled: boolean;
  resolve(audio: PcmAudio): void;
  reject(error: Error): void;
}

type Reply = { id: number; error?: string } & Record<string, unknown>;

const asPcm = (reply: Record<string, unknown>): PcmAudio => ({
  sampleRate: reply.sampleRate as number,
  samples: reply.samples as Int16Array,
});

class Slot {
  worker: Worker | null = null;
  current: Job | null = null;
  readonly abortFlag = new Int32Array(new SharedArrayBuffer(4));
}

export class SynthWorkers {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly spec: SynthWorkerSpec) {
    this.slots = Array.from({ length: Math.max(1, spec.size) }, () => new Slot());
  }

  run(payload: Record<string, unknown>, signal?: AbortSignal): Promise<PcmAudio> {
    if (this.closed) return Promise.reject(new SpeechError(this.spec.provider, 'the synthesizer is closed'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<PcmAudio>((resolve, reject) => {
      const job: Job = { id: this.nextId++, payload, signal, settled: false, resolve, reject };
      signal?.addEventListener('abort', () => this.cancel(job), { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Runs one job on every worker at once, so each has started and loaded its synthesizer. */
  async warmUp(payload: Record<string, unknown>): Promise<void> {
    await Promise.all(this.slots.map(() => this.run(payload)));
  }

  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new SpeechError(this.spec.provider, 'the synthesizer was closed');
    for (const job of this.queue.splice(0)) settle(job, closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.current) settle(slot.current, closedError());
        slot.current = null;
        const worker = slot.worker;
        slot.worker = null;
        await worker?.terminate();
      }),
    );
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((candidate) => candidate.current === job);
    if (slot) Atomics.store(slot.abortFlag, 0, 1);
    settle(job, abortError(job.signal));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.current = job;
      Atomics.store(slot.abortFlag, 0, 0);
      this.workerFor(slot).postMessage({ ...job.payload, id: job.id });
    }
  }

  private workerFor(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = new Worker(this.spec.source, {
      eval: true,
      workerData: { ...this.spec.workerData, abortFlag: slot.abortFlag.buffer },
    });
    // Idle workers must not keep a CLI run or a test process alive.
    worker.unref();
    worker.on('message', (reply: Reply) => this.answer(slot, reply));
    worker.on('error', (error) => this.crash(slot, worker, error));
    worker.on('exit', (code) => this.crash(slot, worker, new Error(`worker exited with code ${code}`)));
    slot.worker = worker;
    return worker;
  }

  private answer(slot: Slot, reply: Reply): void {
    const job = slot.current;
    if (!job || job.id !== reply.id) return;
    slot.current = null;
    if (reply.error !== undefined) settle(job, new SpeechError(this.spec.provider, reply.error));
    else {
      try {
        settle(job, null, (this.spec.decode ?? asPcm)(reply));
      } catch (error) {
        settle(job, new SpeechError(this.spec.provider, `unusable audio: ${(error as Error).message}`, { cause: error }));
      }
    }
    this.dispatch();
  }

  /** A crashed worker fails its job only; the next job starts a fresh one. */
  private crash(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    slot.worker = null;
    const job = slot.current;
    slot.current = null;
    if (job) settle(job, new SpeechError(this.spec.provider, `synthesis failed: ${error.message}`, { cause: error }));
    if (!this.closed) this.dispatch();
  }
}

function settle(job: Job, error: Error | null, audio?: PcmAudio): void {
  if (job.settled) return;
  job.settled = true;
  if (error) job.reject(error);
  else job.resolve(audio!);
}
