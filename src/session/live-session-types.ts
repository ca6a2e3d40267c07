// The types a live session and its parts share: what it needs from the
// service that owns it (LiveSessionDeps, SessionHost), what one connection
// opens with, where a session is (SessionPhase) and how it stops (Termination).

import type { Scheduler } from '../common/clock.js';
import type { SessionConfig } from '../config.js';
import type { InterviewBrief } from '../conversation/interviewer.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { SpeechOffer } from './recognition-policy.js';
import type { SessionLeases } from './session-lease.js';
import type { SessionRow } from './session.repository.js';
import type { TurnRunnerDeps } from './turn-runner.js';

export type SessionLogger = (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;

/** What a live session needs from the service that owns it. */
export interface SessionHost {
  /** Keeps the promise visible to a graceful stop. */
  track<T>(promise: Promise<T>): Promise<T>;
  /** The session has stopped; with `startGrace` the candidate may still come back. */
  detach(session: { readonly interviewId: string }, options: { startGrace: boolean }): void;
  /** Server think time of one turn (metrics). */
  recordTurn(milliseconds: number): void;
  log: SessionLogger;
}

/** What speech the service can handle in a language (protocol v2 `session.speech`). */
export type SpeechSupport = SpeechOffer;
export const NO_SPEECH: SpeechSupport = { recognition: 'none', synthesis: false };

export interface LiveSessionDeps extends TurnRunnerDeps {
  leases: SessionLeases;
  scheduler: Scheduler;
  settings: SessionConfig;
  host: SessionHost;
  /** What the configured speech providers offer for a language; nothing when absent. */
  speech?: (languageCode: number) => SpeechSupport;
}

export interface LiveSessionInit {
  interview: InterviewRow;
  brief: InterviewBrief;
  /** The lease holder's name for this connection. */
  connectionId: string;
  /** Sent to this connection only (`session.resume_token`): the same page's next connection takes this one over with it. */
  resumeToken: string;
  /** The protocol version the page speaks (1 when absent): version 2 waits for consent. */
  protocolVersion?: number;
}

/**
 * Where a session is. A page that closed its socket is orthogonal (`socketClosed`):
 * the session still finishes the turn in flight, in whichever phase it is.
 */
export type SessionPhase =
  /**
   * Version 2, no consent on record (a fresh interview, or one started over
   * version 1: `resume` holds what `start` resumes from). Nothing is said,
   * stored or recorded until the write that stores the consent has succeeded.
   */
  | { kind: 'consent'; resume: { stored: SessionRow | undefined } | null }
  | { kind: 'live' }
  /** A reset asked the session to go: queued frames and timers do nothing more. */
  | { kind: 'closing' }
  | { kind: 'stopped' };

export interface Termination {
  /** Close the channel with this code (omitted: it is already closed). */
  close?: { code: number; reason: string };
  /** The candidate may come back: start the grace period. */
  grace: boolean;
  /** Record on the interview that the candidate dropped (the channel closed under a live interview). */
  recordDisconnect?: boolean;
  /** Write nothing more (the interview was reset under the session). */
  silent?: boolean;
}
