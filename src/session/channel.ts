// How a live session reaches its candidate. The session and the conversation
// only ever see this interface: whether the candidate types (the text
// channel, today) or speaks (a voice channel) is the channel's business.

import type { ServerEvent } from './protocol.js';

/** Recorded in `interview_agent_meta.mode` and the session's log line. */
export type ChannelMode = 'text' | 'voice';

export interface CandidateChannel {
  readonly mode: ChannelMode;
  /** The candidate's network address as the server saw it, when known. */
  readonly peerAddress: string | null;
  /** Sends one typed event; a channel that is already closed drops it. */
  send(event: ServerEvent): void;
  /** Closes the channel with a protocol close code; closing twice is harmless. */
  close(code: number, reason: string): void;
}

// A voice channel extends this with audio in (candidate speech, turn ends from
// voice-activity detection) and audio out (the interviewer's synthesized
// words): it turns speech into the same answer messages the text channel
// delivers, so the session's turns do not change.
