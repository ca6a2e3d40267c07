// Server-side voice for protocol version 2: what every voice pipeline of the
// process shares (the Silero model, the recogniser, the synthesizer, the
// settings, the clock and scheduler) and the per-turn latency and
// speculative-reply observers (metrics, the bench). Built once by the composition root; the gateway asks
// it for a channel per socket.

import type { VoiceConfig } from '../config.js';
import type { RecordingSpeech } from '../media/recording-speech.js';
import type { CandidateAudioSink } from '../media/candidate-audio.js';
import type { Clock, Scheduler } from '../common/clock.js';
import { languageFor } from '../languages/index.js';
import type { SpeechToText } from '../speech/stt/speech-to-text.js';
import type { TextToSpeech } from '../speech/tts/text-to-speech.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from '../speech/vad/voice-activity.js';
import { VoiceChannel, type VoiceSocket } from './channels/voice-channel.js';
import type { SpeculationSettled } from './channels/speculative-reply.js';
import type { TurnLatency } from './channels/voice-latency.js';
import type { SessionLogger, SpeechSupport } from './live-session-types.js';
import { offerRecognition } from './recognition-policy.js';

export interface VoiceServiceDeps {
  /** Voice-activity detection (Silero); null: the server cannot take turns by voice. */
  vad: { create(events: VoiceActivityEvents): VoiceActivityDetector } | null;
  stt: SpeechToText;
  tts: TextToSpeech;
  settings: VoiceConfig;
  /** STT_BROWSER_ALLOWED: pages may recognise in the browser (the audio then goes to the browser's vendor). */
  browserRecognitionAllowed?: boolean;
  log?: SessionLogger;
  /** Where the candidate's microphone is kept for the recording (the media module's spool). */
  audioSink?: CandidateAudioSink | null;
  /** Where the interviewer's speech is kept (or synthesised in the background) for the recording. */
  recordingSpeech?: RecordingSpeech | null;
  /** Wall-clock time of the audio on the recording's timeline. */
  clock: Clock;
  /** The voice pipelines' waits (the browser's trailing text, the farewell before a close). */
  scheduler: Scheduler;
}

export class VoiceService {
  private readonly latencyObservers: ((latency: TurnLatency) => void)[] = [];
  private readonly speculationObservers: ((settled: SpeculationSettled) => void)[] = [];

  constructor(private readonly deps: VoiceServiceDeps) {}

  /** What the configured providers can do in an interview's language (the v2 `session.speech`). */
  support(languageCode: number): SpeechSupport {
    const language = languageFor(languageCode);
    const { vad, stt, tts } = this.deps;
    const recognition = offerRecognition({
      provider: stt.name,
      serverSupports: stt.name !== 'browser' && stt.supports(language),
      // Turn-taking is the server's in every case, so without a VAD nothing can be heard.
      canTakeTurns: vad !== null,
      browserAllowed: this.deps.browserRecognitionAllowed ?? true,
    });
    return { ...recognition, synthesis: tts.supports(language) };
  }

  createChannel(socket: VoiceSocket, peerAddress: string | null): VoiceChannel {
    return new VoiceChannel(socket, peerAddress, {
      ...this.deps,
      observeLatency: (latency) => {
        for (const observer of this.latencyObservers) observer(latency);
      },
      observeSpeculation: (settled) => {
        for (const observer of this.speculationObservers) observer(settled);
      },
    });
  }

  /** Each spoken turn's latency, from the end of the candidate's speech to the reply's first audio. */
  observeLatency(observer: (latency: TurnLatency) => void): void {
    this.latencyObservers.push(observer);
  }

  /**
   * Each speculative reply's outcome: sent (the turn ended with the words it was prepared for) or discarded;
   * and whether it had started a model call.
   */
  observeSpeculation(observer: (settled: SpeculationSettled) => void): void {
    this.speculationObservers.push(observer);
  }
}
