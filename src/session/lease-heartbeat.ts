// A live session's hold on its interview: every third of SESSION_LEASE_SECONDS
// the lease is renewed and the stored session touched. A lease another
// connection took (or the session's writer it claimed), or a stored session that is gone (the interview was reset,
// on another node or racing this one's reset), ends the session: the page is
// told and closed with 4409.

import type { SessionConfig } from '../config.js';
import type { SessionLeases } from './session-lease.js';
import type { SessionRepository } from './session.repository.js';
import type { SessionTimers } from './session-timers.js';

/** The parts of the live session the heartbeat acts through. */
export interface HeldSession {
  readonly interviewId: string;
  readonly connectionId: string;
  isStopped(): boolean;
  /** Before consent there is no stored session to touch: the lease alone is kept. */
  isConsentPending(): boolean;
  /** When the stored session started (the key the touch updates). */
  startedAt(): string;
  now(): string;
  /** Another connection holds the interview now, or it was reset: the session ends. */
  lose(why: 'lease taken' | 'interview reset'): Promise<void>;
  track<T>(promise: Promise<T>): Promise<T>;
  warn(message: string, error: unknown): void;
}

export class LeaseHeartbeat {
  constructor(
    private readonly session: HeldSession,
    private readonly timers: SessionTimers,
    private readonly deps: { leases: SessionLeases; repository: SessionRepository; settings: SessionConfig },
  ) {}

  private get leaseMs(): number {
    return this.deps.settings.leaseSeconds * 1000;
  }

  start(): void {
    this.timers.startHeartbeat(() => void this.session.track(this.beat()), Math.max(100, this.leaseMs / 3));
  }

  private async beat(): Promise<void> {
    const { session } = this;
    if (session.isStopped()) return;
    try {
      if (!(await this.deps.leases.renew(session.interviewId, session.connectionId, this.leaseMs))) {
        if (session.isStopped()) return;
        await session.lose('lease taken');
        return;
      }
      if (session.isConsentPending()) return;
      const touched = await this.deps.repository.touch(session.interviewId, session.startedAt(), session.connectionId, session.now());
      if (touched === 'kept' || session.isStopped()) return;
      await session.lose(touched === 'taken_over' ? 'lease taken' : 'interview reset');
    } catch (error) {
      session.warn(`heartbeat of ${session.interviewId} failed`, error);
    }
  }
}
