// The text channel: JSON events over the candidate's WebSocket (typed answers;
// accessibility, no microphone, `cli simulate`, tests). Built by the gateway
// from the socket it accepted.

import type { CandidateChannel, ChannelMode } from '../channel.js';
import type { ServerEvent } from '../protocol.js';

/** The part of a `ws` WebSocket the channel uses. */
export interface TextSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly CONNECTING: number;
  send(data: string): void;
  close(code: number, reason: string): void;
}

export class TextChannel implements CandidateChannel {
  readonly mode: ChannelMode = 'text';

  constructor(
    private readonly socket: TextSocket,
    readonly peerAddress: string | null,
  ) {}

  send(event: ServerEvent): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
  }

  close(code: number, reason: string): void {
    const { readyState } = this.socket;
    if (readyState === this.socket.OPEN || readyState === this.socket.CONNECTING) this.socket.close(code, reason);
  }
}
