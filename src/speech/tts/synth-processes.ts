// A small pool of child processes for synthesizers compiled to WebAssembly.
// Each engine runs as a separate program (Node running a short script that
// loads the engine), spoken to over stdio, for two reasons: its synthesis is
// synchronous and must not block the event loop that carries the sessions,
// and the engines carry licenses (eSpeak NG: GPL-3.0; flite: BSD-4-Clause)
// that the service's own process must not take on (docs/licenses.md).
// Each process runs one job at a time; further jobs queue by urgency (a
// candidate waiting in silence before one hearing the previous sentence,
// both before the recording's background work), first come first served
// within an urgency. Aborting a queued
// job drops it; aborting a running one kills its process and answers at once,
// and a fresh process starts loading for the next job. A job that has no
// answer within its deadline is treated like a death of its process (the
// engine can loop forever on rare input): a session must never wait on it.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { PcmAudio } from '../audio.js';
import { URGENCY_RANK, type SynthUrgency } from './text-to-speech.js';
import { abortError, SpeechError } from '../speech-error.js';
import { FrameReader, type ProgramReply, PROGRAM_PRELUDE } from './synth-program.js';

/**
 * The engine's program, as plain JavaScript (CommonJS) given as a string, so
 * it runs the same under tsx, Vitest and dist/ without a build step of its
 * own. `source` runs after PROGRAM_PRELUDE (synth-program.ts) and defines
 * `async function handle(job)` that answers with `send(header, body?)`;
 * `config` reaches it as the global `config`. `decode` turns an answer into PCM.
 */
export interface SynthProgramSpec {
  provider: string;
  /** How long one job may run before its process is killed (a sentence takes well under a second). */
  jobDeadlineMs?: number;
  source: string;
  config: Record<string, unknown>;
  size: number;
  decode(reply: ProgramReply): PcmAudio;
}

/** A job's deadline unless the spec sets one: generous for a loaded machine, short beside a session's wait. */
const DEFAULT_JOB_DEADLINE_MS = 20_000;

interface Job {
  id: number;
  payload: Record<string, unknown>;
  signal?: AbortSignal;
  rank: number;
  settled: boolean;
  /** Already run once on a program that died under it: a second death fails it. */
  isRetry?: boolean;
  /** Kills the program if it has not answered in time. */
  deadline?: ReturnType<typeof setTimeout>;
  resolve(audio: PcmAudio): void;
  reject(error: Error): void;
}

class Slot {
  process: ChildProcessWithoutNullStreams | null = null;
  current: Job | null = null;
  /** The end of the program's stderr, for the message when it dies. */
  stderrTail = '';
}

export class SynthProcesses {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly spec: SynthProgramSpec) {
    this.slots = Array.from({ length: Math.max(1, spec.size) }, () => new Slot());
  }

  run(payload: Record<string, unknown>, signal?: AbortSignal, urgency: SynthUrgency = 'now'): Promise<PcmAudio> {
    if (this.closed) return Promise.reject(new SpeechError(this.spec.provider, 'the synthesizer is closed'));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<PcmAudio>((resolve, reject) => {
      const job: Job = { id: this.nextId++, payload, signal, rank: URGENCY_RANK[urgency], settled: false, resolve, reject };
      signal?.addEventListener('abort', () => this.cancel(job), { once: true });
      // Behind every job as urgent or more, ahead of the less urgent ones.
      const behind = this.queue.findIndex((queued) => queued.rank > job.rank);
      this.queue.splice(behind < 0 ? this.queue.length : behind, 0, job);
      this.dispatch();
    });
  }

  /** Runs one job on every process at once, so each has started and loaded its synthesizer. */
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
        const child = slot.process;
        slot.process = null;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    settle(job, abortError(job.signal));
    const slot = this.slots.find((candidate) => candidate.current === job);
    if (!slot) return;
    // The engine cannot be interrupted from outside its process: end the
    // process and have a fresh one loading while the caller moves on.
    const child = slot.process;
    slot.process = null;
    slot.current = null;
    child?.kill('SIGKILL');
    if (!this.closed) {
      this.processFor(slot);
      this.dispatch();
    }
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.current || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.current = job;
      const child = this.processFor(slot);
      holdEventLoop(child, true);
      clearTimeout(job.deadline);
      // Node's timer, not the Scheduler: a watchdog over a real child process, whose work takes real time.
      job.deadline = setTimeout(() => {
        if (slot.current === job && slot.process === child) child.kill('SIGKILL');
      }, this.spec.jobDeadlineMs ?? DEFAULT_JOB_DEADLINE_MS);
      job.deadline.unref();
      child.stdin.write(`${JSON.stringify({ ...job.payload, id: job.id })}\n`);
    }
  }

  private processFor(slot: Slot): ChildProcessWithoutNullStreams {
    if (slot.process) return slot.process;
    const source = `${PROGRAM_PRELUDE}\n${this.spec.source}`;
    // An empty environment: the engine needs none, and the service's secrets stay out of it.
    const child = spawn(process.execPath, ['-e', source, JSON.stringify(this.spec.config)], { env: {}, stdio: 'pipe' });
    slot.process = child;
    slot.stderrTail = '';
    const frames = new FrameReader((reply) => this.answer(slot, child, reply));
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        frames.push(chunk);
      } catch (error) {
        this.crash(slot, child, error as Error);
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      slot.stderrTail = (slot.stderrTail + chunk.toString('utf8')).slice(-500);
    });
    // A write to a process that has just died fails here; 'exit' reports it.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => this.crash(slot, child, error));
    child.on('exit', (code, signal) => {
      const detail = slot.stderrTail.trim().split('\n').pop() ?? '';
      this.crash(slot, child, new Error(`the program exited (${signal ?? `code ${code}`})${detail ? `: ${detail}` : ''}`));
    });
    holdEventLoop(child, false);
    return child;
  }

  private answer(slot: Slot, child: ChildProcessWithoutNullStreams, reply: ProgramReply): void {
    const job = slot.current;
    if (slot.process !== child || !job || job.id !== reply.header.id) return;
    slot.current = null;
    holdEventLoop(child, false);
    if (typeof reply.header.error === 'string') settle(job, new SpeechError(this.spec.provider, reply.header.error));
    else {
      try {
        settle(job, null, this.spec.decode(reply));
      } catch (error) {
        settle(job, new SpeechError(this.spec.provider, `unusable audio: ${(error as Error).message}`, { cause: error }));
      }
    }
    this.dispatch();
  }

  /**
   * A dead process gets its job one more try on a fresh process (the flite
   * build crashes now and then on text it speaks fine the next time); a job
   * that kills that one too fails. The next job starts a fresh process.
   */
  private crash(slot: Slot, child: ChildProcessWithoutNullStreams, error: Error): void {
    if (slot.process !== child) return;
    slot.process = null;
    const job = slot.current;
    slot.current = null;
    if (job && !job.isRetry && !job.settled && !this.closed) {
      job.isRetry = true;
      this.queue.unshift(job);
    } else if (job) settle(job, new SpeechError(this.spec.provider, `synthesis failed: ${error.message}`, { cause: error }));
    if (!this.closed) this.dispatch();
  }
}

/** An idle program must not keep a CLI run or a test process alive; one at work must. */
function holdEventLoop(child: ChildProcessWithoutNullStreams, hold: boolean): void {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as Array<{ ref(): unknown; unref(): unknown }>) {
    if (hold) handle.ref();
    else handle.unref();
  }
}

function settle(job: Job, error: Error | null, audio?: PcmAudio): void {
  clearTimeout(job.deadline);
  if (job.settled) return;
  job.settled = true;
  if (error) job.reject(error);
  else job.resolve(audio!);
}
