// One candidate session over protocol v2 (docs/realtime-protocol.md): typed
// events and binary audio in, messages and audio out, and reconnection after
// a dropped connection until the interview is over or the page gives up.

import type { ClientMessage, ServerEvent } from '../../../src/session/protocol.js';
import { CloseCode, VOICE_PROTOCOL_VERSION, candidateSessionUrl } from '../../../src/session/protocol-shared.js';

/** Closes that reconnecting cannot undo: an unknown link, an old page, another session, an ended or reset interview. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([
  CloseCode.UNSUPPORTED_VERSION,
  CloseCode.NOT_FOUND,
  CloseCode.NOT_ALLOWED,
  CloseCode.ENDED,
]);

export interface SessionHandlers {
  onEvent(event: ServerEvent): void;
  /** A binary frame: the interviewer's speech (PCM16 at the `audio_start` rate). */
  onAudio(frame: ArrayBuffer): void;
  /** The connection dropped; the next attempt is in `delayMs`. */
  onDropped(attempt: number, delayMs: number): void;
}

export class SessionClient {
  private socket: WebSocket | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private isFinished = false;

  constructor(
    private readonly url: string,
    private readonly handlers: SessionHandlers,
  ) {}

  static forInterview(interviewId: string, handlers: SessionHandlers): SessionClient {
    return new SessionClient(candidateSessionUrl(location.origin, interviewId, VOICE_PROTOCOL_VERSION), handlers);
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  connect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.isFinished = false;
    const socket = new WebSocket(this.url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onmessage = (frame: MessageEvent<string | ArrayBuffer>) => {
      if (typeof frame.data !== 'string') return this.handlers.onAudio(frame.data);
      const event = JSON.parse(frame.data) as ServerEvent;
      if (event.type === 'session') this.retries = 0;
      this.handlers.onEvent(event);
    };
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      if (FINAL_CLOSES.has(close.code)) this.isFinished = true;
      if (this.isFinished) return;
      this.retries += 1;
      const delay = Math.min(10_000, 500 * 2 ** (this.retries - 1));
      this.handlers.onDropped(this.retries, delay);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Reconnect at once (the candidate pressed "Reconnect now" or "Use it here"). */
  reconnectNow(): void {
    if (this.isOpen) return;
    this.connect();
  }

  send(message: ClientMessage): void {
    if (this.isOpen) this.socket?.send(JSON.stringify(message));
  }

  sendAudio(frame: ArrayBuffer): void {
    // A slow network must not queue minutes of audio in the browser: drop frames past half a second of backlog.
    if (this.isOpen && (this.socket?.bufferedAmount ?? 0) < 16_000) this.socket?.send(frame);
  }

  /** No more reconnects: the interview is over for this page. */
  finish(): void {
    this.isFinished = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }
}
