// The candidate's side of a voice pipeline: microphone PCM -> voice-activity
// detection -> echo gate -> one recognition stream per utterance, fed while
// the candidate speaks, finished when the VAD's hang-over closes the turn.
//
// Echo gate: while the interviewer's audio plays, speech must last `bargeInMs`
// before it counts (the page's echo cancellation removes most of the
// interviewer; what leaks through is short and quiet). Until then the audio is
// held, not transcribed. Held speech counts when it lasts that long (a
// barge-in: playback stops) or when it goes on after the interviewer's audio
// has stopped (an answer started over the last words: an echo cannot outlast
// what it echoes); either way it is heard from its first word. Held speech
// that ends during playback is dropped.
//
// Early result: once the candidate has been silent for part of the hang-over,
// the recogniser is asked for the words so far, so its last decoding runs
// while the VAD still waits. While the utterance is shorter than
// CHECKPOINT_AFTER_MS, the stream is finished speculatively: if the candidate
// speaks again, that result is dropped and a new stream is fed the whole
// utterance so far. Once it is longer, and where the stream has checkpoint()
// (warm PocketSphinx), that is a checkpoint instead: the stream goes on, a
// candidate who speaks again is decoded from where they were, and a turn that
// ends in silence takes the checkpoint's words (the stream is then finished
// without the turn waiting for it).
//
// Adaptive end of turn: the VAD's hang-over is then the shortest silence that
// can end a turn; when it passes, the listener asks how much silence the words
// recognised so far need (turn-end.ts: longer after "and" or "um") and keeps
// the utterance open until that much has passed, or the candidate goes on.
// The words are the recogniser's partial results, or its early result.
//
// Speculative reply: the early result, while the candidate is still silent,
// is offered (earlyResult) so the reply can be prepared during the rest of
// the wait; earlyDropped says it will not be the answer after all.

import { CANDIDATE_SAMPLE_RATE } from '../../speech/audio.js';
import type { RecognitionStream } from '../../speech/stt/speech-to-text.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from '../../speech/vad/voice-activity.js';

const SAMPLES_PER_MS = CANDIDATE_SAMPLE_RATE / 1000;
/** Audio kept before the VAD's speech start goes to the recogniser too (soft onsets, the VAD's own lag). */
const PRE_ROLL_MS = 300;
/** Recent audio kept for the pre-roll (held speech is kept whole). */
const HISTORY_MS = 4_000;
/**
 * Voiced time after the interviewer's audio stopped that makes held speech the
 * candidate's: about three VAD windows, longer than the room's echo tail.
 */
const AFTER_PLAYBACK_MS = 96;
/**
 * Utterance length (from its first sample to now) from which a pause takes a checkpoint rather than an
 * early finish: below it a restart costs little and keeps the language model's context across the pause;
 * above it re-decoding from the start grows with the square of the answer's length.
 */
export const CHECKPOINT_AFTER_MS = 12_000;

export interface ListenerHooks {
  /** Whether the candidate may speak now (it is their turn, the interview runs, voice mode). */
  isListening(): boolean;
  /** Whether the interviewer's audio is playing (echo gating). */
  isPlaying(): boolean;
  /** Speech counted: `bargeIn` when it interrupted the interviewer. */
  speechStarted(bargeIn: boolean): void;
  /** Opens the recogniser for one utterance; null when there is none (browser recognition, none). */
  openRecognition(): RecognitionStream | null;
  /**
   * The utterance is over: the recogniser still to finish, or its early result;
   * `endedAtMs` is the end of speech on the audio clock, `detectedAtMs` when the
   * hang-over closed it (same clock).
   */
  speechEnded(recognition: RecognitionStream | Promise<string> | null, timing: { endedAtMs: number; detectedAtMs: number }): void;
  /** The detector failed: nothing more is detected on this stream (called once). */
  detectorFailed(error: unknown): void;
  /**
   * Adaptive end of turn: the silence that ends the turn after the words recognised so far (null: none yet);
   * `isRecognising`: the recogniser's early result is on its way (`heard` is then a partial result, if any).
   * Absent: the VAD's hang-over ends it.
   */
  silenceNeeded?(heard: string | null, isRecognising: boolean): number;
  /** The early result of the utterance so far, while the candidate is still silent: the turn will probably end with it. */
  earlyResult?(text: string): void;
  /** The candidate went on after the early finish (or the utterance was dropped): its early result is not the answer. */
  earlyDropped?(): void;
}

type Phase =
  | { kind: 'idle' }
  /** Speech during playback, not yet sustained: held while its voiced time (in all, and after playback) adds up. */
  | { kind: 'held'; startSample: number; voicedMs: number; voicedAfterPlaybackMs: number }
  | {
      kind: 'speaking';
      recognition: RecognitionStream | null;
      writtenUpTo: number;
      /** First sample of the utterance (pre-roll included): kept until the turn ends, for a restart after an early finish. */
      from: number;
      silentMs: number;
      early: Promise<string> | null;
      /** `early` is a checkpoint: the stream goes on (not finished, not restarted). */
      checkpointed: boolean;
      /** The words recognised so far: the latest partial result, or the early result. */
      heard: string | null;
      /** `heard` is the early result (the recogniser's last word on the utterance so far), not a partial one. */
      isHeardFinal: boolean;
      /** The VAD's end of speech while the words ask for a longer silence; null while the candidate speaks. */
      pausedAtMs: number | null;
    };

type Speaking = Extract<Phase, { kind: 'speaking' }>;

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
    /** The same for a checkpoint (a stream with checkpoint(), the utterance past `checkpointAfterMs`): cheaper than a finish and restart, so it may come sooner. */
    private readonly earlyCheckpointMs = earlyFinishMs,
    /** Utterance length from which a pause takes a checkpoint where the stream has one (Infinity: never). */
    private readonly checkpointAfterMs = CHECKPOINT_AFTER_MS,
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
      if (!voiced) return;
      phase.voicedMs += durationMs;
      if (!this.hooks.isPlaying()) phase.voicedAfterPlaybackMs += durationMs;
      return;
    }
    if (phase.kind !== 'speaking') return;
    if (voiced) {
      phase.silentMs = 0;
      if (phase.early && phase.recognition) {
        // The candidate went on: the early result is dropped, and is no longer the end of the words.
        const { checkpointed } = phase;
        phase.early = null;
        phase.checkpointed = false;
        this.hooks.earlyDropped?.();
        phase.heard = null;
        phase.isHeardFinal = false;
        if (!checkpointed) {
          // Finished early, it cannot go on: a new stream hears the whole utterance (the old one stopped
          // first, one per session at a time).
          phase.recognition.abort();
          this.openStream(phase);
          phase.writtenUpTo = phase.from;
        }
      }
      return;
    }
    phase.silentMs += durationMs;
    const checkpoint = this.mayCheckpoint(phase);
    const earlyMs = checkpoint ? this.earlyCheckpointMs : this.earlyFinishMs;
    if (phase.recognition && earlyMs > 0 && !phase.early && phase.silentMs >= earlyMs) {
      this.feed(phase);
      const early = checkpoint && phase.recognition.checkpoint ? phase.recognition.checkpoint() : phase.recognition.finish();
      phase.early = early;
      phase.checkpointed = checkpoint;
      // Awaited at the turn's end, or dropped when the candidate goes on.
      // A failed recogniser has no words to wait for (the turn's end reports the failure).
      early.then(
        (text) => this.heard(phase, text, () => phase.early === early, true),
        () => this.heard(phase, '', () => phase.early === early, true),
      );
    }
  }

  /** Whether a pause now takes a checkpoint: the stream has them and the utterance so far is long enough. */
  private mayCheckpoint(phase: Speaking): boolean {
    return phase.recognition?.checkpoint !== undefined && this.received - phase.from >= this.checkpointAfterMs * SAMPLES_PER_MS;
  }

  /** Opens the utterance's recogniser and follows its partial results. */
  private openStream(phase: Speaking): void {
    const recognition = this.hooks.openRecognition();
    phase.recognition = recognition;
    recognition?.onPartial?.((text) => this.heard(phase, text, () => phase.recognition === recognition && !phase.early));
  }

  /** Words recognised for the utterance in progress (if `isCurrent` still holds): a pause may now be long enough. */
  private heard(phase: Speaking, text: string, isCurrent: () => boolean, isFinal = false): void {
    if (this.phase !== phase || !isCurrent()) return;
    phase.heard = text;
    phase.isHeardFinal = isFinal;
    if (isFinal && text.trim()) this.hooks.earlyResult?.(text.trim());
    if (phase.pausedAtMs === null) return;
    this.chain = this.chain.then(() => this.endIfSilentEnough()).catch((error: unknown) => this.fail(error));
  }

  /** In a pause after the VAD's end of speech: ends the turn once the silence is what the words need. */
  private endIfSilentEnough(): void {
    const { phase } = this;
    if (phase.kind !== 'speaking' || phase.pausedAtMs === null) return;
    const needed = this.silenceNeeded(phase);
    if (phase.silentMs >= needed) this.endTurn(phase, phase.pausedAtMs);
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
    if (this.phase.kind === 'speaking') {
      this.phase.recognition?.abort();
      if (this.phase.early) this.hooks.earlyDropped?.();
    }
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
      } else if (phase.voicedAfterPlaybackMs >= AFTER_PLAYBACK_MS) {
        // Nothing is playing any more, so nothing is interrupted.
        this.begin(phase.startSample, false);
      }
    } else if (phase.kind === 'speaking') {
      if (this.isFeeding(phase)) this.feed(phase);
      this.endIfSilentEnough();
    }
  }

  private onSpeechStart(startSample: number): void {
    // The candidate went on after a pause the words asked to wait out: the same utterance.
    if (this.phase.kind === 'speaking') this.phase.pausedAtMs = null;
    if (this.phase.kind !== 'idle' || !this.hooks.isListening()) return;
    if (this.hooks.isPlaying() && this.bargeInMs > 0) {
      // The windows before the VAD declared speech were voiced too (its minimum speech time).
      this.phase = { kind: 'held', startSample, voicedMs: (this.received - startSample) / SAMPLES_PER_MS, voicedAfterPlaybackMs: 0 };
      return;
    }
    this.begin(startSample, this.hooks.isPlaying());
  }

  private begin(startSample: number, bargeIn: boolean): void {
    this.hooks.speechStarted(bargeIn);
    const from = Math.max(this.historyStart, startSample - PRE_ROLL_MS * SAMPLES_PER_MS);
    const phase: Speaking = {
      kind: 'speaking',
      recognition: null,
      writtenUpTo: from,
      from,
      silentMs: 0,
      early: null,
      checkpointed: false,
      heard: null,
      isHeardFinal: false,
      pausedAtMs: null,
    };
    this.phase = phase;
    this.openStream(phase);
    if (phase.recognition) this.feed(phase);
  }

  private get historyStart(): number {
    return this.history[0]?.start ?? this.received;
  }

  /** Writes what the recogniser has not had yet (everything up to what was received). */
  private feed(phase: Speaking): void {
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
      // Ended during playback without lasting: an echo or a cough, dropped without a trace.
      this.phase = { kind: 'idle' };
      return;
    }
    if (phase.kind !== 'speaking') return;
    const needed = this.silenceNeeded(phase);
    if (phase.silentMs < needed) {
      // The words so far ask for a longer silence: the utterance stays open (endIfSilentEnough).
      phase.pausedAtMs = endedAtMs;
      return;
    }
    this.endTurn(phase, endedAtMs);
  }

  private silenceNeeded(phase: Speaking): number {
    return this.hooks.silenceNeeded?.(phase.heard, phase.early !== null && !phase.isHeardFinal) ?? 0;
  }

  /** Whether the stream still takes the utterance's audio: not once finished early (a checkpoint leaves it open). */
  private isFeeding(phase: Speaking): boolean {
    return phase.recognition !== null && (!phase.early || phase.checkpointed);
  }

  private endTurn(phase: Speaking, endedAtMs: number): void {
    // The window that closed the hang-over is part of the utterance's audio (trailing silence).
    if (this.isFeeding(phase)) this.feed(phase);
    this.phase = { kind: 'idle' };
    if (phase.early && phase.checkpointed && phase.recognition) {
      // Only silence since the checkpoint: its words are the answer. The stream is finished all the
      // same, to free its decoder (and the session's slot), but the turn does not wait for that.
      phase.recognition.finish().catch(() => {});
    }
    this.hooks.speechEnded(phase.early ?? phase.recognition, { endedAtMs, detectedAtMs: this.clockMs });
  }

  private remember(samples: Int16Array): void {
    this.history.push({ start: this.received, samples });
    const end = this.received + samples.length;
    let keepFrom = end - Math.max(HISTORY_MS, this.bargeInMs + 2 * PRE_ROLL_MS) * SAMPLES_PER_MS;
    // The utterance in progress is kept whole: a restart after an early finish feeds it again,
    // and held speech that comes to count is heard from its first word.
    if (this.phase.kind === 'speaking') keepFrom = Math.min(keepFrom, this.phase.from);
    if (this.phase.kind === 'held') keepFrom = Math.min(keepFrom, this.phase.startSample - PRE_ROLL_MS * SAMPLES_PER_MS);
    while (this.history.length > 1 && this.history[0]!.start + this.history[0]!.samples.length <= keepFrom) this.history.shift();
  }
}
