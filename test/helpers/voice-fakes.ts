// Twins of the voice pipeline's providers for unit tests that run in
// milliseconds without audio files: an energy VAD that behaves like Silero's
// wrapper (32 ms windows, 96 ms of voice to start, a hang-over to end), a
// recogniser that keeps what it was fed, a synthesizer that makes silence of
// a set length, and a session that records what the channel hands it.

import { ENGLISH, type Language } from '../../src/languages/index.js';
import type { ChannelSession, ReplyDraft } from '../../src/session/channel.js';
import type { ClientMessage, SessionMode } from '../../src/session/protocol.js';
import type { Recognition } from '../../src/session/recognition-policy.js';
import type { PcmAudio } from '../../src/speech/audio.js';
import type { RecognitionStream, SpeechToText } from '../../src/speech/stt/speech-to-text.js';
import type { TextToSpeech } from '../../src/speech/tts/text-to-speech.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from '../../src/speech/vad/voice-activity.js';

const RATE = 16_000;
const WINDOW = 512;
const WINDOW_MS = 32;

/** Voiced audio (a constant level the energy VAD hears) of `ms` milliseconds. */
export function voice(ms: number): Int16Array {
  return new Int16Array(Math.round((ms / 1000) * RATE)).fill(4_000);
}

export function quiet(ms: number): Int16Array {
  return new Int16Array(Math.round((ms / 1000) * RATE));
}

/** Splits audio into 20 ms microphone frames, as the page sends them. */
export function frames(samples: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let at = 0; at < samples.length; at += 320) out.push(samples.slice(at, at + 320));
  return out;
}

/** An energy VAD with Silero's contract: speech after 96 ms voiced, ended after `silenceMs` below the level. */
export class EnergyVad {
  readonly detectors: EnergyDetector[] = [];
  constructor(private readonly silenceMs = 700) {}

  create(events: VoiceActivityEvents): VoiceActivityDetector {
    const detector = new EnergyDetector(events, this.silenceMs);
    this.detectors.push(detector);
    return detector;
  }
}

class EnergyDetector implements VoiceActivityDetector {
  private pending: number[] = [];
  private windowIndex = 0;
  private voicedRun = 0;
  private runStartMs = 0;
  private speaking = false;
  private silentMs = 0;
  private lastVoicedEndMs = 0;
  failure: Error | null = null;

  constructor(
    private readonly events: VoiceActivityEvents,
    private readonly silenceMs: number,
  ) {}

  push(samples: Int16Array): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    for (const sample of samples) this.pending.push(sample);
    while (this.pending.length >= WINDOW) {
      const window = this.pending.splice(0, WINDOW);
      this.analyse(window.some((s) => Math.abs(s) > 1_000));
    }
    return Promise.resolve();
  }

  reset(): void {
    this.pending = [];
  }

  close(): void {}

  private analyse(voiced: boolean): void {
    const startMs = this.windowIndex * WINDOW_MS;
    this.windowIndex += 1;
    this.events.onWindow?.(voiced, WINDOW_MS);
    if (!this.speaking) {
      if (!voiced) return void (this.voicedRun = 0);
      if (this.voicedRun === 0) this.runStartMs = startMs;
      this.voicedRun += 1;
      if (this.voicedRun * WINDOW_MS >= 96) {
        this.speaking = true;
        this.silentMs = 0;
        this.lastVoicedEndMs = startMs + WINDOW_MS;
        this.events.onSpeechStart(this.runStartMs);
      }
      return;
    }
    if (voiced) {
      this.silentMs = 0;
      this.lastVoicedEndMs = startMs + WINDOW_MS;
      return;
    }
    this.silentMs += WINDOW_MS;
    if (this.silentMs >= this.silenceMs) {
      this.speaking = false;
      this.voicedRun = 0;
      this.events.onSpeechEnd(this.lastVoicedEndMs);
    }
  }
}

export class FakeStream implements RecognitionStream {
  written = 0;
  /** Voiced samples among those written. */
  voiced = 0;
  state: 'open' | 'finished' | 'aborted' = 'open';
  /** Waits for a free recogniser (the node at capacity), as the test says. */
  isWaiting = false;
  private readonly partialListeners: ((text: string) => void)[] = [];

  constructor(private readonly answer: (stream: FakeStream) => string | Promise<string>) {}

  onPartial(listener: (text: string) => void): void {
    this.partialListeners.push(listener);
  }

  /** A partial result, as a streaming recogniser sends one while the candidate speaks. */
  partial(text: string): void {
    for (const listener of this.partialListeners) listener(text);
  }

  write(samples: Int16Array): void {
    this.written += samples.length;
    for (const sample of samples) if (sample !== 0) this.voiced += 1;
  }

  finish(): Promise<string> {
    this.state = 'finished';
    return Promise.resolve(this.answer(this));
  }

  /** Set by FakeSpeechToText({ checkpoints: true }): the words so far, the stream left open. */
  checkpoint?: () => Promise<string>;
  /** Checkpoints asked for. */
  checkpoints = 0;

  abort(): void {
    this.state = 'aborted';
  }

  /** Milliseconds of voiced audio it was fed. */
  get voicedMs(): number {
    return (this.voiced / RATE) * 1000;
  }
}

/** A recogniser whose streams answer `answer(stream)`; every stream opened is kept for inspection. */
export class FakeSpeechToText implements SpeechToText {
  readonly name = 'fake';
  readonly streams: FakeStream[] = [];
  tenants: (string | undefined)[] = [];
  refuse: Error | null = null;

  constructor(
    private readonly answer: (stream: FakeStream) => string | Promise<string> = () => 'i build services',
    /** Its streams have checkpoint(), answering `answer` too. */
    readonly checkpoints = false,
  ) {}

  supports(): boolean {
    return true;
  }

  open(_language: Language, context?: { tenant: string }): RecognitionStream {
    if (this.refuse) throw this.refuse;
    this.tenants.push(context?.tenant);
    const stream = new FakeStream(this.answer);
    if (this.checkpoints) {
      stream.checkpoint = () => {
        stream.checkpoints += 1;
        return Promise.resolve(this.answer(stream));
      };
    }
    this.streams.push(stream);
    return stream;
  }

  async close(): Promise<void> {}
}

/** A synthesizer whose every sentence is `msPerSentence` of audio at 16 kHz. */
export class FakeTextToSpeech implements TextToSpeech {
  readonly name = 'fake';
  readonly spoken: string[] = [];

  constructor(private readonly msPerSentence = 500) {}

  supports(): boolean {
    return true;
  }

  async synthesize(text: string): Promise<PcmAudio> {
    this.spoken.push(text);
    return { sampleRate: RATE, samples: quiet(this.msPerSentence) };
  }

  async close(): Promise<void> {}
}

/** The live session as a voice channel sees it; the test sets what it says and reads what it was handed. */
export class FakeChannelSession implements ChannelSession {
  interviewId = '6c3c8a7e-0000-4000-8000-000000000001';
  tenant = 'user:owner';
  language: Language = ENGLISH;
  mode: SessionMode | null = 'voice';
  recognition: Recognition = 'server';
  canSpeak = true;
  isAwaitingInput = true;
  readonly handled: ClientMessage[] = [];
  readonly notes: string[] = [];
  /** The reply prepareReply words (null: none can be prepared); what it was asked for, and what was discarded. */
  reply: string[] | null = ['Thank you.', 'Question 2 of 3: Why?'];
  readonly prepared: string[] = [];
  discarded = 0;
  private readonly modeListeners: ((mode: SessionMode) => void)[] = [];
  private readonly audioListeners: ((frame: Uint8Array) => void)[] = [];

  prepareReply(text: string): ReplyDraft | null {
    if (!this.isAwaitingInput || !this.reply) return null;
    this.prepared.push(text);
    return { lines: Promise.resolve(this.reply), modelCall: false };
  }

  discardReply(): void {
    this.discarded += 1;
  }

  handle(message: ClientMessage): void {
    this.handled.push(message);
    // A spoken answer takes the turn until the session has answered it.
    if (message.type === 'answer') this.isAwaitingInput = false;
  }

  note(lines: string[]): void {
    this.notes.push(...lines);
  }

  onModeChange(listener: (mode: SessionMode) => void): void {
    this.modeListeners.push(listener);
  }

  onAudio(listener: (frame: Uint8Array) => void): void {
    this.audioListeners.push(listener);
  }

  /** The session switches mode (and tells its channel, as setMode does). */
  switchMode(mode: SessionMode): void {
    this.mode = mode;
    for (const listener of this.modeListeners) listener(mode);
  }

  /** Microphone frames the session admitted. */
  admit(samples: Int16Array): void {
    for (const frame of frames(samples)) {
      const bytes = new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
      for (const listener of this.audioListeners) listener(bytes);
    }
  }

  get answers(): string[] {
    return this.handled.flatMap((m) => (m.type === 'answer' ? [m.text] : []));
  }
}
