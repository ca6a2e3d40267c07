// How a live session reaches its candidate. The session and the conversation
// only ever see CandidateChannel: whether the candidate types (the text
// channel) or speaks (the voice channel, channels/voice-channel.ts) is the
// channel's business. The session decides; the channel renders. What a
// channel needs to know about the interview it is given (ChannelSession),
// never reads back from the events it sends.

import type { Language } from '../languages/language.js';
import type { ClientMessage, ServerEvent, SessionMode } from './protocol.js';
import type { Recognition } from './recognition-policy.js';

/** Recorded in `interview_agent_meta.mode` and the session's log line: the protocol's mode. */
export type ChannelMode = SessionMode;

/** A reply worded ahead: its lines when ready, and whether wording them took a model call (metrics). */
export interface ReplyDraft {
  lines: Promise<string[]>;
  modelCall: boolean;
}

/** What the live session tells a channel that asks (the voice channel): given, not inferred. */
export interface ChannelSession {
  readonly interviewId: string;
  /** The interview's owner, whose share of the recognisers this session uses. */
  readonly tenant: string;
  readonly language: Language;
  /** How the candidate answers now (null before consent). */
  readonly mode: SessionMode | null;
  /** Who recognises the candidate's speech now (the offer and the page's choice). */
  readonly recognition: Recognition;
  /** Whether the interviewer's words are spoken in this language. */
  readonly canSpeak: boolean;
  /** The interviewer waits for the candidate, and no answer of theirs is already on its way. */
  readonly isAwaitingInput: boolean;
  /**
   * The reply a spoken answer would get, worded ahead and neither stored nor
   * sent (speculative reply); used if `handle` then brings the same answer.
   * Null when it cannot be prepared ahead (no answer awaited; a model call
   * when `modelCalls` is false).
   */
  prepareReply(text: string, options: { modelCalls: boolean }): ReplyDraft | null;
  /** The prepared reply will not be sent. */
  discardReply(): void;
  /** A message from the candidate's side (a spoken answer, speech as activity), judged like any other. */
  handle(message: ClientMessage): void;
  /** Lines in the interview's log (get-logs), after the turn in flight. */
  note(lines: string[]): void;
  /** A mode switch or a change of recogniser. */
  onModeChange(listener: (mode: SessionMode) => void): void;
  /** The microphone frames the session admitted, in arrival order. */
  onAudio(listener: (frame: Uint8Array) => void): void;
}

export interface CandidateChannel {
  readonly mode: ChannelMode;
  /** The candidate's network address as the server saw it, when known. */
  readonly peerAddress: string | null;
  /** Sends one typed event; a channel that is already closed drops it. */
  send(event: ServerEvent): void;
  /** Closes the channel with a protocol close code; closing twice is harmless. */
  close(code: number, reason: string): void;
  /** The session that owns this channel, given before it sends anything. */
  attach?(session: ChannelSession): void;
  /**
   * A message the session accepted that changes what the channel plays or
   * hears (voice: playback reports, the browser's text, an answer, repeat or
   * end that stops the interviewer's audio). Refused messages never get here.
   */
  accepted?(message: ClientMessage): void;
}
