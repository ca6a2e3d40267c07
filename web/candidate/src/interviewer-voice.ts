// The interviewer's voice on the page: one queue of utterances (audio_start,
// binary PCM16 frames, audio_end), each played to its end before the next
// begins. Only a stop from the server (the candidate barged in, asked for a
// repeat, the interview ended) or the candidate's own skip or mute control
// cuts it short. Every stream is reported twice: `playback` while it plays
// (the server gates echo with it) and `played` once it is over, with how much
// the candidate actually heard (the interview log names what was missed).

import type { PlayedOutcome } from '../../../src/session/protocol.js';

export interface InterviewerVoiceReports {
  playback(id: string, event: 'started' | 'ended' | 'interrupted'): void;
  played(id: string, playedMs: number, outcome: PlayedOutcome): void;
  /** Whether the interviewer is audible now or has more queued (the "whose turn" line). */
  busy(isBusy: boolean): void;
  /** The browser keeps the audio off until the candidate clicks (a reloaded page): nothing can play yet. */
  blocked(): void;
}

interface Utterance {
  id: string;
  rate: number;
  /** Audio received but not yet scheduled (only the head of the queue is scheduled). */
  pending: AudioBuffer[];
  /** audio_end arrived: no more frames. */
  complete: boolean;
  started: boolean;
  /** Scheduled sources with their start time on the context's clock. */
  sources: Map<AudioBufferSourceNode, number>;
  playedMs: number;
}

/** Lead time before the first frame of an utterance plays: scheduling in the past would clip it. */
const START_LEAD_S = 0.05;
/** How long a suspended audio context may take to start before the page says the browser blocks it. */
const BLOCKED_AFTER_MS = 1_500;

export class InterviewerVoice {
  private context: AudioContext | null = null;
  private readonly queue: Utterance[] = [];
  /** Frames go to the utterance of the last audio_start. */
  private receiving: Utterance | null = null;
  private nextTime = 0;
  private mix: MediaStreamAudioDestinationNode | null = null;
  private isMuted = false;
  private wasBusy = false;

  constructor(private readonly reports: InterviewerVoiceReports) {}

  get muted(): boolean {
    return this.isMuted;
  }

  get isBusy(): boolean {
    return this.queue.length > 0;
  }

  /**
   * The audio for the camera recording: the interviewer's voice as played
   * plus the candidate's microphone, mixed in this context (not sent to the
   * speakers, so the candidate does not hear themselves). Call after unlock().
   */
  recordingAudio(mic: MediaStream | null): MediaStreamTrack[] {
    this.unlock();
    const context = this.context!;
    this.mix ??= context.createMediaStreamDestination();
    if (mic && mic.getAudioTracks().length > 0) context.createMediaStreamSource(mic).connect(this.mix);
    return this.mix.stream.getAudioTracks();
  }

  /** Call from a click: browsers only let a page start audio after a gesture. */
  unlock(): void {
    this.context ??= new AudioContext();
    void this.context.resume();
  }

  begin(id: string, sampleRate: number): void {
    this.unlock();
    const utterance: Utterance = { id, rate: sampleRate, pending: [], complete: false, started: false, sources: new Map(), playedMs: 0 };
    this.receiving = utterance;
    // Muted: the stream is not played at all, and the server hears so.
    if (this.isMuted) return this.reports.played(id, 0, 'muted');
    this.queue.push(utterance);
    this.changed();
    this.watchForBlock();
  }

  /** A context that never starts would hold the queue (and "the interviewer is speaking") for ever. */
  private watchForBlock(): void {
    const context = this.context;
    if (!context || context.state === 'running') return;
    setTimeout(() => {
      if (context.state !== 'running' && this.queue.length > 0 && !this.isMuted) this.reports.blocked();
    }, BLOCKED_AFTER_MS);
  }

  push(frame: ArrayBuffer): void {
    const utterance = this.receiving;
    const context = this.context;
    if (!utterance || !context || frame.byteLength < 2 || !this.queue.includes(utterance)) return;
    const samples = new Int16Array(frame, 0, Math.floor(frame.byteLength / 2));
    const buffer = context.createBuffer(1, samples.length, utterance.rate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = (samples[i] ?? 0) / 0x8000;
    utterance.pending.push(buffer);
    if (utterance === this.queue[0]) this.schedule(utterance);
  }

  end(id: string): void {
    const utterance = this.queue.find((u) => u.id === id);
    if (!utterance) return;
    utterance.complete = true;
    if (utterance === this.queue[0]) this.finishIfDone(utterance);
  }

  /**
   * stop_audio from the server: `id` stops now, and so does every utterance
   * queued behind it (the server stops its whole queue at once; those never play).
   */
  stop(id: string, outcome: PlayedOutcome): void {
    const at = this.queue.findIndex((u) => u.id === id);
    if (at < 0) return;
    for (const utterance of this.queue.slice(at)) this.drop(utterance, outcome);
    this.advance();
  }

  /** The candidate's skip control, the mute control, or the page leaving the interview: silence now. */
  stopAll(outcome: PlayedOutcome): void {
    for (const utterance of [...this.queue]) this.drop(utterance, outcome);
    this.changed();
  }

  /** Mute: what plays stops, and later streams are not played until unmuted. */
  setMuted(isMuted: boolean): void {
    this.isMuted = isMuted;
    if (isMuted) this.stopAll('muted');
  }

  private schedule(utterance: Utterance): void {
    const context = this.context;
    if (!context) return;
    for (const buffer of utterance.pending.splice(0)) {
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      if (this.mix) source.connect(this.mix);
      const at = Math.max(context.currentTime + START_LEAD_S, this.nextTime);
      source.start(at);
      this.nextTime = at + buffer.duration;
      utterance.sources.set(source, at);
      source.onended = () => {
        utterance.sources.delete(source);
        utterance.playedMs += buffer.duration * 1000;
        this.finishIfDone(utterance);
      };
    }
    if (!utterance.started && utterance.sources.size > 0) {
      utterance.started = true;
      this.reports.playback(utterance.id, 'started');
    }
  }

  private finishIfDone(utterance: Utterance): void {
    if (!utterance.complete || utterance.sources.size > 0 || utterance.pending.length > 0) return;
    this.queue.splice(this.queue.indexOf(utterance), 1);
    if (utterance.started) this.reports.playback(utterance.id, 'ended');
    this.reports.played(utterance.id, Math.round(utterance.playedMs), 'complete');
    this.advance();
  }

  /** Out of the queue now; what was heard of it is the finished sources plus the part of the one playing. */
  private drop(utterance: Utterance, outcome: PlayedOutcome): void {
    const now = this.context?.currentTime ?? 0;
    for (const [source, at] of utterance.sources) {
      source.onended = null;
      source.stop();
      const duration = source.buffer?.duration ?? 0;
      utterance.playedMs += Math.min(duration, Math.max(0, now - at)) * 1000;
    }
    utterance.sources.clear();
    utterance.pending = [];
    // The next one starts now, not where the stopped one would have ended.
    if (utterance === this.queue[0]) this.nextTime = 0;
    this.queue.splice(this.queue.indexOf(utterance), 1);
    if (this.receiving === utterance) this.receiving = null;
    if (utterance.started) this.reports.playback(utterance.id, 'interrupted');
    this.reports.played(utterance.id, Math.round(utterance.playedMs), outcome);
  }

  /** The next utterance starts where this one ended. */
  private advance(): void {
    const head = this.queue[0];
    if (head) {
      this.schedule(head);
      this.finishIfDone(head);
    } else this.nextTime = 0;
    this.changed();
  }

  private changed(): void {
    if (this.isBusy === this.wasBusy) return;
    this.wasBusy = this.isBusy;
    this.reports.busy(this.isBusy);
  }
}
