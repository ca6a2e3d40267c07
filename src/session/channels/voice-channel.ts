// The voice channel (protocol version 2): the text channel's JSON events plus
// audio both ways. It renders what the session decided: events go to the
// socket, each interviewer utterance is also spoken, and the microphone
// frames the session admitted (consent, voice mode, shape: candidate-input.ts
// admitAudio) go into the session's voice pipeline (voice-pipeline.ts), which
// hands a spoken answer back to the session as the same `answer` message a
// typed one is. The session and the conversation never see audio.

import type { Scheduler } from '../../common/clock.js';
import type { CandidateChannel, ChannelMode, ChannelSession } from '../channel.js';
import { CloseCode, type ClientMessage, type ServerEvent } from '../protocol.js';
import type { TextSocket } from './text-channel.js';
import { VoicePipeline, type VoiceDeps } from './voice-pipeline.js';

/** A socket that also carries binary frames. */
export interface VoiceSocket extends Omit<TextSocket, 'send'> {
  send(data: string | Uint8Array): void;
}

/** The longest a normal close waits for the farewell's audio to be sent. */
const FAREWELL_WAIT_MS = 10_000;

export class VoiceChannel implements CandidateChannel {
  private session: ChannelSession | null = null;
  /** Built when the session attaches: everything it does is about that interview. */
  private pipeline: VoicePipeline | null = null;

  constructor(
    private readonly socket: VoiceSocket,
    readonly peerAddress: string | null,
    private readonly deps: VoiceDeps & { scheduler: Scheduler },
  ) {}

  get mode(): ChannelMode {
    return this.session?.mode ?? 'text';
  }

  attach(session: ChannelSession): void {
    if (this.session) return;
    this.session = session;
    const pipeline = new VoicePipeline(
      session,
      { event: (event) => this.emit(event), audio: (frame) => this.sendBinary(frame) },
      this.deps,
    );
    this.pipeline = pipeline;
    session.onAudio((frame) => pipeline.hear(frame));
    session.onModeChange(() => pipeline.modeChanged());
  }

  send(event: ServerEvent): void {
    this.emit(event);
    const { pipeline } = this;
    if (!pipeline) return;
    if (event.type === 'utterance') pipeline.speak(event);
    // The turn is the candidate's: in voice mode with nobody to recognise them, the page is told now.
    else if (event.type === 'state') pipeline.announceIfDeaf();
    else if (event.type === 'ended') pipeline.end();
  }

  close(code: number, reason: string): void {
    const closeNow = () => {
      const { readyState } = this.socket;
      if (readyState === this.socket.OPEN || readyState === this.socket.CONNECTING) this.socket.close(code, reason);
    };
    this.pipeline?.stopListening();
    if (!this.pipeline || code !== CloseCode.NORMAL) {
      this.pipeline?.stopSpeaking();
      closeNow();
      return;
    }
    // The farewell is still being synthesized: send it before closing (frames go out faster than they play).
    const timeout = this.deps.scheduler.setTimeout(closeNow, FAREWELL_WAIT_MS);
    void this.pipeline.drained().then(() => {
      timeout.clear();
      closeNow();
    });
  }

  /** The socket closed: stop listening and speaking (the session keeps its own state for a resume). */
  disconnected(): void {
    this.pipeline?.disconnect();
  }

  accepted(message: ClientMessage): void {
    this.pipeline?.accepted(message);
  }

  private emit(event: ServerEvent): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
  }

  private sendBinary(frame: Uint8Array): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
  }
}
