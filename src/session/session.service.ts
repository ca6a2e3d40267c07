// The candidate session service: opens sessions under the one-per-interview
// lease, resumes them, expires dropped ones after the grace period (also
// after a restart, by a sweep), and owns the live sessions of this process.
// Knows nothing of Fastify or sockets: the gateway hands it a CandidateChannel.

import type { SessionConfig } from '../config.js';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import { buildBrief, InvalidInterviewDataError, type Interviewer } from '../conversation/interviewer.js';
import { waitOn, type Clock, type Scheduler, type TimerHandle } from '../common/clock.js';
import { isUuid, type IdGenerator } from '../common/ids.js';
import type { CandidateChannel } from './channel.js';
import { LiveSession } from './live-session.js';
import type { SessionHost, SessionLogger, SpeechSupport } from './live-session-types.js';
import { CloseCode, ENDING_REASON_NAMES, PROTOCOL_VERSION } from './protocol.js';
import { nodeOfHolder, sessionHolder, type SessionLeases } from './session-lease.js';
import type { NodeHeartbeats } from '../cluster/node-heartbeats.js';
import { hashResumeToken } from './resume-token.js';
import type { SessionRepository } from './session.repository.js';
import { handoffJob } from './turn-runner.js';
import { isFinished, transition } from '../conversation/state-machine.js';

/** How long a reconnect waits for the previous socket's session to finish here (a turn in flight may take longer: then it is refused and the page retries). */
const LEAVING_WAIT_MS = 5_000;

export type { SessionLogger } from './live-session-types.js';

export interface SessionServiceDeps {
  repository: SessionRepository;
  leases: SessionLeases;
  interviewer: Interviewer;
  clock: Clock;
  /** Every session timer (heartbeat, silence, grace, sweep) runs on it, so tests can move time. */
  scheduler: Scheduler;
  ids: IdGenerator;
  settings: SessionConfig;
  /** Called after a turn that ended an interview was committed (the job runner starts at once). */
  onInterviewEnded?: () => void;
  log?: SessionLogger;
  /** Protocol v2: what the configured speech providers offer per language (`session.speech`); none when absent. */
  speech?: (languageCode: number) => SpeechSupport;
  /** This node's heartbeat and the others': a lease whose node died is taken over at once. Absent: leases expire. */
  nodes?: NodeHeartbeats | null;
}

export class SessionService implements SessionHost {
  private readonly live = new Map<string, LiveSession>();
  private readonly graceTimers = new Map<string, TimerHandle>();
  private readonly pending = new Set<Promise<unknown>>();
  private sweepTimer: TimerHandle | null = null;
  private stopping = false;
  private readonly turnObservers: ((milliseconds: number) => void)[] = [];

  constructor(private readonly deps: SessionServiceDeps) {}

  /** Server think time of each turn (metrics, the bench). */
  observeTurns(observer: (milliseconds: number) => void): void {
    this.turnObservers.push(observer);
  }

  recordTurn(milliseconds: number): void {
    for (const observer of this.turnObservers) observer(milliseconds);
  }

  get settings(): SessionConfig {
    return this.deps.settings;
  }

  get liveCount(): number {
    return this.live.size;
  }

  /** The live session of an interview on this node, if any (the voice channel attaches to it). */
  find(interviewId: string): LiveSession | undefined {
    return this.live.get(interviewId.toLowerCase());
  }

  /**
   * Opens (or resumes) the interview's session on this connection; null when refused.
   * `resumeToken`: the page's token from its previous connection (`session.resume_token`);
   * when it is the live session's own, this connection takes that session over (a reload).
   * Never rejects: a storage fault (the database or Redis unreachable) answers this
   * candidate with SERVER_ERROR and leaves every other session on the node alone.
   */
  async open(
    rawInterviewId: string,
    connection: CandidateChannel,
    protocolVersion = PROTOCOL_VERSION,
    resumeToken: string | null = null,
  ): Promise<LiveSession | null> {
    try {
      return await this.openOrRefuse(rawInterviewId, connection, protocolVersion, resumeToken);
    } catch (error) {
      this.log('error', `opening a session of ${rawInterviewId.slice(0, 64)} failed`, error);
      connection.send({ type: 'error', code: 'SERVER_ERROR', message: 'the session could not be opened; try again', fatal: true });
      connection.close(CloseCode.SERVER_ERROR, 'server error');
      return null;
    }
  }

  private async openOrRefuse(
    rawInterviewId: string,
    connection: CandidateChannel,
    protocolVersion: number,
    resumeToken: string | null,
  ): Promise<LiveSession | null> {
    const interviewId = rawInterviewId.toLowerCase();
    const row = isUuid(rawInterviewId) ? await this.deps.repository.findInterview(interviewId) : undefined;
    if (!row) {
      connection.send({ type: 'error', code: 'INTERVIEW_NOT_FOUND', message: 'no interview with this id', fatal: true });
      connection.close(CloseCode.NOT_FOUND, 'interview not found');
      return null;
    }
    if (isFinished(row.state)) return refuse(connection, row, 'interview_ended');
    if (row.erased_at !== null) return refuseErased(connection);

    if (this.stopping) {
      connection.close(CloseCode.GOING_AWAY, 'server shutting down');
      return null;
    }
    // The same page back (a reload, or a reconnect before this node saw its old socket close): the old
    // connection goes. A token that is not the live session's own changes nothing: a second tab is refused.
    const current = this.live.get(interviewId);
    if (resumeToken && current && !current.leaving && current.isResumedBy(resumeToken)) current.supersede();
    // The page's previous socket closed but its session here is still writing its last turn: a reconnect
    // waits for it (briefly) instead of being refused as a second tab.
    const leaving = this.live.get(interviewId)?.leaving;
    if (leaving) {
      let timer: TimerHandle | null = null;
      const limit = new Promise<void>((resolve) => (timer = this.deps.scheduler.setTimeout(resolve, LEAVING_WAIT_MS)));
      await Promise.race([leaving, limit]);
      (timer as TimerHandle | null)?.clear();
    }
    const connectionId = sessionHolder(this.deps.nodes?.nodeId ?? null, this.deps.ids.uuid());
    if (!(await this.acquireOrTakeOver(interviewId, connectionId, resumeToken))) {
      return refuse(connection, row, 'session_active');
    }
    try {
      // Claimed before anything is read: a previous holder's turn still in flight (a takeover) can no longer commit.
      await this.deps.repository.claimWriter(interviewId, connectionId);
      // Read again under the lease: the previous holder may have ended it meanwhile.
      const fresh = await this.deps.repository.findInterview(interviewId);
      if (!fresh || isFinished(fresh.state)) {
        await this.deps.leases.release(interviewId, connectionId);
        return fresh ? refuse(connection, fresh, 'interview_ended') : null;
      }
      this.cancelGrace(interviewId);
      let brief;
      try {
        brief = buildBrief(fresh);
      } catch (error) {
        if (!(error instanceof InvalidInterviewDataError)) throw error;
        await this.fault(fresh, connectionId, connection, error.message);
        return null;
      }
      // Stored before the page can see it, so a reload that reaches any node is recognised.
      const newToken = this.deps.ids.uuid();
      if (!(await this.deps.repository.storeResumeToken(interviewId, hashResumeToken(newToken), this.now()))) {
        // Erased on request since the gateway let the page in: nothing of it is written again.
        await this.deps.leases.release(interviewId, connectionId);
        return refuseErased(connection);
      }
      const session = new LiveSession({ ...this.deps, host: this }, connection, {
        interview: fresh,
        brief,
        connectionId,
        protocolVersion,
        resumeToken: newToken,
      });
      this.live.set(interviewId, session);
      await session.begin();
      return session;
    } catch (error) {
      this.log('error', `opening session of ${interviewId} failed`, error);
      this.live.delete(interviewId);
      await this.deps.leases.release(interviewId, connectionId).catch(() => {});
      connection.send({ type: 'error', code: 'SERVER_ERROR', message: 'the session could not be opened; try again', fatal: true });
      connection.close(CloseCode.SERVER_ERROR, 'server error');
      return null;
    }
  }

  get leaseMs(): number {
    return this.settings.leaseSeconds * 1000;
  }

  /**
   * The lease, or, when it is held by a session on a node that stopped
   * heartbeating, that node's lease taken over (the node missed a beat: wait
   * until it beats again or is declared dead). The log records the drop and the takeover.
   */
  private async acquireOrTakeOver(interviewId: string, connectionId: string, resumeToken: string | null): Promise<boolean> {
    if (await this.deps.leases.acquire(interviewId, connectionId, this.leaseMs)) return true;
    if (resumeToken !== null) {
      // Spent atomically: of two connections presenting the same token, one goes on, the other is refused.
      const tokenHash = hashResumeToken(resumeToken);
      const placeholder = hashResumeToken(this.deps.ids.uuid());
      if (await this.deps.repository.spendResumeToken(interviewId, tokenHash, placeholder)) {
        if (await this.takeOverForPage(interviewId, connectionId)) return true;
        // Not taken over (the lease kept changing hands): the page may retry with its token.
        await this.deps.repository.restoreResumeToken(interviewId, placeholder, tokenHash);
        return false;
      }
    }
    const nodes = this.deps.nodes;
    const holder = nodes ? await this.deps.leases.holderOf(interviewId) : null;
    const deadNode = holder ? nodeOfHolder(holder) : null;
    if (!nodes || !holder || !deadNode || deadNode === nodes.nodeId) return false;
    if (!(await nodes.isDeadOrDying(deadNode))) return false;
    if (!(await this.deps.leases.takeOver(interviewId, holder, connectionId, this.leaseMs))) return false;
    const session = await this.deps.repository.findSession(interviewId);
    await this.deps.repository.appendLog(interviewId, this.now(), 'warn', [
      `node ${deadNode} stopped heartbeating with this interview's session on it (last stored activity ${session?.last_seen_at ?? 'none'}): the candidate's connection dropped`,
      `session taken over by node ${nodes.nodeId} without waiting for the lease to expire`,
    ]);
    return true;
  }

  /**
   * The page that holds the session came back with its resume token (spent by the caller), and
   * another node holds the lease: one that died, or one still writing the turn in flight of the
   * page's closed socket. A node that is beating, or whose state is unknown (it never beat: an
   * older version; or the holder names no node), is given LEAVING_WAIT_MS to let go (as a
   * reconnect on the same node waits); a node that missed a beat, or still holds on after that
   * (its socket only looks open), has the lease taken over. The new connection then claims the
   * session's writer (SessionRepository.claimWriter), so that node's turn in flight cannot
   * commit; its heartbeat finds the lease gone and closes its side with SESSION_TAKEN_OVER.
   * The log records the drop and the takeover.
   */
  private async takeOverForPage(interviewId: string, connectionId: string): Promise<boolean> {
    const { leases, nodes, clock, scheduler } = this.deps;
    const deadline = clock.now().getTime() + LEAVING_WAIT_MS;
    for (;;) {
      // The lease keeps changing hands (another reconnect of the same page): this attempt gives up, the page retries.
      if (clock.now().getTime() > deadline + LEAVING_WAIT_MS) return false;
      const holder = await leases.holderOf(interviewId);
      if (holder === null) {
        if (await leases.acquire(interviewId, connectionId, this.leaseMs)) return true;
        continue;
      }
      const holderNode = nodeOfHolder(holder);
      // A sweeper ending the interview, or a session of this node's own: not the page's to take.
      if (!holder.startsWith('session:') || (holderNode !== null && holderNode === nodes?.nodeId)) return false;
      const status = nodes && holderNode ? await nodes.status(holderNode) : 'unknown';
      const isOverdue = clock.now().getTime() >= deadline;
      // Only a node known to have missed a beat is taken over at once: one of unknown state may still be writing.
      if (status === 'silent' || status === 'dead' || isOverdue) {
        if (!(await leases.takeOver(interviewId, holder, connectionId, this.leaseMs))) continue;
        const session = await this.deps.repository.findSession(interviewId);
        const where = holderNode ? `node ${holderNode}` : 'an older node';
        const stillHeld = `still held it after ${LEAVING_WAIT_MS / 1000} s`;
        const why = status === 'alive' ? stillHeld : status === 'unknown' ? `(of unknown state) ${stillHeld}` : `is ${status}`;
        await this.deps.repository.appendLog(interviewId, this.now(), 'warn', [
          `the candidate's connection to ${where} dropped (last stored activity ${session?.last_seen_at ?? 'none'}); that node ${why}`,
          `the page came back with its resume token: session taken over by node ${nodes?.nodeId ?? 'this node'}`,
        ]);
        return true;
      }
      await waitOn(scheduler, 200);
      if (await leases.acquire(interviewId, connectionId, this.leaseMs)) return true;
    }
  }

  /**
   * Before an interview is reset: the live session on this node (if any) stops
   * without writing anything more. A session on another node notices on its
   * next write or heartbeat (the reset deletes the stored session it checks).
   */
  async endForReset(rawInterviewId: string): Promise<void> {
    const interviewId = rawInterviewId.toLowerCase();
    this.cancelGrace(interviewId);
    await this.live.get(interviewId)?.endForReset();
  }

  /** Called by a live session once it has stopped (ended, dropped or taken over). */
  detach(session: LiveSession, options: { startGrace: boolean }): void {
    if (this.live.get(session.interviewId) === session) this.live.delete(session.interviewId);
    if (options.startGrace && !this.stopping) this.scheduleGrace(session.interviewId);
  }

  track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  readonly log: SessionLogger = (level, message, error) => this.deps.log?.(level, message, error);

  /** Ends, with reason 3, every dropped session whose grace period is over. Safe on many nodes at once. */
  async sweep(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.settings.reconnectGraceSeconds * 1000).toISOString();
    let ended = 0;
    for (const interviewId of await this.deps.repository.listStale(cutoff)) {
      if (this.live.has(interviewId)) continue;
      if (await this.expire(interviewId).catch((error: unknown) => (this.log('error', `expiring ${interviewId} failed`, error), false)))
        ended += 1;
    }
    return ended;
  }

  /** Ends one dropped interview for inactivity when its grace period is over and nobody holds it. */
  async expire(interviewId: string): Promise<boolean> {
    const holder = `sweeper:${this.deps.ids.uuid()}`;
    if (!(await this.deps.leases.acquire(interviewId, holder, this.leaseMs))) return false;
    try {
      const [row, session] = await Promise.all([
        this.deps.repository.findInterview(interviewId),
        this.deps.repository.findSession(interviewId),
      ]);
      if (!row || !session || isFinished(row.state) || row.state === InterviewState.NOT_STARTED) return false;
      const graceMs = this.settings.reconnectGraceSeconds * 1000;
      if (Date.parse(session.last_seen_at) > this.deps.clock.now().getTime() - graceMs) return false;
      const step = transition(session.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_USER_INACTIVITY });
      const at = this.now();
      // Nobody is connected to hear a farewell, so none is recorded.
      await this.deps.repository.saveTurn({
        interviewId,
        at,
        entries: [],
        context: step.context,
        callLength: null,
        sessionStartedAt: session.started_at,
        // The expiry holds the lease itself and ends the interview: no live writer to check.
        writer: null,
        logLines: [
          `no reconnection within ${this.settings.reconnectGraceSeconds} s; state ${row.state} -> 2, ending reason 3 (inactivity)`,
        ],
        job: handoffJob(this.deps.ids, interviewId, step.context, at),
      });
      this.deps.onInterviewEnded?.();
      return true;
    } finally {
      await this.deps.leases.release(interviewId, holder);
    }
  }

  startSweeper(): void {
    const run = () => void this.track(this.sweep().catch((error: unknown) => this.log('error', 'session sweep failed', error)));
    this.sweepTimer = this.deps.scheduler.setInterval(run, this.settings.sweepSeconds * 1000);
    run();
  }

  /**
   * Drains the node: new sessions are refused (1001, the page tries again and the balancer sends
   * it elsewhere), each live session finishes its turn in flight and then moves its page to another
   * node (1001, disconnection recorded, lease released); resolves once every session write is done.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.sweepTimer?.clear();
    for (const timer of this.graceTimers.values()) timer.clear();
    this.graceTimers.clear();
    for (const session of [...this.live.values()]) void this.track(session.drain());
    await this.settled();
  }

  /** Resolves once every turn, heartbeat, expiry and sweep started so far has finished (and what they started). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private scheduleGrace(interviewId: string): void {
    this.cancelGrace(interviewId);
    const timer = this.deps.scheduler.setTimeout(
      () => {
        this.graceTimers.delete(interviewId);
        void this.track(this.expire(interviewId).catch((error: unknown) => this.log('error', `expiring ${interviewId} failed`, error)));
      },
      this.settings.reconnectGraceSeconds * 1000 + 50,
    );
    this.graceTimers.set(interviewId, timer);
  }

  private cancelGrace(interviewId: string): void {
    this.graceTimers.get(interviewId)?.clear();
    this.graceTimers.delete(interviewId);
  }

  /** The stored interview cannot be run at all: state 3 with ending reason 5, handed over like any end. */
  private async fault(row: InterviewRow, connectionId: string, connection: CandidateChannel, problem: string): Promise<void> {
    const outcome = { state: InterviewState.ERROR, endingReason: EndingReason.ENDED_DUE_TO_ERRROR };
    const at = this.now();
    try {
      await this.deps.repository.markFaulted(row.id, at, outcome.endingReason, problem, handoffJob(this.deps.ids, row.id, outcome, at));
      this.deps.onInterviewEnded?.();
    } finally {
      await this.deps.leases.release(row.id, connectionId);
    }
    connection.send({
      type: 'error',
      code: 'SERVER_ERROR',
      message: 'this interview cannot be run; the team has been notified',
      fatal: true,
    });
    connection.send({
      type: 'ended',
      state: outcome.state,
      ending_reason: outcome.endingReason,
      ending_reason_name: ENDING_REASON_NAMES[outcome.endingReason] ?? '',
    });
    connection.close(CloseCode.SERVER_ERROR, 'interview error');
  }
}

const REFUSALS = {
  session_active: { message: 'Another session of this interview is open. Close it first.', close: CloseCode.NOT_ALLOWED },
  interview_ended: { message: 'This interview has already ended and cannot be taken again.', close: CloseCode.ENDED },
} as const;

/** The interview's personal data was erased on request (the gateway answers 410 before the upgrade; this is the same refusal after it). */
function refuseErased(connection: CandidateChannel): null {
  connection.send({
    type: 'error',
    code: 'INTERVIEW_NOT_FOUND',
    message: "this interview's personal data was erased on request; its link no longer works",
    fatal: true,
  });
  connection.close(CloseCode.NOT_FOUND, 'interview erased');
  return null;
}

/** INTERVIEW_NOT_ALLOWED, then the close code of the reason. */
function refuse(connection: CandidateChannel, row: InterviewRow, reason: keyof typeof REFUSALS): null {
  const { message, close } = REFUSALS[reason];
  const feedback = reason === 'interview_ended' ? { feedback_given: row.feedback !== null } : {};
  connection.send({ type: 'INTERVIEW_NOT_ALLOWED', reason, state: row.state, ending_reason: row.ending_reason, message, ...feedback });
  connection.close(close, 'INTERVIEW_NOT_ALLOWED');
  return null;
}
