// One voice session's pipeline, in the order a spoken turn goes through it:
//
//   microphone frame -> recording -> VAD -> echo gate / barge-in -> end of turn
//   -> recogniser -> conversation (the session) -> synthesizer -> speaker
//
// The parts are small and tested alone: CandidateRecording (the spool),
// VoiceListener (VAD, echo gate, end of turn, early finish), RecogniserSlot
// (one server recogniser per session), BrowserTranscript (the page's own
// recogniser), VoiceSpeaker (synthesis and playback), TurnLatencyTracker,
// SpeculativeReply (the reply prepared while the end of turn still waits).
// What the pipeline needs to know about the interview (language, who
// recognises, whether an answer is awaited) it asks the session; it never
// reads it back from the events it sends.

import type { VoiceConfig } from '../../config.js';
import type { CandidateAudioSink } from '../../media/candidate-audio.js';
import type { RecordingSpeech } from '../../media/recording-speech.js';
import type { Clock, Scheduler, TimerHandle } from '../../common/clock.js';
import type { RecognitionStream, SpeechToText } from '../../speech/stt/speech-to-text.js';
import type { TextToSpeech } from '../../speech/tts/text-to-speech.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from '../../speech/vad/voice-activity.js';
import type { ChannelSession } from '../channel.js';
import { MAX_ANSWER_CHARS, type ClientMessage, type ServerEvent, type ServerEvents } from '../protocol.js';
import { BrowserTranscript } from './browser-transcript.js';
import { CandidateRecording } from './candidate-recording.js';
import { MAX_WAITING, MAX_WAITING_SECONDS, RecogniserSlot } from './recogniser-slot.js';
import { formatTurnLatency, TurnLatencyTracker, type TurnLatencyObserver } from './voice-latency.js';
import { SpeculativeReply, type SpeculationSettled } from './speculative-reply.js';
import { detectorSilenceMs, isTrailingOff, turnSilenceMs, turnSilences } from './turn-end.js';
import { VoiceListener } from './voice-listener.js';
import { VoiceSpeaker } from './voice-speaker.js';

/** What every voice pipeline of the process shares: the providers and the settings. */
export interface VoiceDeps {
  /** Voice-activity detection (Silero); null: the server cannot take turns by voice. */
  vad: { create(events: VoiceActivityEvents): VoiceActivityDetector } | null;
  stt: SpeechToText;
  tts: TextToSpeech;
  settings: VoiceConfig;
  /** Each spoken turn's latency (metrics). */
  observeLatency?: TurnLatencyObserver;
  /** Each speculative reply's outcome (metrics). */
  observeSpeculation?: (settled: SpeculationSettled) => void;
  /** The process log (problems with speech providers). */
  log?: (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;
  /** Monotonic milliseconds for the latency split; performance.now() when absent. */
  now?: () => number;
  /** The recording's spool for the candidate's microphone; the session clock places it. */
  audioSink?: CandidateAudioSink | null;
  /** The interviewer's voice for the recording, synthesised in the background during the session. */
  recordingSpeech?: RecordingSpeech | null;
  clock: Clock;
  scheduler: Scheduler;
}

/** Where the pipeline's events and the interviewer's audio go (the socket, through the channel). */
export interface VoiceOutput {
  event(event: ServerEvent): void;
  audio(frame: Uint8Array): void;
}

/**
 * Silence after which the recogniser is finished early, inside the VAD's
 * hang-over: long enough that most pauses within a sentence do not trigger
 * it (a restart re-decodes the utterance), short enough to hide the decoder's
 * last pass behind the rest of the hang-over.
 */
export function earlyFinishMs(silenceMs: number): number {
  return Math.min(300, Math.round(silenceMs / 2));
}

/**
 * The same for a checkpoint (warm PocketSphinx, once the utterance is longer
 * than voice-listener.ts's CHECKPOINT_AFTER_MS; shorter ones are finished
 * early as above): a pause that turns out to be within a sentence costs one
 * stretch boundary, not a re-decode, so the checkpoint comes sooner and its
 * pass is over sooner.
 */
export function earlyCheckpointMs(silenceMs: number): number {
  return Math.min(150, Math.round(silenceMs / 2));
}

/** How long the end of a turn waits for the browser's final text (browser recognition). */
const BROWSER_TEXT_WAIT_MS = 1_500;
/** A finished turn whose recognition has not started after this long (every recogniser busy) hears "one moment". */
export const ONE_MOMENT_AFTER_MS = 1_000;
/** The control id of the "one moment" line: said and shown, never stored. */
export const ONE_MOMENT_CONTROL_ID = 'one_moment';
/** Utterances joined into one answer at most (the first and what waited behind it): the answer goes to the session then. */
const MAX_JOINED = 1 + MAX_WAITING;
/**
 * The longest words are held back for their continuation: an utterance ends only on audio, so a
 * candidate who mutes mid-sentence (no more frames) or steady noise taken as speech would hold them for good.
 * Long enough for a continuation of a few sentences, which is what a candidate who paused and went on says.
 */
export const HELD_ANSWER_MAX_MS = 30_000;

export class VoicePipeline {
  private readonly recording: CandidateRecording | null;
  private readonly listener: VoiceListener | null;
  private readonly recogniser: RecogniserSlot;
  private readonly browserText: BrowserTranscript;
  private readonly speaker: VoiceSpeaker;
  private readonly latency: TurnLatencyTracker;
  /** Null when SESSION_SPECULATIVE_REPLY is off. */
  private readonly speculation: SpeculativeReply | null;
  /** Audio ids of "one moment" lines: their first frame is not the reply's. */
  private readonly cueIds = new Set<string>();
  private readonly now: () => number;
  /** Spoken turns finish in order even if a recogniser is slow. */
  private turns: Promise<void> = Promise.resolve();
  private ended = false;
  /** Voice-activity detection failed on this connection: no turn can be taken by voice any more. */
  private vadFailed = false;
  private deafSent = false;
  /** The spoken answer this pipeline delivered, which the session hands back once it accepts it. */
  private ownAnswer: string | null = null;
  /** An utterance counted that has not ended (nor been dropped) yet. */
  private speaking = false;
  /** Turns that ended and whose words are not through finishTurn yet. */
  private pendingTurns = 0;
  /** Words held back because the candidate went on before they were handed over: the next turn's words join them. */
  private heldBack: { text: string; parts: number } | null = null;
  /** Hands the words held back over alone once they have waited HELD_ANSWER_MAX_MS. */
  private heldTimer: TimerHandle | null = null;
  /** Bumped when words held back are cut off from their continuation (handed over alone, or dropped): turns started before are no answer. */
  private cuts = 0;
  /** What the log says, with their words, of turns started before the last cut. */
  private cutNote = '';
  /** `cuts` when the utterance in progress started. */
  private utteranceCuts = 0;

  constructor(
    private readonly session: ChannelSession,
    private readonly output: VoiceOutput,
    private readonly deps: VoiceDeps,
  ) {
    this.now = deps.now ?? (() => performance.now());
    this.latency = new TurnLatencyTracker(this.now);
    this.browserText = new BrowserTranscript(deps.scheduler);
    this.recording = deps.audioSink
      ? new CandidateRecording(deps.audioSink, session.interviewId, (error) =>
          deps.log?.('error', `the candidate audio of ${session.interviewId} could not be spooled for the recording`, error),
        )
      : null;
    this.recogniser = new RecogniserSlot(deps.stt, {
      failed: (error) => this.recogniserFailed(error),
      waiting: () => deps.log?.('info', 'speech while the previous utterance is still being recognised: it waits for the recogniser'),
      overflowed: () =>
        session.note([
          `the candidate spoke on for over ${MAX_WAITING_SECONDS} s while an earlier utterance was still being recognised: the rest was not recognised`,
        ]),
      full: () =>
        session.note([
          `the candidate paused and went on more than ${MAX_WAITING} times while an earlier utterance was still being recognised: the rest was not recognised`,
        ]),
    });
    this.speaker = new VoiceSpeaker(deps.tts, {
      event: (event) => output.event(event),
      audio: (frame) => output.audio(frame),
      firstFrame: (id) => {
        if (!this.cueIds.delete(id)) this.onFirstAudio();
      },
      failed: (text, error) => deps.log?.('warn', `speech synthesis failed for "${text.slice(0, 60)}"`, error),
      missed: (line) => session.note([line]),
      now: this.now,
    });
    this.speculation = deps.settings.speculativeReply
      ? new SpeculativeReply({
          prepareReply: (text) => session.prepareReply(text, { modelCalls: deps.settings.speculativeModelCalls }),
          discardReply: () => session.discardReply(),
          prepareAudio: (text) => {
            if (session.canSpeak) this.speaker.prepare(text, session.language);
          },
          discardAudio: () => this.speaker.discardPrepared(),
          settled: (settled) => this.onSpeculationSettled(settled),
        })
      : null;
    const { vad } = deps;
    const silences = turnSilences(deps.settings);
    this.listener = vad
      ? new VoiceListener(
          (events) => vad.create(events),
          deps.settings.bargeInMs,
          {
            isListening: () => this.isListening(),
            isPlaying: () => this.speaker.isPlaying(),
            speechStarted: (bargeIn) => this.onSpeechStarted(bargeIn),
            openRecognition: () => this.openRecognition(),
            speechEnded: (recognition, timing) => this.onSpeechEnded(recognition, timing.detectedAtMs - timing.endedAtMs),
            detectorFailed: (error) => this.detectorFailed(error),
            // Adaptive end of turn: the page's interim text when the browser recognises, else the server's.
            silenceNeeded: silences
              ? (heard, isRecognising) =>
                  this.session.recognition === 'browser'
                    ? turnSilenceMs({ text: this.browserText.current, isRecognising: false }, this.session.language, silences)
                    : turnSilenceMs({ text: heard, isRecognising }, this.session.language, silences)
              : undefined,
            // The early result while the candidate is silent: the reply is prepared unless the words trail off.
            earlyResult: (text) => {
              if (!silences || !isTrailingOff(text, this.session.language)) this.prepareReply(text);
            },
            earlyDropped: () => this.speculation?.settle(null),
          },
          earlyFinishMs(detectorSilenceMs(deps.settings)),
          earlyCheckpointMs(detectorSilenceMs(deps.settings)),
        )
      : null;
  }

  // 1. A microphone frame the session admitted (after consent, in voice mode, well-formed).
  hear(frame: Uint8Array): void {
    // Copied: the socket's buffer may be pooled and misaligned for 16-bit reads.
    const samples = new Int16Array(frame.byteLength >> 1);
    new Uint8Array(samples.buffer).set(frame.subarray(0, samples.byteLength));
    // 2. Every admitted frame is recorded, heard or not (the recording is the whole session).
    this.recording?.add(samples, this.deps.clock.now().getTime());
    // 3. VAD, echo gate and end of turn (voice-listener.ts), which call back below.
    void this.listener?.push(samples);
  }

  /** The candidate is heard only while the interviewer waits for them, in voice mode, with someone to recognise. */
  private isListening(): boolean {
    const { session } = this;
    return !this.ended && !this.vadFailed && session.isAwaitingInput && session.mode === 'voice' && session.recognition !== 'none';
  }

  // 4. Speech counted (past the echo gate): a barge-in stops the interviewer.
  private onSpeechStarted(bargeIn: boolean): void {
    this.latency.forget();
    this.speaking = true;
    this.utteranceCuts = this.cuts;
    // The browser's final text for this utterance comes after its end, so nothing sent before it is this answer.
    this.browserText.startUtterance();
    this.output.event({ type: 'vad', speaking: true });
    if (bargeIn && this.speaker.stop('barge_in'))
      this.session.note(['the candidate interrupted the interviewer (barge-in): playback stopped']);
    // Speaking is presence: the inactivity clock starts again, as typing does.
    this.session.handle({ type: 'activity' });
  }

  // 5. The recogniser for the utterance that starts (server recognition only; one at a time, the next one waiting in line).
  private openRecognition(): RecognitionStream | null {
    if (this.session.recognition !== 'server') return null;
    return this.recogniser.open(this.session.language, this.session.tenant);
  }

  // 6. End of turn: the hang-over closed it.
  private onSpeechEnded(recognition: RecognitionStream | Promise<string> | null, hangoverMs: number): void {
    this.output.event({ type: 'vad', speaking: false });
    this.speaking = false;
    this.pendingTurns += 1;
    const cuts = this.utteranceCuts;
    this.turns = this.turns.then(() => this.finishTurn(recognition, hangoverMs, cuts));
  }

  /** The utterance in progress was dropped: words held back for it go to the session alone. */
  private utteranceDropped(): void {
    this.speaking = false;
    if (this.heldBack && this.pendingTurns === 0) this.turns = this.turns.then(() => this.deliver(null));
  }

  // 6b. The turn will probably end with these words (the early result, the candidate still silent):
  // the reply is prepared meanwhile, and sent only if the turn ends with them (finishTurn).
  private prepareReply(text: string): void {
    if (this.ended || this.session.mode !== 'voice' || this.session.recognition !== 'server') return;
    // Words before these are still being recognised: the answer is not known yet. Cut off: no answer at all.
    if (this.pendingTurns > 0 || this.utteranceCuts !== this.cuts) return;
    this.speculation?.prepare(joined(this.heldBack?.text, text).slice(0, MAX_ANSWER_CHARS));
  }

  // 7. What was said, from the server's recogniser or the page's, becomes an answer for the conversation.
  private async finishTurn(recognition: RecognitionStream | Promise<string> | null, hangoverMs: number, cuts: number): Promise<void> {
    let text: string | null;
    try {
      text = await this.recognise(recognition, hangoverMs);
    } finally {
      this.pendingTurns -= 1;
    }
    if (cuts === this.cuts) this.deliver(text);
    else this.cutOff(text);
  }

  /**
   * A turn started before its answer's words were handed over alone or dropped: it was spoken to that
   * question, so it answers none (not the next one); the log keeps its words. Turns before it were cut too.
   */
  private cutOff(text: string | null): void {
    // A reply prepared for it, or a latency measured from it, would be for words no answer has.
    this.speculation?.settle(null);
    this.latency.forget();
    if (text && !this.ended) this.session.note([`${this.cutNote}: ${text.slice(0, MAX_ANSWER_CHARS)}`]);
  }

  /** Turns started until now are cut off from the answer (cutOff); the log says `note` of their words. */
  private cut(note: string): void {
    this.cuts += 1;
    this.cutNote = note;
  }

  /**
   * The turn's words, after any held back, become one answer. Speech that started before they were
   * handed over (the candidate paused, the turn closed, they went on) is the same answer going on:
   * they wait for it, up to MAX_JOINED utterances, rather than answer a question not asked yet.
   */
  private deliver(text: string | null): void {
    const held = this.takeHeldBack();
    const answer = this.ended || this.session.mode !== 'voice' ? '' : joined(held?.text, text);
    const parts = (held?.parts ?? 0) + (text ? 1 : 0);
    if (answer && (this.speaking || this.pendingTurns > 0) && parts < MAX_JOINED) {
      this.heldBack = { text: answer, parts };
      // Bounded from the first words held: joining more does not wait longer.
      this.heldTimer = held?.timer ?? this.deps.scheduler.setTimeout(() => this.heldTooLong(), HELD_ANSWER_MAX_MS);
      // A reply prepared for the words so far would answer half of it.
      this.speculation?.settle(null);
      return;
    }
    held?.timer?.clear();
    // The turn is confirmed: a reply prepared for exactly this answer is the one sent, any other is discarded.
    this.speculation?.settle(answer ? answer.slice(0, MAX_ANSWER_CHARS) : null);
    if (answer) this.handOver(answer);
  }

  // 8. The conversation: the same answer message a typed answer is.
  private handOver(answer: string): void {
    this.ownAnswer = answer.slice(0, MAX_ANSWER_CHARS);
    this.session.handle({ type: 'answer', text: this.ownAnswer });
  }

  /** The words held back, if any, and their timer (still running: the caller keeps or clears it). */
  private takeHeldBack(): { text: string; parts: number; timer: TimerHandle | null } | null {
    const held = this.heldBack;
    const timer = this.heldTimer;
    this.heldBack = null;
    this.heldTimer = null;
    return held && { ...held, timer };
  }

  /**
   * The words held back go to the session alone, now (the continuation will not come, or not soon):
   * they answer the question they were said to, if it is still awaited; otherwise the log says they were lost.
   * Turns still to come are then answers of their own (heldTooLong cuts off those already started).
   */
  private releaseHeldBack(why: string): boolean {
    const held = this.takeHeldBack();
    if (!held) return false;
    held.timer?.clear();
    // A reply prepared for the words and their continuation would answer more than is handed over.
    this.speculation?.settle(null);
    if (!this.ended && this.session.isAwaitingInput) {
      this.session.note([`the candidate's spoken answer was held back for its continuation, then handed over without it: ${why}`]);
      this.handOver(held.text);
      return true;
    }
    this.session.note([`the candidate's spoken answer was held back for its continuation and could not be handed over: ${why}`]);
    return false;
  }

  /**
   * The continuation has not ended in HELD_ANSWER_MAX_MS (muted, or noise taken as speech): the words go alone,
   * and the continuation, spoken to their question, answers no other (cutOff).
   */
  private heldTooLong(): void {
    this.heldTimer = null;
    // The candidate stopped and the continuation is being recognised (bounded there): its turn joins them as usual,
    // and if they go on meanwhile, holding them again starts a new bound.
    if (!this.speaking && this.pendingTurns > 0) return;
    const handedOver = this.releaseHeldBack(`the continuation went on for over ${HELD_ANSWER_MAX_MS / 1_000} s`);
    this.cut(
      handedOver
        ? 'the candidate went on after the answer was handed over'
        : 'the candidate went on after the answer, which could not be handed over',
    );
  }

  /** The turn's words ('' or null: no answer), with `heard` sent and the latency's first parts noted. */
  private async recognise(recognition: RecognitionStream | Promise<string> | null, hangoverMs: number): Promise<string | null> {
    const started = this.now();
    let text: string;
    if (this.session.recognition === 'browser') {
      // Switched to the browser's recogniser after this turn ended: the server's stream frees the slot for the next.
      if (recognition && !(recognition instanceof Promise)) recognition.abort();
      // The browser's final result may trail the server's end of turn a little.
      text = await this.browserText.take(BROWSER_TEXT_WAIT_MS);
    } else if (recognition) {
      // Every recogniser of the node busy: the candidate hears "one moment" rather than silence.
      const cue = this.deps.scheduler.setTimeout(() => this.sayOneMomentIfWaiting(), ONE_MOMENT_AFTER_MS);
      try {
        text = (await (recognition instanceof Promise ? recognition : recognition.finish())).trim();
      } catch (error) {
        // After the end, utterances still waiting for the recogniser are dropped (aborted): nobody to tell.
        if (!this.ended) this.recogniserFailed(error);
        return null;
      } finally {
        cue.clear();
      }
    } else {
      return null;
    }
    const sttMs = this.now() - started;
    if (this.ended || this.session.mode !== 'voice') return null;
    this.output.event({ type: 'heard', text, final: true });
    if (text) this.latency.answered(hangoverMs, sttMs);
    return text;
  }

  /**
   * The candidate's answer still waits for a free recogniser (back-pressure): the interviewer says
   * a short "one moment", shown like any of its lines but never stored (not a question), once per wait,
   * and only while the session is in voice mode and still awaits that answer.
   */
  private sayOneMomentIfWaiting(): void {
    if (this.ended || !this.recogniser.isWaiting) return;
    // Only while this spoken answer is the one awaited: not after a switch to typing or a typed answer meanwhile.
    if (this.session.mode !== 'voice' || !this.session.isAwaitingInput) return;
    const { language } = this.session;
    const text = language.phrases.oneMoment;
    this.output.event({
      type: 'utterance',
      role: 'assistant',
      text,
      control_id: ONE_MOMENT_CONTROL_ID,
      created_at: this.deps.clock.now().toISOString(),
    });
    if (this.session.canSpeak) this.cueIds.add(this.speaker.speak(text, ONE_MOMENT_CONTROL_ID, language));
    this.session.note(['every speech recogniser was busy: the candidate heard "one moment" while the answer waited']);
  }

  // 9. The interviewer's reply: synthesized sentence by sentence and spoken (voice-speaker.ts).
  speak(utterance: ServerEvents['utterance']): void {
    this.latency.replied();
    const { language, interviewId } = this.session;
    // The recording's copy is made in the background now, so assembly does not wait for a synthesizer.
    this.deps.recordingSpeech?.prepare(interviewId, language, utterance.text);
    // Typed or spoken, the candidate hears the interviewer (the page can mute it: `played` says so).
    if (this.session.canSpeak) this.speaker.speak(utterance.text, utterance.control_id, language);
    else this.latency.forget();
  }

  /** A message the session accepted: playback reports, the browser's text, and what stops the interviewer's audio. */
  accepted(message: ClientMessage): void {
    switch (message.type) {
      case 'playback':
        this.speaker.onPlayback(message.id, message.event);
        return;
      case 'played':
        this.speaker.onPlayed(message.id, message.played_ms, message.outcome);
        return;
      case 'recognised':
        if (this.session.recognition !== 'browser') return;
        this.browserText.heard(message.text, message.final);
        this.output.event({ type: 'heard', text: message.text, final: false });
        return;
      case 'repeat':
        this.speaker.stop('repeat');
        this.dropUtterance();
        return;
      case 'answer':
        // Its own spoken answer coming back: the turn's latency is still being measured.
        if (message.text === this.ownAnswer) {
          this.ownAnswer = null;
          return;
        }
        // A typed answer over the interviewer's audio is a barge-in.
        this.speaker.stop('barge_in');
        this.dropHeldBack();
        this.dropUtterance();
        return;
      case 'end':
        this.speaker.stop('ended');
        this.dropUtterance();
        return;
      default:
    }
  }

  /** A mode switch or a change of recogniser: a new recogniser hears the next utterance from its start. */
  modeChanged(): void {
    this.listener?.cancel();
    this.utteranceDropped();
    this.speculation?.settle(null);
    // Switching to typing leaves the interviewer speaking: typed interviews hear it too.
    if (this.session.mode === 'text') {
      // Words held back answer the current question: typing goes on from there.
      this.releaseHeldBack('the candidate switched to typing');
      return;
    }
    if (this.vadFailed) this.announceVadFailed();
    else this.announceIfDeaf();
  }

  /** Voice mode where nothing can recognise the candidate: the page is told once, and typing goes on. */
  announceIfDeaf(): void {
    if (this.session.mode !== 'voice' || this.session.recognition !== 'none' || this.deafSent) return;
    this.deafSent = true;
    this.output.event({
      type: 'speech_unavailable',
      reason: 'no_recogniser',
      message: `speech cannot be recognised in ${this.session.language.englishName} here; please type your answers`,
    });
  }

  /** The interview ended: nothing more is heard; the recording is flushed before the results pipeline assembles it. */
  end(): void {
    // After the last turn nothing is answered: the log says words were lost (a disconnect handed them over first).
    this.ended = true;
    this.releaseHeldBack('the interview ended');
    this.listener?.cancel();
    this.speaking = false;
    this.recogniser.dropWaiting();
    this.speculation?.settle(null);
    this.browserText.cancel();
    void this.recording?.flush();
  }

  /** The socket closed: stop listening and speaking (the session keeps its own state for a resume). */
  disconnect(): void {
    // The session keeps its state for a resume: words held back answer the question they were said to.
    this.releaseHeldBack('the connection closed');
    this.end();
    this.listener?.close();
    this.speaker.stop('ended');
  }

  /** The socket is closing: nothing more is heard. */
  stopListening(): void {
    this.listener?.close();
  }

  /** Stops the interviewer at once (a socket closing with an error). */
  stopSpeaking(): void {
    this.speaker.stop('ended');
  }

  /** Resolves once every reply queued has been sent (the farewell before the socket closes). */
  drained(): Promise<void> {
    return this.speaker.drained();
  }

  private dropUtterance(): void {
    this.listener?.cancel();
    this.utteranceDropped();
    this.speculation?.settle(null);
    this.latency.forget();
  }

  /** A typed answer came first: spoken words held back, and their continuation, would answer the question after it. */
  private dropHeldBack(): void {
    const held = this.takeHeldBack();
    if (!held) return;
    held.timer?.clear();
    this.session.note([
      'the candidate typed an answer while their spoken one was held back for its continuation: the spoken one was dropped',
    ]);
    // The continuation still being recognised goes with them (the one in progress is dropped by dropUtterance).
    this.cut('the candidate typed an answer while their spoken one was held back for its continuation: its continuation was dropped too');
  }

  /** Counted; a discarded reply is also a line in the interview's log (what was prepared is not). */
  private onSpeculationSettled(settled: SpeculationSettled): void {
    this.deps.observeSpeculation?.(settled);
    if (settled.outcome === 'discarded')
      this.session.note(['a reply prepared while the candidate paused was discarded: the turn did not end there']);
  }

  /** The VAD broke (an ONNX runtime error): the page is told to offer typing, and the interview log says why. */
  private detectorFailed(error: unknown): void {
    this.vadFailed = true;
    this.utteranceDropped();
    this.deps.log?.('error', 'voice-activity detection failed; the candidate is asked to type', error);
    const detail = error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
    this.session.note([`voice-activity detection failed (${detail}); the candidate was asked to type their answers`]);
    if (!this.ended) this.announceVadFailed();
  }

  private announceVadFailed(): void {
    this.output.event({
      type: 'speech_unavailable',
      reason: 'vad_failed',
      message: 'your voice cannot be detected just now; please type your answers',
    });
  }

  private recogniserFailed(error: unknown): void {
    this.deps.log?.('warn', `speech recognition (${this.deps.stt.name}) failed`, error);
    this.output.event({
      type: 'speech_unavailable',
      reason: 'recogniser_failed',
      message: 'your speech could not be recognised just now; please type this answer',
    });
  }

  private onFirstAudio(): void {
    const latency = this.latency.firstAudio();
    if (!latency) return;
    this.deps.observeLatency?.(latency);
    this.session.note([formatTurnLatency(latency)]);
  }
}

/** Words said in two utterances, as one answer. */
function joined(before: string | undefined, text: string | null): string {
  return [before, text].filter((part) => part).join(' ');
}
