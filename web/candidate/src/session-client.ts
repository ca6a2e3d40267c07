// One candidate session over protocol v1 (docs/realtime-protocol.md): typed
// events in, typed messages out, and a reconnect with back-off after a
// dropped connection until the interview is over.

import type { ClientMessage, ServerEvent } from '../../../src/session/protocol.js';
import { CloseCode, candidateSessionUrl } from '../../../src/session/protocol-shared.js';

/** Closes that reconnecting cannot undo: an unknown link, an old page, another session, an ended or reset interview. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([
  CloseCode.UNSUPPORTED_VERSION,
  CloseCode.NOT_FOUND,
  CloseCode.NOT_ALLOWED,
  CloseCode.ENDED,
]);

export interface SessionHandlers {
  onEvent(event: ServerEvent): void;
  /** The connection dropped and a new attempt is scheduled. */
  onReconnecting(): void;
}

export class SessionClient {
  private socket: WebSocket | null = null;
  private retries = 0;
  private isFinished = false;

  constructor(
    private readonly url: string,
    private readonly handlers: SessionHandlers,
  ) {}

  static forInterview(interviewId: string, handlers: SessionHandlers): SessionClient {
    return new SessionClient(candidateSessionUrl(location.origin, interviewId), handlers);
  }

  connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onmessage = (frame: MessageEvent<string>) => {
      const event = JSON.parse(frame.data) as ServerEvent;
      if (event.type === 'session') this.retries = 0;
      this.handlers.onEvent(event);
    };
    socket.onclose = (close: CloseEvent) => {
      if (FINAL_CLOSES.has(close.code)) this.isFinished = true;
      if (this.isFinished) return;
      this.retries += 1;
      this.handlers.onReconnecting();
      setTimeout(() => this.connect(), Math.min(10_000, 500 * 2 ** this.retries));
    };
  }

  send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** No more reconnects: the interview is over for this page. */
  finish(): void {
    this.isFinished = true;
  }
}
