// The one server recogniser a voice session may run at a time. Each
// PocketSphinx stream is a process (or a warm decoder): a session never runs
// two, so alternating speech and silence cannot start process after process.
// Speech that starts while the previous utterance is still being decoded (the
// candidate paused, the turn closed, and they went on) waits in line instead
// of being lost: its audio is kept, and its stream is opened as soon as the
// one before has finished or been aborted, in the order the utterances
// started. What waits is bounded (MAX_WAITING_SECONDS of audio for the whole
// line, as much as one utterance a recogniser decodes, and MAX_WAITING
// utterances): past it, the rest of that speech is not recognised, and the
// session's log says so once until the line is empty again.

import type { Language } from '../../languages/language.js';
import { CANDIDATE_SAMPLE_RATE } from '../../speech/audio.js';
import { abortError } from '../../speech/speech-error.js';
import { releasingWhenSettled, type RecognitionStream, type SpeechToText } from '../../speech/stt/speech-to-text.js';

/** Audio kept for the utterances waiting for the slot, in all: what one utterance may be (pocketsphinx.ts, openai.ts). */
export const MAX_WAITING_SECONDS = 300;
/** Utterances that may wait for the slot: pauses cost a queue entry each, however short the speech. */
export const MAX_WAITING = 3;

export interface RecogniserSlotEvents {
  /** The recogniser could not be opened (at capacity, the process failed to start). */
  failed(error: unknown): void;
  /** Speech while the slot is taken: it waits for it, its audio kept. */
  waiting(): void;
  /** The audio waiting for the slot reached its bound: the rest of the utterance is not recognised (once until the line empties). */
  overflowed(): void;
  /** MAX_WAITING utterances already wait: this one is not recognised (once until the line empties). */
  full(): void;
}

export class RecogniserSlot {
  private live: RecognitionStream | null = null;
  /** Utterances that started while the slot was taken, oldest first. */
  private readonly line: WaitingStream[] = [];
  /** Samples the line keeps, in all. */
  private kept = 0;
  /** What the session was told since the line was last empty. */
  private told = { overflowed: false, full: false };

  constructor(
    private readonly stt: SpeechToText,
    private readonly events: RecogniserSlotEvents,
    private readonly maxWaitingSamples = MAX_WAITING_SECONDS * CANDIDATE_SAMPLE_RATE,
  ) {}

  /** A stream for the utterance that starts (waiting for the slot if it is taken), or null (the recogniser refused). */
  open(language: Language, tenant: string): RecognitionStream | null {
    if (this.live || this.line.length > 0) {
      if (this.line.length >= MAX_WAITING) {
        if (!this.told.full) this.events.full();
        this.told.full = true;
        return null;
      }
      this.events.waiting();
      const waiting = new WaitingStream(() => this.start(language, tenant), this.lineHooks);
      this.line.push(waiting);
      return waiting;
    }
    try {
      return this.start(language, tenant);
    } catch (error) {
      this.events.failed(error);
      return null;
    }
  }

  /** Drops the utterances still waiting (the session ended): nothing is decoded for nobody. */
  dropWaiting(): void {
    for (const waiting of [...this.line]) waiting.abort();
  }

  get isTaken(): boolean {
    return this.live !== null;
  }

  /** The session's stream waits for a free recogniser (this node, or the tenant's share, is at capacity). */
  get isWaiting(): boolean {
    return this.live?.isWaiting ?? false;
  }

  private readonly lineHooks: LineHooks = {
    keep: (samples) => {
      if (this.kept + samples > this.maxWaitingSamples) return false;
      this.kept += samples;
      return true;
    },
    forget: (samples) => (this.kept -= samples),
    leave: (waiting) => {
      const index = this.line.indexOf(waiting);
      if (index >= 0) this.line.splice(index, 1);
      this.emptied();
    },
    overflowed: () => {
      if (!this.told.overflowed) this.events.overflowed();
      this.told.overflowed = true;
    },
  };

  /** A line that is empty again starts a new episode: its bounds are told again. */
  private emptied(): void {
    if (this.line.length === 0) this.told = { overflowed: false, full: false };
  }

  /** Opens the recogniser (throws when it refuses); the slot is taken until its stream settles. */
  private start(language: Language, tenant: string): RecognitionStream {
    // The tenant (the interview's owner) has its own share of the recognisers.
    const stream = this.stt.open(language, { tenant });
    const held = releasingWhenSettled(stream, () => {
      if (this.live !== held) return;
      this.live = null;
      this.admitNext();
    });
    this.live = held;
    return held;
  }

  /** The slot is free: the oldest waiting utterance takes it (one that cannot open gives way to the next). */
  private admitNext(): void {
    while (!this.live) {
      const next = this.line.shift();
      this.emptied();
      if (!next) return;
      next.admit();
    }
  }
}

interface LineHooks {
  /** Whether `samples` more may be kept (and counts them). */
  keep(samples: number): boolean;
  forget(samples: number): void;
  leave(waiting: WaitingStream): void;
  overflowed(): void;
}

/** An utterance waiting for the session's slot: audio and finish() are kept until its stream opens, then handed over in order. */
class WaitingStream implements RecognitionStream {
  private inner: RecognitionStream | null = null;
  private audio: Int16Array[] = [];
  private keptSamples = 0;
  private readonly listeners: ((text: string) => void)[] = [];
  private finishRequested = false;
  private settled = false;
  private overflowed = false;
  private readonly result: Promise<string>;
  private resolve: (text: string) => void = () => {};
  private reject: (error: unknown) => void = () => {};

  /** Only once the stream has opened, and where it has one (the listener asks each time). */
  checkpoint?: () => Promise<string>;

  constructor(
    private readonly open: () => RecognitionStream,
    private readonly line: LineHooks,
  ) {
    this.result = new Promise<string>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Awaited only if finish() is called.
    this.result.catch(() => {});
  }

  get isWaiting(): boolean {
    return this.inner?.isWaiting ?? false;
  }

  write(samples: Int16Array): void {
    // Once over the bound, nothing after is kept either: no hole in the middle of the words.
    if (this.settled || this.finishRequested || this.overflowed) return;
    if (this.inner) return this.inner.write(samples);
    if (!this.line.keep(samples.length)) {
      this.overflowed = true;
      this.line.overflowed();
      return;
    }
    this.keptSamples += samples.length;
    this.audio.push(samples.slice());
  }

  onPartial(listener: (text: string) => void): void {
    this.listeners.push(listener);
    this.inner?.onPartial?.(listener);
  }

  finish(): Promise<string> {
    if (!this.finishRequested && !this.settled) {
      this.finishRequested = true;
      if (this.inner) this.follow(this.inner.finish());
    }
    return this.result;
  }

  abort(): void {
    if (this.settled) return;
    if (this.inner) this.inner.abort();
    else this.line.leave(this);
    this.drop();
    this.settle(() => this.reject(abortError()));
  }

  /** The slot is this utterance's: its stream opens and gets what was kept. */
  admit(): void {
    if (this.settled) return;
    if (this.audio.length === 0 && (this.finishRequested || this.overflowed)) {
      // Nothing was kept, and nothing more will be: no recogniser is opened for it.
      this.finishRequested = true;
      this.settle(() => this.resolve(''));
      return;
    }
    let inner: RecognitionStream;
    try {
      inner = this.open();
    } catch (error) {
      // Reported at the end of its turn (finish), as a recogniser that fails there is.
      this.drop();
      this.settle(() => this.reject(error));
      return;
    }
    try {
      for (const listener of this.listeners) inner.onPartial?.(listener);
      for (const samples of this.audio) inner.write(samples);
    } catch (error) {
      // A stream that breaks on the hand-over frees the slot, and the turn hears the failure at its finish.
      this.drop();
      this.settle(() => this.reject(error));
      inner.abort();
      return;
    }
    this.inner = inner;
    if (inner.checkpoint) this.checkpoint = () => inner.checkpoint!();
    this.drop();
    if (this.finishRequested) this.follow(inner.finish());
  }

  private follow(result: Promise<string>): void {
    result.then(
      (text) => this.settle(() => this.resolve(text)),
      (error: unknown) => this.settle(() => this.reject(error)),
    );
  }

  private settle(how: () => void): void {
    if (this.settled) return;
    this.settled = true;
    how();
  }

  /** The kept audio is no longer this stream's to hold. */
  private drop(): void {
    this.line.forget(this.keptSamples);
    this.keptSamples = 0;
    this.audio = [];
  }
}
