// PocketSphinx kept warm: long-lived decoding processes
// (pocketsphinx-program.ts, libpocketsphinx through koffi) hold loaded
// decoders, so an utterance costs its decoding and never the ~0.3 s of CPU
// that loading the model takes. Up to STT_DECODERS processes start as
// utterances overlap and then stay; an utterance goes to an idle one where
// there is one (the operating system then shares the cores out per
// utterance, as it did with a process per utterance), else to the least busy.
// A process keeps as many decoders as it was given utterances at once
// (about 100 MB each).
//
// At most `maxStreams` utterances are decoded at once. One more waits, in the
// order it opened: its audio is kept, and when a decoder frees it catches up
// (decoding runs several times faster than speech). Every utterance's audio
// is kept until it has finished, so one whose process crashed is decoded
// again, once, on the process that replaces it.

import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Language } from '../../languages/language.js';
import { CANDIDATE_SAMPLE_RATE, pcmToBytes } from '../audio.js';
import { abortError, SpeechError } from '../speech-error.js';
import { POCKETSPHINX_MODEL_DIR, POCKETSPHINX_SPEED_ARGS } from './pocketsphinx.js';
import {
  encodeFrame,
  FRAME,
  POCKETSPHINX_PROBE,
  POCKETSPHINX_PROGRAM,
  ProgramFrameReader,
  type ProgramFrame,
} from './pocketsphinx-program.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';

/** Audio past this in one utterance is not decoded (a stuck microphone must not grow without end). */
const MAX_UTTERANCE_SECONDS = 300;
/** finish() waits at most this long, plus the audio's own length, for the text once a decoder has the utterance (TenantLimitedSpeechToText bounds the wait before). */
const FINISH_GRACE_MS = 15_000;
/** A partial hypothesis every quarter of a second of audio. */
const PARTIAL_EVERY_SAMPLES = CANDIDATE_SAMPLE_RATE / 4;
const STDERR_TAIL_CHARS = 2_000;
/** Processes that die this many times in a row without answering anything are not started again: the decoder cannot run here. */
const MAX_DEATHS_IN_ROW = 3;

export interface WarmPocketsphinxOptions {
  /** Decoding processes (STT_DECODERS); each decodes on one core at a time. */
  processes: number;
  /** Utterances decoded at once; more wait their turn. */
  maxStreams: number;
  /** Arguments added to the decoder's defaults, e.g. ['-fwdflat', 'no']. */
  extraArgs?: readonly string[];
  /** The koffi module to load (tests use a missing one). */
  koffiPath?: string;
}

/** The decoder's command line: the US English model, 16 kHz, no log, and any speed arguments (POCKETSPHINX_SPEED_ARGS). */
function decoderArgs(extraArgs: readonly string[]): string[] {
  return [
    ...['-hmm', `${POCKETSPHINX_MODEL_DIR}/en-us`, '-lm', `${POCKETSPHINX_MODEL_DIR}/en-us.lm.bin`],
    ...['-dict', `${POCKETSPHINX_MODEL_DIR}/cmudict-en-us.dict`, '-samprate', String(CANDIDATE_SAMPLE_RATE), '-logfn', '/dev/null'],
    ...POCKETSPHINX_SPEED_ARGS,
    ...extraArgs,
  ];
}

function resolveKoffi(): string | null {
  try {
    return createRequire(import.meta.url).resolve('koffi');
  } catch {
    return null;
  }
}

export class WarmPocketsphinxSpeechToText implements SpeechToText {
  readonly name = 'pocketsphinx';
  readonly checkpoints = true;
  private readonly helpers: DecoderProcess[] = [];
  private readonly waiting: WarmStream[] = [];
  private readonly options: Required<WarmPocketsphinxOptions>;
  private nextId = 1;
  private decoding = 0;
  private closed = false;
  private deathsInRow = 0;
  /** Why the decoder cannot run (its processes kept dying at once), or null. */
  private broken: string | null = null;

  constructor(options: WarmPocketsphinxOptions) {
    const koffiPath = options.koffiPath ?? resolveKoffi() ?? 'koffi';
    this.options = { extraArgs: [], ...options, koffiPath, processes: Math.max(1, options.processes) };
    this.options.maxStreams = Math.max(1, options.maxStreams);
  }

  /** Why the warm decoder cannot run here (koffi or the library missing), or null; the per-utterance process is the fallback. */
  static missing(koffiPath: string | null = resolveKoffi()): string | null {
    if (!koffiPath) return 'the koffi package is not installed';
    const probe = spawnSync(process.execPath, ['-e', POCKETSPHINX_PROBE, koffiPath], { encoding: 'utf8', timeout: 20_000 });
    if (probe.status === 0) return null;
    const detail =
      (probe.stderr || probe.error?.message || '')
        .trim()
        .split('\n')
        .find((line) => /error/i.test(line)) ?? '';
    return `libpocketsphinx.so.3 cannot be loaded through koffi${detail ? `: ${detail.trim().slice(0, 200)}` : ''}`;
  }

  supports(language: Language): boolean {
    return language.speech.pocketsphinx;
  }

  open(language: Language): RecognitionStream {
    if (!this.supports(language)) throw new SpeechError(this.name, `no model for ${language.englishName}`);
    if (this.closed) throw new SpeechError(this.name, 'the recogniser is closed');
    if (this.broken) throw new SpeechError(this.name, this.broken);
    const stream = new WarmStream(this.nextId++, (done) => this.settled(done));
    this.waiting.push(stream);
    this.admit();
    return stream;
  }

  /** The decoding processes' ids (tests: a crash is simulated by killing one). */
  processIds(): number[] {
    return this.helpers.map((helper) => helper.pid).filter((pid): pid is number => pid !== undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stream of this.waiting.splice(0)) stream.fail(new SpeechError(this.name, 'the recogniser was closed'));
    await Promise.all(this.helpers.map((helper) => helper.stop()));
  }

  /** Hands free decoders to waiting utterances, oldest first, on the process with the fewest. */
  private admit(): void {
    while (this.decoding < this.options.maxStreams && this.waiting.length > 0) {
      const stream = this.waiting.shift()!;
      if (stream.isSettled) continue;
      const helper = this.pickHelper();
      this.decoding += 1;
      stream.attach(helper);
    }
  }

  private settled(stream: WarmStream): void {
    const index = this.waiting.indexOf(stream);
    if (index >= 0) this.waiting.splice(index, 1);
    if (stream.helper) {
      stream.helper.streams.delete(stream.id);
      stream.helper = null;
      this.decoding -= 1;
    }
    this.admit();
  }

  /** An idle process, else a new one while there may be more, else the least busy: an utterance decodes alone where it can. */
  private pickHelper(): DecoderProcess {
    const least = this.helpers.reduce<DecoderProcess | null>((best, next) => (!best || next.load < best.load ? next : best), null);
    if (least && (least.load === 0 || this.helpers.length >= this.options.processes)) return least;
    const started = this.startHelper();
    this.helpers.push(started);
    return started;
  }

  private startHelper(): DecoderProcess {
    const helper = new DecoderProcess(
      { koffi: this.options.koffiPath, args: decoderArgs(this.options.extraArgs), partialEverySamples: PARTIAL_EVERY_SAMPLES },
      (dead, reason) => this.replace(dead, reason),
      () => (this.deathsInRow = 0),
    );
    return helper;
  }

  /** A process died: a fresh one takes its place, and its utterances are decoded again from their start (once). */
  private replace(dead: DecoderProcess, reason: string): void {
    const index = this.helpers.indexOf(dead);
    if (index < 0 || this.closed) return;
    this.deathsInRow = dead.hasAnswered ? 1 : this.deathsInRow + 1;
    if (this.deathsInRow >= MAX_DEATHS_IN_ROW) this.broken ??= `the decoding process keeps dying (${reason})`;
    else this.helpers[index] = this.startHelper();
    const lost = [...dead.streams.values()];
    dead.streams.clear();
    this.decoding -= lost.length;
    for (const stream of lost.reverse()) {
      stream.helper = null;
      if (this.broken) stream.fail(new SpeechError(this.name, this.broken));
      else if (stream.retried) stream.fail(new SpeechError(this.name, `the decoder died twice on this utterance (${reason})`));
      else {
        // A process that never answered died of something else than this utterance (it could not start).
        stream.retried = dead.hasAnswered;
        this.waiting.unshift(stream);
      }
    }
    if (this.broken) for (const stream of this.waiting.splice(0)) stream.fail(new SpeechError(this.name, this.broken));
    this.admit();
  }
}

/** One decoding program and the utterances it is decoding. */
class DecoderProcess {
  readonly streams = new Map<number, WarmStream>();
  /** It has sent a frame: it loaded and decoded. */
  hasAnswered = false;
  private readonly child: ChildProcessWithoutNullStreams;
  private stderrTail = '';
  private isGone = false;
  private readonly exited: Promise<void>;

  constructor(
    config: Record<string, unknown>,
    onDeath: (helper: DecoderProcess, reason: string) => void,
    private readonly onAnswer: () => void,
  ) {
    // In a session of its own, as the per-utterance processes are: where the kernel shares CPU out per
    // session (autogroup), a decoder then competes as itself, not inside the service's share. It exits
    // when its stdin closes, so it does not outlive the service.
    this.child = spawn(process.execPath, ['-e', POCKETSPHINX_PROGRAM, JSON.stringify(config)], { stdio: 'pipe', detached: true });
    const reader = new ProgramFrameReader((frame) => this.receive(frame));
    this.child.stdout.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (error) {
        this.child.kill('SIGKILL');
        this.stderrTail += `\nprotocol: ${(error as Error).message}`;
      }
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    // A dead program closes its pipe; the exit below reports it.
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => {
      const gone = (why: string) => {
        if (this.isGone) return;
        this.isGone = true;
        resolve();
        onDeath(this, why);
      };
      this.child.once('error', (error) => gone(error.message));
      this.child.once('exit', (code, signal) => {
        const last = this.stderrTail.trim().split('\n').pop() ?? '';
        gone(`exited with ${signal ?? `code ${code}`}${last ? `: ${last.slice(0, 200)}` : ''}`);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get load(): number {
    return this.streams.size;
  }

  send(kind: number, id: number, payload?: Uint8Array): void {
    if (!this.isGone && this.child.stdin.writable) this.child.stdin.write(encodeFrame(kind, id, payload));
  }

  async stop(): Promise<void> {
    this.child.stdin.end();
    // Node's timer, not the Scheduler: a watchdog over a real child process, whose exit takes real time.
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2_000);
    await this.exited;
    clearTimeout(timer);
  }

  private receive(frame: ProgramFrame): void {
    if (!this.hasAnswered) {
      this.hasAnswered = true;
      this.onAnswer();
    }
    const stream = this.streams.get(frame.id);
    if (!stream) return;
    if (frame.kind === FRAME.partial) stream.partial(frame.text);
    else if (frame.kind === FRAME.checkpointText) stream.checkpointed(frame.text.trim());
    else if (frame.kind === FRAME.text) stream.succeed(frame.text.trim());
    else if (frame.kind === FRAME.error) stream.fail(new SpeechError('pocketsphinx', frame.text));
  }
}

class WarmStream implements RecognitionStream {
  helper: DecoderProcess | null = null;
  /** Decoded again once already, after its process died. */
  retried = false;
  /** The audio so far, with the checkpoints where they were asked for: a decoder that takes the utterance over hears both alike. */
  private readonly chunks: (Int16Array | Checkpoint)[] = [];
  /** Checkpoints the current decoder has answered (they answer in order). */
  private checkpointsAnswered = 0;
  private written = 0;
  private finishing: Promise<string> | null = null;
  private finishRequested = false;
  private settledState: 'open' | 'done' = 'open';
  private readonly listeners: ((text: string) => void)[] = [];
  private resolveText: (text: string) => void = () => {};
  private rejectText: (error: Error) => void = () => {};
  private readonly text: Promise<string>;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly id: number,
    private readonly onSettled: (stream: WarmStream) => void,
  ) {
    this.text = new Promise<string>((resolve, reject) => {
      this.resolveText = resolve;
      this.rejectText = reject;
    });
    // Nobody may ever ask (an aborted utterance).
    this.text.catch(() => {});
  }

  get isWaiting(): boolean {
    return this.helper === null && this.settledState === 'open';
  }

  get isSettled(): boolean {
    return this.settledState === 'done';
  }

  write(samples: Int16Array): void {
    if (this.finishRequested || this.isSettled || samples.length === 0) return;
    if (this.written + samples.length > MAX_UTTERANCE_SECONDS * CANDIDATE_SAMPLE_RATE) return;
    const copy = samples.slice();
    this.chunks.push(copy);
    this.written += copy.length;
    this.helper?.send(FRAME.audio, this.id, pcmToBytes(copy));
  }

  onPartial(listener: (text: string) => void): void {
    this.listeners.push(listener);
  }

  checkpoint(): Promise<string> {
    if (this.finishRequested) return this.finish();
    if (this.isSettled) return this.text;
    const checkpoint = new Checkpoint();
    this.chunks.push(checkpoint);
    this.helper?.send(FRAME.checkpoint, this.id);
    return checkpoint.text;
  }

  checkpointed(text: string): void {
    const answered = this.chunks.filter((chunk): chunk is Checkpoint => chunk instanceof Checkpoint)[this.checkpointsAnswered++];
    // A decoder that took the utterance over answers the earlier checkpoints again: the first answer stands.
    answered?.resolve(text);
  }

  finish(): Promise<string> {
    this.finishing ??= this.collect();
    return this.finishing;
  }

  abort(): void {
    if (this.isSettled) return;
    this.helper?.send(FRAME.abort, this.id);
    this.fail(abortError());
  }

  /** A decoder is this utterance's now: everything heard so far goes to it. */
  attach(helper: DecoderProcess): void {
    this.helper = helper;
    helper.streams.set(this.id, this);
    helper.send(FRAME.open, this.id);
    this.checkpointsAnswered = 0;
    for (const chunk of this.chunks) {
      if (chunk instanceof Checkpoint) helper.send(FRAME.checkpoint, this.id);
      else helper.send(FRAME.audio, this.id, pcmToBytes(chunk));
    }
    if (this.finishRequested) this.sendFinish();
  }

  partial(text: string): void {
    for (const listener of this.listeners) listener(text);
  }

  succeed(text: string): void {
    // Every checkpoint was answered before the final text (the program answers in order).
    if (this.settle()) this.resolveText(text);
  }

  fail(error: Error): void {
    const pending = this.chunks.filter((chunk): chunk is Checkpoint => chunk instanceof Checkpoint);
    if (!this.settle()) return;
    for (const checkpoint of pending) checkpoint.reject(error);
    this.rejectText(error);
  }

  private async collect(): Promise<string> {
    if (this.isSettled) return this.text;
    this.finishRequested = true;
    if (this.helper) this.sendFinish();
    return this.text;
  }

  /** The decoder is told the utterance is over; a decoder that hangs is given up on (a crash is retried instead). */
  private sendFinish(): void {
    this.helper?.send(FRAME.finish, this.id);
    clearTimeout(this.timer);
    const limitMs = FINISH_GRACE_MS + (this.written / CANDIDATE_SAMPLE_RATE) * 1000;
    // Node's timer, not the Scheduler: a watchdog over a real decoder, whose work takes real time.
    this.timer = setTimeout(() => {
      this.helper?.send(FRAME.abort, this.id);
      this.fail(new SpeechError('pocketsphinx', `no result within ${Math.round(limitMs / 1000)} s`));
    }, limitMs);
  }

  /** True the first time: the utterance is over and its decoder (or its place in line) is given back. */
  private settle(): boolean {
    if (this.isSettled) return false;
    this.settledState = 'done';
    clearTimeout(this.timer);
    this.chunks.length = 0;
    this.onSettled(this);
    return true;
  }
}

/** One checkpoint's answer, settled once. */
class Checkpoint {
  readonly text: Promise<string>;
  resolve: (text: string) => void = () => {};
  reject: (error: Error) => void = () => {};

  constructor() {
    this.text = new Promise<string>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Nobody may wait for it any more (the candidate went on).
    this.text.catch(() => {});
  }
}
