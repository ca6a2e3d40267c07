// The candidate's side of a voice channel: microphone PCM -> voice-activity
// detection -> one recognition stream per utterance, fed while the candidate
// speaks, finished when the VAD's hang-over closes the turn.
//
// Echo: while the interviewer's audio plays, speech must last `bargeInMs`
// before it counts (the page's echo cancellation removes most of the
// interviewer; what leaks through is short and quiet). Until then the audio is
// held, not transcribed; speech that stops sooner is dropped. Sustained speech
// during playback is a barge-in: playback stops and the utterance is heard from
// its start.
//
// Early finish: once the candidate has been silent for part of the hang-over,
// the recogniser is finished speculatively, so its last decoding runs while
// the VAD still waits. If the candidate speaks again before the turn closes,
// that result is dropped and a new stream is fed the whole utterance so far.

import { CANDIDATE_SAMPLE_RATE } from '../../speech/audio.js';
import type { RecognitionStream } from '../../speech/stt/speech-to-text.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from '../../speech/vad/voice-activity.js';

const SAMPLES_PER_MS = CANDIDATE_SAMPLE_RATE / 1000;
/** Audio kept before the VAD's speech start goes to the recogniser too (soft onsets, the VAD's own lag). */
const PRE_ROLL_MS = 300;
/** Recent audio kept for the pre-roll and for speech held during echo gating. */
const HISTORY_MS = 4_000;

export interface ListenerHooks {
  /** Whether the candidate may speak now (it is their turn, the interview runs, voice mode). */
  isListening(): boolean;
  /** Whether the interviewer's audio is playing (echo gating). */
  isPlaying(): boolean;
  /** Speech counted: `bargeIn` when it interrupted the interviewer. */
  speechStarted(bargeIn: boolean): void;
  /** Opens the recogniser for one utterance; null when there is none (browser recognition, none). */
  openRecognition(): RecognitionStream | null;
  /** Finishes a stream ahead of the turn's end (the result may be dropped if the candidate goes on). */
  finishEarly(recognition: RecognitionStream): Promise<string>;
  /**
   * The utterance is over: the recogniser still to finish, or its early result;
   * `endedAtMs` is the end of speech on the audio clock, `detectedAtMs` when the
   * hang-over closed it (same clock).
   */
  speechEnded(recognition: RecognitionStream | Promise<string> | null, timing: { endedAtMs: number; detectedAtMs: number }): void;
  /** Held speech during playback that stopped before it counted (echo, a cough). */
  speechDropped(): void;
  /** The detector failed: nothing more is detected on this stream (called once). */
  detectorFailed(error: unknown): void;
}

type Phase =
  | { kind: 'idle' }
  /** Speech during playback, not yet sustained: held while its voiced time adds up. */
  | { kind: 'held'; startSample: number; voicedMs: number }
  | {
      kind: 'speaking';
      recognition: RecognitionStream | null;
      writtenUpTo: number;
      /** First sample of the utterance (pre-roll included): kept until the turn ends, for a restart. */
      from: number;
      silentMs: number;
      early: Promise<string> | null;
    };

interface Chunk {
  start: number;
  samples: Int16Array;
}

export class VoiceListener {
  private readonly detector: VoiceActivityDetector;
  private phase: Phase = { kind: 'idle' };
  /** Recent audio (HISTORY_MS, or the whole utterance in progress), by absolute sample index. */
  private history: Chunk[] = [];
  /** Samples received so far (the audio clock). */
  private received = 0;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  /** The detector failed: later frames are not analysed (its own queue stays rejected). */
  private failed = false;

  constructor(
    createDetector: (events: VoiceActivityEvents) => VoiceActivityDetector,
    private readonly bargeInMs: number,
    private readonly hooks: ListenerHooks,
    /** Silence after which the recogniser is finished early (within the VAD's hang-over); 0: never. */
    private readonly earlyFinishMs = 0,
  ) {
    this.detector = createDetector({
      onSpeechStart: (atMs) => this.onSpeechStart(Math.round(atMs * SAMPLES_PER_MS)),
      onSpeechEnd: (atMs) => this.onSpeechEnd(atMs),
      onWindow: (voiced, durationMs) => this.onWindow(voiced, durationMs),
    });
  }

  private onWindow(voiced: boolean, durationMs: number): void {
    const { phase } = this;
    if (phase.kind === 'held') {
      if (voiced) phase.voicedMs += durationMs;
      return;
    }
    if (phase.kind !== 'speaking' || !phase.recognition) return;
    if (voiced) {
      phase.silentMs = 0;
      if (phase.early) {
        // The candidate went on: the early result is dropped (its recogniser stopped first, one per session
        // at a time), and a new stream hears the whole utterance.
        phase.recognition.abort();
        phase.early = null;
        phase.recognition = this.hooks.openRecognition();
        phase.writtenUpTo = phase.from;
      }
      return;
    }
    phase.silentMs += durationMs;
    if (this.earlyFinishMs > 0 && !phase.early && phase.silentMs >= this.earlyFinishMs) {
      this.feed(phase);
      phase.early = this.hooks.finishEarly(phase.recognition);
    }
  }

  /** Milliseconds of candidate audio received so far. */
  get clockMs(): number {
    return this.received / SAMPLES_PER_MS;
  }

  /** One microphone frame; frames are processed strictly in order. */
  push(samples: Int16Array): Promise<void> {
    this.chain = this.chain.then(() => this.process(samples)).catch((error: unknown) => this.fail(error));
    return this.chain;
  }

  /** Drops the utterance in progress (the interview ended, the mode changed, the turn was taken away). */
  cancel(): void {
    if (this.phase.kind === 'speaking') this.phase.recognition?.abort();
    this.phase = { kind: 'idle' };
  }

  close(): void {
    this.closed = true;
    this.cancel();
    this.detector.close();
  }

  private fail(error: unknown): void {
    if (this.failed || this.closed) return;
    this.failed = true;
    this.cancel();
    this.hooks.detectorFailed(error);
  }

  private async process(samples: Int16Array): Promise<void> {
    if (this.closed || this.failed) return;
    this.remember(samples);
    this.received += samples.length;
    await this.detector.push(samples);
    const { phase } = this;
    if (phase.kind === 'held') {
      if (!this.hooks.isListening()) {
        this.phase = { kind: 'idle' };
      } else if (phase.voicedMs >= this.bargeInMs) {
        this.begin(phase.startSample, true);
      }
    } else if (phase.kind === 'speaking' && phase.recognition && !phase.early) {
      this.feed(phase);
    }
  }

  private onSpeechStart(startSample: number): void {
    if (this.phase.kind !== 'idle' || !this.hooks.isListening()) return;
    if (this.hooks.isPlaying() && this.bargeInMs > 0) {
      // The windows before the VAD declared speech were voiced too (its minimum speech time).
      this.phase = { kind: 'held', startSample, voicedMs: (this.received - startSample) / SAMPLES_PER_MS };
      return;
    }
    this.begin(startSample, this.hooks.isPlaying());
  }

  private begin(startSample: number, bargeIn: boolean): void {
    this.hooks.speechStarted(bargeIn);
    const recognition = this.hooks.openRecognition();
    const from = Math.max(this.historyStart, startSample - PRE_ROLL_MS * SAMPLES_PER_MS);
    const phase: Phase = { kind: 'speaking', recognition, writtenUpTo: from, from, silentMs: 0, early: null };
    this.phase = phase;
    if (recognition) this.feed(phase);
  }

  private get historyStart(): number {
    return this.history[0]?.start ?? this.received;
  }

  /** Writes what the recogniser has not had yet (everything up to what was received). */
  private feed(phase: Extract<Phase, { kind: 'speaking' }>): void {
    const from = Math.max(phase.writtenUpTo, this.historyStart);
    if (from >= this.received || !phase.recognition) return;
    for (const chunk of this.history) {
      const end = chunk.start + chunk.samples.length;
      if (end <= from) continue;
      phase.recognition.write(chunk.samples.subarray(Math.max(0, from - chunk.start)));
    }
    phase.writtenUpTo = this.received;
  }

  private onSpeechEnd(endedAtMs: number): void {
    const { phase } = this;
    if (phase.kind === 'held') {
      this.phase = { kind: 'idle' };
      this.hooks.speechDropped();
      return;
    }
    if (phase.kind !== 'speaking') return;
    // The window that closed the hang-over is part of the utterance's audio (trailing silence).
    if (phase.recognition && !phase.early) this.feed(phase);
    this.phase = { kind: 'idle' };
    this.hooks.speechEnded(phase.early ?? phase.recognition, { endedAtMs, detectedAtMs: this.clockMs });
  }

  private remember(samples: Int16Array): void {
    this.history.push({ start: this.received, samples });
    const end = this.received + samples.length;
    let keepFrom = end - Math.max(HISTORY_MS, this.bargeInMs + 2 * PRE_ROLL_MS) * SAMPLES_PER_MS;
    // The utterance in progress is kept whole: a restart after an early finish feeds it again.
    if (this.phase.kind === 'speaking') keepFrom = Math.min(keepFrom, this.phase.from);
    while (this.history.length > 1 && this.history[0]!.start + this.history[0]!.samples.length <= keepFrom) this.history.shift();
  }
}
