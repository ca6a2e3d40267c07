// The interviewer's voice on a voice channel: each utterance is synthesized on
// the server and sent as `audio_start`, binary PCM16 frames of about 100 ms,
// and `audio_end`. Utterances play in order. A long utterance is synthesized
// sentence by sentence so its first audio leaves after the first sentence, not
// after the whole text. Frames are sent as fast as they are made: the page
// buffers and plays; `stop_audio` cuts it short (barge-in, repeat, end).
// The first sentence of a reply not yet sent can be synthesized ahead
// (prepare: the speculative reply); it is used if that text is spoken next.

import type { Language } from '../../languages/language.js';
import { splitSentences } from '../../languages/text.js';
import type { PcmAudio } from '../../speech/audio.js';
import { synthesizeSentences } from '../../speech/tts/sentences.js';
import type { TextToSpeech } from '../../speech/tts/text-to-speech.js';
import type { PlayedOutcome, ServerEvent, ServerEvents } from '../protocol.js';

/** Audio sent per binary frame. */
const FRAME_MS = 100;
/** The page's playback may lag what was sent by up to this much (buffering, output latency). */
const PLAYBACK_SLACK_MS = 300;
/** Streams remembered for the page's `played` report; a page that never reports cannot grow the map past this. */
const MAX_UNREPORTED = 64;

export interface SpeakerOutput {
  event(event: ServerEvent): void;
  audio(frame: Uint8Array): void;
  /** The first frame of an utterance left (latency measurement). */
  firstFrame(id: string): void;
  /** Synthesis failed: the text was already shown; the candidate reads instead of hears. */
  failed(text: string, error: unknown): void;
  /** The candidate did not hear a stream to its end (the page's `played` report, once the stream was all sent). */
  missed(line: string): void;
  now(): number;
}

interface Unreported {
  text: string;
  sentMs: number;
  /** Every frame of the stream was sent (or the rest was dropped): its length is known. */
  isSent: boolean;
  /** The page's report, when it came before the stream was all sent. */
  report: { playedMs: number; outcome: PlayedOutcome } | null;
}

/** The first sentence of an utterance synthesized before it was to be spoken. */
interface Prepared {
  text: string;
  audio: Promise<PcmAudio>;
  abort: AbortController;
}

interface Playing {
  id: string;
  /** When the page should be done playing it, by the server's own estimate. */
  until: number;
}

export class VoiceSpeaker {
  private queue: Promise<void> = Promise.resolve();
  private abort = new AbortController();
  private count = 0;
  /** Utterances sent (or being sent) that the page may still be playing. */
  private playing: Playing[] = [];
  /** Ids the page says it is playing; once the page reports at all, its reports win over the estimate. */
  private readonly reportedPlaying = new Set<string>();
  private hasReports = false;
  private sentUntil = 0;
  /** Streams sent to the page whose `played` report has not come yet: what the log needs to say what was missed. */
  private readonly unreported = new Map<string, Unreported>();
  private prepared: Prepared | null = null;

  constructor(
    private readonly tts: TextToSpeech,
    private readonly output: SpeakerOutput,
  ) {}

  speak(text: string, controlId: string, language: Language): string {
    const signal = this.abort.signal;
    const id = `a${++this.count}`;
    const first = this.takePrepared(text, signal);
    this.queue = this.queue.then(() => this.play(id, text, controlId, language, signal, first)).catch(() => {});
    return id;
  }

  /** Synthesizes the first sentence of `text` now, before it is spoken; one at a time (a new one replaces the last). */
  prepare(text: string, language: Language): void {
    this.discardPrepared();
    const sentence = splitSentences(text)[0];
    if (!sentence) return;
    const abort = new AbortController();
    const audio = this.tts.synthesize(sentence, language, abort.signal);
    // Awaited when the text is spoken; discarded otherwise.
    audio.catch(() => {});
    this.prepared = { text, audio, abort };
  }

  /** The text prepared will not be spoken: its synthesis stops. */
  discardPrepared(): void {
    this.prepared?.abort.abort();
    this.prepared = null;
  }

  /** The prepared first sentence if it is this text's (stopped with the utterance); the preparation is used once. */
  private takePrepared(text: string, signal: AbortSignal): Promise<PcmAudio> | undefined {
    const { prepared } = this;
    if (prepared?.text !== text) return undefined;
    this.prepared = null;
    // Stopping the utterance stops its synthesis; once the audio is there, the listener (which holds it) goes.
    const stopSynthesis = (): void => prepared.abort.abort();
    signal.addEventListener('abort', stopSynthesis, { once: true });
    void prepared.audio.finally(() => signal.removeEventListener('abort', stopSynthesis)).catch(() => {});
    return prepared.audio;
  }

  /** Stops everything queued or playing; tells the page which ids to stop. Returns whether anything was playing. */
  stop(reason: ServerEvents['stop_audio']['reason']): boolean {
    this.abort.abort();
    this.discardPrepared();
    this.abort = new AbortController();
    const ids = this.activeIds();
    for (const id of ids) this.output.event({ type: 'stop_audio', id, reason });
    this.playing = [];
    this.reportedPlaying.clear();
    this.sentUntil = 0;
    // Nothing more of them will be sent: their length is known now.
    for (const [id, unreported] of [...this.unreported]) {
      unreported.isSent = true;
      this.reportMissed(id);
    }
    return ids.length > 0;
  }

  /** Whether the candidate is (probably) hearing the interviewer now: echo may reach the microphone. */
  isPlaying(): boolean {
    if (this.hasReports) return this.reportedPlaying.size > 0;
    return this.activeIds().length > 0;
  }

  /** The page's `playback` report. */
  onPlayback(id: string, event: 'started' | 'ended' | 'interrupted'): void {
    if (!this.playing.some((p) => p.id === id) && event === 'started') return;
    this.hasReports = true;
    if (event === 'started') this.reportedPlaying.add(id);
    else this.reportedPlaying.delete(id);
  }

  /**
   * The page's `played` report. Each stream is reported once; an id the
   * server did not send (or already heard about) is ignored. A stream the
   * candidate did not hear to its end becomes a log line (output.missed) once
   * its whole length is known.
   */
  onPlayed(id: string, playedMs: number, outcome: PlayedOutcome): void {
    const sent = this.unreported.get(id);
    if (!sent || sent.report) return;
    if (outcome === 'complete') {
      this.unreported.delete(id);
      return;
    }
    sent.report = { playedMs, outcome };
    if (sent.isSent) this.reportMissed(id);
  }

  private reportMissed(id: string): void {
    const sent = this.unreported.get(id);
    if (!sent?.report) return;
    this.unreported.delete(id);
    const seconds = (ms: number) => `${(Math.min(ms, sent.sentMs) / 1000).toFixed(1)} s`;
    const text = sent.text.length > 80 ? `${sent.text.slice(0, 80)}…` : sent.text;
    const { playedMs, outcome } = sent.report;
    this.output.missed(`the candidate heard ${seconds(playedMs)} of ${seconds(sent.sentMs)} of the interviewer's "${text}" (${outcome})`);
  }

  /** Resolves once everything queued has been sent (or dropped). */
  drained(): Promise<void> {
    return this.queue;
  }

  private activeIds(): string[] {
    const now = this.output.now();
    this.playing = this.playing.filter((p) => p.until > now || this.reportedPlaying.has(p.id));
    return this.playing.map((p) => p.id);
  }

  private async play(
    id: string,
    text: string,
    controlId: string,
    language: Language,
    signal: AbortSignal,
    first?: Promise<PcmAudio>,
  ): Promise<void> {
    let sampleRate = 0;
    let sentSamples = 0;
    let started = false;
    try {
      // One sentence is synthesized ahead while the previous one is sent.
      for await (const { audio } of synthesizeSentences(this.tts, text, language, signal, first)) {
        if (signal.aborted) return;
        if (!started) {
          sampleRate = audio.sampleRate;
          this.output.event({ type: 'audio_start', id, control_id: controlId, sample_rate: sampleRate, text });
          // Playback starts when the page has the first frame, or after what is already queued there.
          this.sentUntil = Math.max(this.sentUntil, this.output.now());
          this.playing.push({ id, until: this.sentUntil + PLAYBACK_SLACK_MS });
          this.remember(id, text);
          started = true;
        }
        // A synthesizer answers at one rate; a sentence at another would play at the wrong pitch, so it is skipped.
        if (audio.sampleRate !== sampleRate) continue;
        this.sendFrames(id, audio.samples, sampleRate, sentSamples === 0);
        sentSamples += audio.samples.length;
        const unreported = this.unreported.get(id);
        if (unreported) unreported.sentMs = Math.round((sentSamples / sampleRate) * 1000);
        const entry = this.playing.find((p) => p.id === id);
        this.sentUntil += (audio.samples.length / sampleRate) * 1000;
        if (entry) entry.until = this.sentUntil + PLAYBACK_SLACK_MS;
      }
    } catch (error) {
      if (signal.aborted) return;
      this.output.failed(text, error);
    }
    if (started && !signal.aborted) {
      this.output.event({ type: 'audio_end', id, duration_ms: Math.round((sentSamples / sampleRate) * 1000) });
    }
    const unreported = this.unreported.get(id);
    if (unreported) {
      unreported.isSent = true;
      this.reportMissed(id);
    }
  }

  private remember(id: string, text: string): void {
    if (this.unreported.size >= MAX_UNREPORTED) this.unreported.delete(this.unreported.keys().next().value ?? '');
    this.unreported.set(id, { text, sentMs: 0, isSent: false, report: null });
  }

  private sendFrames(id: string, samples: Int16Array, sampleRate: number, isFirst: boolean): void {
    const perFrame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
    for (let at = 0; at < samples.length; at += perFrame) {
      const chunk = samples.subarray(at, at + perFrame);
      this.output.audio(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (isFirst && at === 0) this.output.firstFrame(id);
    }
  }
}
