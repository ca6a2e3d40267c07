// The voice channel (protocol version 2): the text channel's JSON events plus
// audio both ways. Candidate audio frames the session admitted (consent, voice
// mode, shape: candidate-input.ts admitAudio) go to the listener (VAD ->
// recogniser); a finished utterance becomes an `answer`, the same message a
// typed answer is, so the session's turns do not change. Each interviewer
// utterance the session sends is also spoken (voice-speaker.ts). The session
// and the conversation never see audio.

import type { VoiceConfig } from '../../config.js';
import type { CandidateAudioSink } from '../../media/candidate-audio.js';
import type { RecordingSpeech } from '../../media/recording-speech.js';
import type { Clock } from '../../shared/clock.js';
import { languageFor } from '../../languages/index.js';
import type { Language } from '../../languages/language.js';
import type { RecognitionStream, SpeechToText } from '../../speech/stt/speech-to-text.js';
import type { TextToSpeech } from '../../speech/tts/text-to-speech.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from '../../speech/vad/voice-activity.js';
import type { CandidateChannel, ChannelMode } from '../channel.js';
import { CloseCode, MAX_ANSWER_CHARS, type ClientMessage, type ServerEvent, type ServerEvents, type SessionMode } from '../protocol.js';
import type { TextSocket } from './text-channel.js';
import { formatTurnLatency, TurnLatencyTracker, type TurnLatencyObserver } from './voice-latency.js';
import { CandidateRecording } from './candidate-recording.js';
import { VoiceListener } from './voice-listener.js';
import { VoiceSpeaker } from './voice-speaker.js';

/** A socket that also carries binary frames. */
export interface VoiceSocket extends Omit<TextSocket, 'send'> {
  send(data: string | Uint8Array): void;
}

/** What every voice channel of the process shares: the providers and the settings. */
export interface VoiceDeps {
  /** Voice-activity detection (Silero); null: the server cannot take turns by voice. */
  vad: { create(events: VoiceActivityEvents): VoiceActivityDetector } | null;
  stt: SpeechToText;
  tts: TextToSpeech;
  settings: VoiceConfig;
  /** Each spoken turn's latency (metrics). */
  observeLatency?: TurnLatencyObserver;
  /** The process log (problems with speech providers). */
  log?: (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;
  now?: () => number;
  /** The recording's spool for the candidate's microphone; the session clock places it. */
  audioSink?: CandidateAudioSink | null;
  /** The interviewer's voice for the recording, synthesised in the background during the session (not while assembling). */
  recordingSpeech?: RecordingSpeech | null;
  clock?: Clock;
}

/** The live session (LiveSession), once it is open: its mode, its admitted audio, where answers and log lines go. */
export interface VoiceSessionPort {
  readonly mode: SessionMode | null;
  handle(message: ClientMessage): void;
  /** Lines in the interview's log (get-logs), after the turn in flight. */
  note(lines: string[]): void;
  onModeChange(listener: (mode: SessionMode) => void): void;
  onAudio(listener: (frame: Uint8Array) => void): void;
}

/**
 * Silence after which the recogniser is finished early, inside the VAD's
 * hang-over: long enough that most pauses within a sentence do not trigger
 * it (a restart re-decodes the utterance), short enough to hide the decoder's
 * last pass behind the rest of the hang-over.
 */
function earlyFinishMs(silenceMs: number): number {
  return Math.min(300, Math.round(silenceMs / 2));
}

/** How long the end of a turn waits for the browser's text when none has come yet (STT_PROVIDER=browser). */
const BROWSER_TEXT_WAIT_MS = 1_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Recognition = NonNullable<ServerEvents['session']['speech']>['recognition'];

export class VoiceChannel implements CandidateChannel {
  /** The mode the session event announced, until the session itself can be asked. */
  private announcedMode: SessionMode | null = null;
  private language: Language | null = null;
  private recognition: Recognition = 'none';
  private canSpeak = false;
  private awaitingInput = false;
  private ended = false;
  private port: VoiceSessionPort | null = null;
  private readonly early: ((port: VoiceSessionPort) => void)[] = [];
  private readonly speaker: VoiceSpeaker;
  private readonly listener: VoiceListener | null;
  private readonly latency: TurnLatencyTracker;
  private readonly now: () => number;
  /** What the browser recognised of the utterance in progress (STT_PROVIDER=browser). */
  private browserText = '';
  private turns: Promise<void> = Promise.resolve();
  private unavailableSent = false;
  /** Voice-activity detection failed on this connection: no turn can be taken by voice any more. */
  private vadFailed = false;
  /** The one recogniser stream this session may run at a time (each PocketSphinx stream is a process). */
  private liveRecognition: RecognitionStream | null = null;
  private recording: CandidateRecording | null = null;
  private interviewId: string | null = null;

  constructor(
    private readonly socket: VoiceSocket,
    readonly peerAddress: string | null,
    private readonly deps: VoiceDeps,
  ) {
    this.now = deps.now ?? (() => performance.now());
    this.latency = new TurnLatencyTracker(this.now);
    this.speaker = new VoiceSpeaker(deps.tts, {
      event: (event) => this.emit(event),
      audio: (frame) => this.sendBinary(frame),
      firstFrame: () => this.onFirstAudio(),
      failed: (text, error) => deps.log?.('warn', `speech synthesis failed for "${text.slice(0, 60)}"`, error),
      now: this.now,
    });
    const { vad } = deps;
    this.listener = vad
      ? new VoiceListener(
          (events) => vad.create(events),
          deps.settings.bargeInMs,
          {
            isListening: () => this.isListening(),
            isPlaying: () => this.speaker.isPlaying(),
            speechStarted: (bargeIn) => this.onSpeechStarted(bargeIn),
            openRecognition: () => this.openRecognition(),
            finishEarly: (recognition) => {
              const early = recognition.finish();
              // Awaited at the turn's end, or dropped when the candidate goes on.
              early.catch(() => {});
              return early;
            },
            speechEnded: (recognition, timing) => this.onSpeechEnded(recognition, timing.detectedAtMs - timing.endedAtMs),
            speechDropped: () => {},
            detectorFailed: (error) => this.detectorFailed(error),
          },
          earlyFinishMs(deps.settings.vadSilenceMs),
        )
      : null;
  }

  get mode(): ChannelMode {
    return this.port?.mode ?? this.announcedMode ?? 'text';
  }

  /** The session is open: its admitted audio comes here; answers and log lines go there. */
  attach(port: VoiceSessionPort): void {
    this.port = port;
    port.onAudio((frame) => this.hear(frame));
    port.onModeChange((mode) => this.modeChanged(mode));
    for (const pending of this.early.splice(0)) pending(port);
  }

  send(event: ServerEvent): void {
    switch (event.type) {
      case 'session':
        this.emit(this.onSession(event));
        return;
      case 'utterance':
        this.emit(event);
        this.latency.replied();
        // The recording's copy is made in the background now, so assembly does not wait for a synthesizer.
        if (this.language && this.interviewId) this.deps.recordingSpeech?.prepare(this.interviewId, this.language, event.text);
        if (this.canSpeak && this.mode === 'voice' && this.language) this.speaker.speak(event.text, event.control_id, this.language);
        else this.latency.forget();
        return;
      case 'state':
        this.awaitingInput = event.awaiting_input;
        this.emit(event);
        if (this.mode === 'voice') this.announceIfDeaf();
        return;
      case 'ended':
        this.ended = true;
        this.listener?.cancel();
        // Before the results pipeline assembles the recording.
        void this.recording?.flush();
        this.emit(event);
        return;
      default:
        this.emit(event);
    }
  }

  close(code: number, reason: string): void {
    this.listener?.close();
    const closeNow = () => {
      const { readyState } = this.socket;
      if (readyState === this.socket.OPEN || readyState === this.socket.CONNECTING) this.socket.close(code, reason);
    };
    if (code !== CloseCode.NORMAL) {
      this.speaker.stop('ended');
      closeNow();
      return;
    }
    // The farewell is still being synthesized: send it before closing (frames go out faster than they play).
    const timeout = setTimeout(closeNow, 10_000);
    void this.speaker.drained().then(() => {
      clearTimeout(timeout);
      closeNow();
    });
  }

  /** The socket closed: stop listening and speaking (the session keeps its own state for a resume). */
  disconnected(): void {
    this.ended = true;
    this.listener?.close();
    this.speaker.stop('ended');
    void this.recording?.flush();
  }

  /** A client message the session also gets: the channel follows mode changes and stops audio the candidate overrides. */
  observe(message: ClientMessage): void {
    switch (message.type) {
      case 'playback':
        this.speaker.onPlayback(message.id, message.event);
        return;
      case 'recognised':
        this.browserText = message.text;
        if (this.recognition === 'browser') this.emit({ type: 'heard', text: message.text, final: false });
        return;
      case 'repeat':
        this.speaker.stop('repeat');
        this.afterCandidateInput();
        return;
      case 'answer':
        this.speaker.stop('barge_in');
        this.afterCandidateInput();
        return;
      case 'end':
        this.speaker.stop('ended');
        this.afterCandidateInput();
        return;
      default:
    }
  }

  /** A microphone frame the session admitted (after consent, in voice mode, well-formed). */
  private hear(frame: Uint8Array): void {
    // Copied: the socket's buffer may be pooled and misaligned for 16-bit reads.
    const samples = new Int16Array(frame.byteLength >> 1);
    new Uint8Array(samples.buffer).set(frame.subarray(0, samples.byteLength));
    // Every admitted frame is recorded, heard or not (the recording is the whole session).
    this.recording?.add(samples, (this.deps.clock?.now() ?? new Date()).getTime());
    void this.listener?.push(samples);
  }

  private onSession(event: Extract<ServerEvent, { type: 'session' }>): ServerEvent {
    this.interviewId = event.interview_id;
    this.language = languageFor(event.language_code);
    const { audioSink, log } = this.deps;
    if (audioSink && !this.recording) {
      this.recording = new CandidateRecording(audioSink, event.interview_id, (error) =>
        log?.('error', `the candidate audio of ${event.interview_id} could not be spooled for the recording`, error),
      );
    }
    this.recognition = event.speech?.recognition ?? 'none';
    this.canSpeak = event.speech?.synthesis ?? false;
    this.announcedMode = event.mode ?? null;
    return event;
  }

  private modeChanged(mode: SessionMode): void {
    if (mode === 'text') {
      this.listener?.cancel();
      this.speaker.stop('ended');
      return;
    }
    if (this.vadFailed) this.announceVadFailed();
    else this.announceIfDeaf();
  }

  /** The VAD broke (an ONNX runtime error): the page is told to offer typing, and the interview log says why. */
  private detectorFailed(error: unknown): void {
    this.vadFailed = true;
    this.deps.log?.('error', 'voice-activity detection failed; the candidate is asked to type', error);
    const detail = error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
    this.noteLine(`voice-activity detection failed (${detail}); the candidate was asked to type their answers`);
    if (!this.ended) this.announceVadFailed();
  }

  private announceVadFailed(): void {
    this.emit({
      type: 'speech_unavailable',
      reason: 'vad_failed',
      message: 'your voice cannot be detected just now; please type your answers',
    });
  }

  /** Voice mode where nothing can recognise the candidate: the page is told once, and typing goes on. */
  private announceIfDeaf(): void {
    if (this.recognition !== 'none' || this.unavailableSent) return;
    this.unavailableSent = true;
    const name = this.language?.englishName ?? 'this language';
    this.emit({
      type: 'speech_unavailable',
      reason: 'no_recogniser',
      message: `speech cannot be recognised in ${name} here; please type your answers`,
    });
  }

  private isListening(): boolean {
    return !this.ended && !this.vadFailed && this.awaitingInput && this.mode === 'voice' && this.recognition !== 'none';
  }

  /**
   * A recogniser for the utterance that starts, or null. At most one runs per
   * session: while the previous utterance's stream is still decoding (the
   * candidate spoke again right after the turn closed), the new speech is not
   * recognised, so alternating speech and silence cannot start process after process.
   */
  private openRecognition(): RecognitionStream | null {
    if (this.recognition !== 'server' || !this.language) return null;
    if (this.liveRecognition) {
      this.deps.log?.('info', 'speech while the previous utterance is still being recognised: not recognised');
      return null;
    }
    let stream: RecognitionStream;
    try {
      stream = this.deps.stt.open(this.language);
    } catch (error) {
      this.recogniserFailed(error);
      return null;
    }
    return this.holdRecognition(stream);
  }

  /** The stream, known as this session's live recogniser until it has finished or been aborted. */
  private holdRecognition(stream: RecognitionStream): RecognitionStream {
    const release = () => {
      if (this.liveRecognition === held) this.liveRecognition = null;
    };
    const held: RecognitionStream = {
      write: (samples) => stream.write(samples),
      finish: () => {
        const result = stream.finish();
        result.then(release, release);
        return result;
      },
      abort: () => {
        stream.abort();
        release();
      },
    };
    this.liveRecognition = held;
    return held;
  }

  private onSpeechStarted(bargeIn: boolean): void {
    this.latency.forget();
    this.emit({ type: 'vad', speaking: true });
    if (bargeIn && this.speaker.stop('barge_in')) this.noteLine('the candidate interrupted the interviewer (barge-in): playback stopped');
    // Speaking is presence: the inactivity clock starts again, as typing does.
    this.deliver({ type: 'activity' });
  }

  private onSpeechEnded(recognition: RecognitionStream | Promise<string> | null, hangoverMs: number): void {
    this.emit({ type: 'vad', speaking: false });
    // Turns finish in order even if a recogniser is slow.
    this.turns = this.turns.then(() => this.finishTurn(recognition, hangoverMs));
  }

  private async finishTurn(recognition: RecognitionStream | Promise<string> | null, hangoverMs: number): Promise<void> {
    const started = this.now();
    let text: string;
    if (this.recognition === 'browser') {
      // The browser's final result may trail the server's end of turn a little.
      for (let waited = 0; !this.browserText.trim() && waited < BROWSER_TEXT_WAIT_MS && !this.ended; waited += 50) await sleep(50);
      text = this.browserText.trim();
      this.browserText = '';
    } else if (recognition) {
      try {
        text = (await (recognition instanceof Promise ? recognition : recognition.finish())).trim();
      } catch (error) {
        this.recogniserFailed(error);
        return;
      }
    } else {
      return;
    }
    const sttMs = this.now() - started;
    if (this.ended || this.mode !== 'voice') return;
    this.emit({ type: 'heard', text, final: true });
    if (!text) return;
    this.awaitingInput = false;
    this.latency.answered(hangoverMs, sttMs);
    this.deliver({ type: 'answer', text: text.slice(0, MAX_ANSWER_CHARS) });
  }

  private recogniserFailed(error: unknown): void {
    this.deps.log?.('warn', `speech recognition (${this.deps.stt.name}) failed`, error);
    this.emit({
      type: 'speech_unavailable',
      reason: 'recogniser_failed',
      message: 'your speech could not be recognised just now; please type this answer',
    });
  }

  private onFirstAudio(): void {
    const latency = this.latency.firstAudio();
    if (!latency) return;
    this.deps.observeLatency?.(latency);
    this.noteLine(formatTurnLatency(latency));
  }

  private afterCandidateInput(): void {
    this.listener?.cancel();
    this.latency.forget();
  }

  private deliver(message: ClientMessage): void {
    if (this.port) this.port.handle(message);
    else this.early.push((port) => port.handle(message));
  }

  private noteLine(line: string): void {
    if (this.port) this.port.note([line]);
    else this.early.push((port) => port.note([line]));
  }

  private emit(event: ServerEvent): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
  }

  private sendBinary(frame: Uint8Array): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
  }
}
