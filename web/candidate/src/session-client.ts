// One candidate session over protocol v2 (docs/realtime-protocol.md): typed
// events and binary audio in, messages and audio out, and reconnection after
// a dropped connection until the interview is over or the page gives up.

import type { ClientMessage, ServerEvent } from '../../../src/session/protocol.js';
import { CloseCode, VOICE_PROTOCOL_VERSION, candidateSessionUrl } from '../../../src/session/protocol-shared.js';
import { ResumeToken } from './resume-token.js';

/** Closes that reconnecting cannot undo: an unknown link, an old page, another session, an ended or reset interview. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([
  CloseCode.UNSUPPORTED_VERSION,
  CloseCode.NOT_FOUND,
  CloseCode.NOT_ALLOWED,
  CloseCode.ENDED,
]);

/**
 * The wait before retry `attempt` (1, 2, ...): doubling from `baseMs` up to
 * `capMs`, with +-20 % jitter so pages dropped together (a node lost) do not
 * all come back in the same instant.
 */
export function backOff(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const plain = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

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
  private hasSentToken = false;

  constructor(
    private readonly url: (resumeToken: string | null) => string,
    private readonly handlers: SessionHandlers,
    private readonly resume: ResumeToken,
  ) {}

  static forInterview(interviewId: string, handlers: SessionHandlers): SessionClient {
    const url = (token: string | null) => candidateSessionUrl(location.origin, interviewId, VOICE_PROTOCOL_VERSION, token ?? undefined);
    return new SessionClient(url, handlers, new ResumeToken(interviewId));
  }

  /** The current connection carried a resume token: a `session_active` refusal then means our own old connection. */
  get sentResumeToken(): boolean {
    return this.hasSentToken;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  connect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.isFinished = false;
    // With the last connection's token: the server lets this page's new connection replace its old one.
    this.hasSentToken = this.resume.current !== null;
    const socket = new WebSocket(this.url(this.resume.current));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onmessage = (frame: MessageEvent<string | ArrayBuffer>) => {
      if (typeof frame.data !== 'string') return this.handlers.onAudio(frame.data);
      const event = JSON.parse(frame.data) as ServerEvent;
      if (event.type === 'session') {
        this.retries = 0;
        this.resume.current = event.resume_token;
      }
      this.handlers.onEvent(event);
    };
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      if (FINAL_CLOSES.has(close.code)) this.isFinished = true;
      if (this.isFinished) return;
      this.retries += 1;
      const delay = backOff(this.retries, 500, 10_000);
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
