// A candidate who speaks, over protocol version 2 exactly as a page would:
// `start` with consent in voice mode, microphone audio as binary PCM16 frames
// at 16 kHz (paced like a microphone, silence between answers included), and
// `playback` reports for the interviewer's audio. Used by `cli simulate
// --voice`, the voice bench and the tests. It never sends text answers: what
// the server hears is only what it recognised in the audio.

import { performance } from 'node:perf_hooks';
import { CANDIDATE_SAMPLE_RATE } from '../speech/audio.js';
import { VOICE_PROTOCOL_VERSION, type ServerEvent } from '../session/protocol.js';
import { CandidateClient } from './candidate-client.js';

/** Microphone frames of 20 ms, as the page's AudioWorklet sends them. */
const FRAME_SAMPLES = CANDIDATE_SAMPLE_RATE / 50;
const FRAME_MS = 20;

type EventOf<K extends ServerEvent['type']> = Extract<ServerEvent, { type: K }>;

export interface SpokenTurn {
  /** What the server recognised (the `heard` final), '' when nothing. */
  heard: string;
  /** The interviewer's reply. */
  said: EventOf<'utterance'>[];
  ended: EventOf<'ended'> | null;
  /** From the last frame of speech sent to the first binary frame of the reply, ms (client-observed). */
  replyAudioMs: number | null;
}

export interface VoiceClientOptions {
  /** How fast the microphone runs: 1 is real time; 4 sends four times faster (tests). */
  speed?: number;
  /** Silence the microphone sends after an answer while it waits (ms of audio at most). */
  maxTrailingSilenceMs?: number;
  /**
   * How the client reports the interviewer's audio: `instant` as played once it
   * arrived whole (fast tests), `realtime` as played for its duration (as a page
   * would), `none` not at all (the server then estimates playback itself).
   */
  playback?: 'instant' | 'realtime' | 'none';
}

export class VoiceCandidate {
  private readonly speed: number;
  private readonly maxTrailingSilenceMs: number;
  private readonly playback: NonNullable<VoiceClientOptions['playback']>;
  /** When the interviewer's audio reported so far has finished playing (performance.now()). */
  private playingUntil = 0;
  /** Whether the server speaks (session.speech.synthesis): then every utterance has an audio stream to wait for. */
  private synthesis = false;
  /** Utterances the server has said, and audio streams that are over (audio_end or stop_audio). */
  private utterances = 0;
  private readonly finishedAudio = new Set<string>();
  /** performance.now() of each binary frame the server sent (the interviewer's voice). */
  readonly audioArrivals: number[] = [];
  audioBytes = 0;

  private constructor(
    readonly client: CandidateClient,
    options: VoiceClientOptions,
  ) {
    this.speed = options.speed ?? 1;
    this.maxTrailingSilenceMs = options.maxTrailingSilenceMs ?? 6_000;
    this.playback = options.playback ?? 'instant';
    client.socket.on('message', (data, isBinary) => {
      if (!isBinary) return this.onEvent(JSON.parse((data as Buffer).toString('utf8')) as ServerEvent);
      this.audioArrivals.push(performance.now());
      this.audioBytes += (data as Buffer).byteLength;
    });
  }

  static async connect(baseUrl: string, interviewId: string, options: VoiceClientOptions & { url?: string } = {}): Promise<VoiceCandidate> {
    const client = await CandidateClient.connect(baseUrl, interviewId, { url: options.url, version: VOICE_PROTOCOL_VERSION });
    return new VoiceCandidate(client, options);
  }

  /** Agrees and starts in voice mode; resolves with the session event and the opening turn. */
  async start(): Promise<{ session: EventOf<'session'>; opening: Awaited<ReturnType<CandidateClient['turn']>> }> {
    const session = await this.client.next('session');
    this.synthesis = session.speech?.synthesis === true;
    if (session.consent_required) this.client.send({ type: 'start', consent: true, mode: 'voice' });
    else this.client.send({ type: 'mode', mode: 'voice' });
    return { session, opening: await this.client.turn(30_000) };
  }

  /**
   * Speaks one answer: the samples paced like a microphone, then silence until
   * the server has heard the turn out and the interviewer has answered.
   */
  async speak(samples: Int16Array, timeoutMs = 60_000): Promise<SpokenTurn> {
    const heardBefore = this.countEvents('heard', true);
    const vadEndsBefore = this.vadEnds();
    await this.stream(samples);
    const spokeUntil = performance.now();
    const audioBefore = this.audioArrivals.length;
    // A microphone keeps sending: silence until the server's VAD closes the turn and it has an answer.
    // Paced by the clock since the speech ended, as a microphone's audio is: a timer that fires late (a
    // busy event loop) is caught up at once, so the server's audio clock keeps up with real time.
    const silence = Buffer.alloc(Math.round(FRAME_SAMPLES * this.speed) * 2);
    let frames = 0;
    while (
      this.countEvents('heard', true) <= heardBefore &&
      !this.client.isClosed &&
      frames * FRAME_MS * this.speed < this.maxTrailingSilenceMs
    ) {
      this.client.sendRaw(silence);
      frames++;
      // Never a busy loop: the server's events must come in between.
      await sleep(Math.max(0, spokeUntil + frames * FRAME_MS - performance.now()));
    }
    // The turn was closed (the VAD saw speech end) but recognition is still running: wait for it, silently.
    const deadline = performance.now() + timeoutMs;
    while (
      this.countEvents('heard', true) <= heardBefore &&
      this.vadEnds() > vadEndsBefore &&
      !this.client.isClosed &&
      performance.now() < deadline
    )
      await sleep(20);
    const heardEvent = this.lastEvent('heard', true);
    const heard = this.countEvents('heard', true) > heardBefore && heardEvent ? heardEvent.text : '';
    if (!heard) return { heard, said: [], ended: null, replyAudioMs: null };
    const turn = await this.client.turn(timeoutMs);
    const firstAudio = this.audioArrivals[audioBefore];
    const replyAudioMs = firstAudio === undefined ? await this.waitForAudio(audioBefore, spokeUntil) : firstAudio - spokeUntil;
    return { heard, said: turn.said, ended: turn.ended, replyAudioMs };
  }

  /** When the interviewer's audio reported so far ends playing (performance.now(); `realtime` playback only). */
  playbackEndsAt(): number {
    return this.playingUntil;
  }

  close(): Promise<{ code: number; reason: string }> {
    return this.client.close();
  }

  private async waitForAudio(index: number, since: number): Promise<number | null> {
    const deadline = performance.now() + 10_000;
    while (this.audioArrivals.length <= index) {
      if (this.client.isClosed || performance.now() > deadline) return null;
      await sleep(5);
    }
    return this.audioArrivals[index]! - since;
  }

  /** Sends samples at the microphone's pace: 50 frames a second (20 ms each in real time, longer when faster). */
  private async stream(samples: Int16Array): Promise<void> {
    const started = performance.now();
    const perFrame = Math.round(FRAME_SAMPLES * this.speed);
    let sentMs = 0;
    for (let at = 0; at < samples.length; at += perFrame) {
      if (this.client.isClosed) return;
      const frame = samples.subarray(at, at + perFrame);
      this.client.sendRaw(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
      sentMs += (frame.length / CANDIDATE_SAMPLE_RATE) * 1000;
      const due = started + sentMs / this.speed;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
    }
  }

  /**
   * Resolves once the interviewer's audio so far has been played (as reported;
   * at once with `instant` or `none`), as a candidate waits for the question to
   * end. Replies are synthesised sentence by sentence, so an utterance's audio
   * may end well after the turn's events: wait for every utterance's stream.
   */
  async waitForPlayback(maxWaitMs = 60_000): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    await sleep(50);
    const audioPending = () => this.synthesis && this.playback !== 'none' && this.finishedAudio.size < this.utterances;
    while ((audioPending() || performance.now() < this.playingUntil) && !this.client.isClosed && performance.now() < deadline) {
      await sleep(Math.max(5, Math.min(50, this.playingUntil - performance.now())));
    }
  }

  /** Nothing is played here; `playback` reports say what a page would. */
  private onEvent(event: ServerEvent): void {
    if (event.type === 'utterance') this.utterances += 1;
    if (event.type === 'audio_end' || event.type === 'stop_audio') this.finishedAudio.add(event.id);
    if (this.playback === 'none' || this.client.isClosed) return;
    if (event.type === 'audio_start') {
      this.client.send({ type: 'playback', id: event.id, event: 'started' });
    } else if (event.type === 'audio_end') {
      if (this.playback === 'instant') {
        this.client.send({ type: 'playback', id: event.id, event: 'ended' });
        return;
      }
      // Played back to back after what is already playing.
      this.playingUntil = Math.max(this.playingUntil, performance.now()) + event.duration_ms;
      const id = event.id;
      setTimeout(() => {
        if (!this.client.isClosed) this.client.send({ type: 'playback', id, event: 'ended' });
      }, this.playingUntil - performance.now());
    } else if (event.type === 'stop_audio') {
      this.playingUntil = 0;
    }
  }

  private vadEnds(): number {
    return this.client.events.filter((e) => e.type === 'vad' && !e.speaking).length;
  }

  private countEvents(type: 'heard', final = false): number {
    return this.client.events.filter((e) => e.type === type && (!final || e.final)).length;
  }

  private lastEvent(type: 'heard', final = false): EventOf<'heard'> | undefined {
    const found = this.client.events.filter((e): e is EventOf<'heard'> => e.type === type && (!final || e.final));
    return found[found.length - 1];
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
