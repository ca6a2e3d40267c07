// Persistence of the live session. Every turn is one transaction: its
// transcript entries, the interview's state fields, the conversation memory
// and, when the turn ends the interview, the hand-off job. A crash therefore
// loses at most the turn in flight, never half of one. This repository writes
// only the session's own tables (interview_sessions, session_resume_tokens); the interview, its
// transcript and log, and the job are written through their owners'
// repositories inside the same transaction. The session row's started_at is
// the session's generation: a reset deletes the row, so a write from a
// session that outlived a reset (on another node) finds no row and fails.
// Its writer is the connection whose writes count (one writer per session):
// a connection that begins or resumes the session claims it (claimWriter)
// before reading anything, so a node whose session the page took over (a
// reload that reached another node) cannot commit its turn in flight, and
// its heartbeat, disconnection and log lines are refused the same way.

import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { InterviewState } from '../interviews/enums.js';
import type { InterviewRepository, InterviewRow, NewTranscriptEntry, TranscriptRow } from '../interviews/interview.repository.js';
import { enqueueJob, type NewJob } from '../jobs/job.repository.js';
import type { MachineContext, Step } from '../conversation/state-machine.js';
import type { Executor } from '../db/executor.js';
import { forgetDatabaseLease } from './session-lease.js';

export type NewEntry = NewTranscriptEntry;

/** The interviewer half of a turn whose candidate half is already stored. */
export interface PendingTurn {
  step: Step;
  candidateText: string | null;
}

export interface SessionRow {
  interview_id: string;
  context: MachineContext;
  pending: PendingTurn | null;
  started_at: string;
  last_seen_at: string;
  disconnected_at: string | null;
  /** Version 2: when the candidate agreed; null for version 1 sessions. */
  consented_at: string | null;
  /** The connection whose writes count (claimWriter); null for rows written before it was kept. */
  writer: string | null;
}

export interface TurnWrite {
  interviewId: string;
  at: string;
  entries: readonly NewEntry[];
  context: MachineContext;
  /** Extra interview fields this turn changes (connection details, resume count). */
  interviewChanges?: Partial<Pick<InterviewRow, 'userip' | 'call_api_id' | 'resume_count' | 'user_disconnected' | 'interview_agent_meta'>>;
  callLength: number | null;
  logLines: readonly string[];
  /** Written with the end state, so the hand-off cannot be lost. */
  job?: NewJob;
  /** The first turn creates the session row. */
  startedAt?: string;
  /** Version 2: when the candidate agreed (`start`); written with the row the first turn creates. */
  consentedAt?: string;
  /** The writer's generation: a later turn fails (SessionConflictError) unless the stored session still has it. */
  sessionStartedAt: string;
  /**
   * The live connection writing (its lease holder id): the turn fails (SessionConflictError, 'taken_over')
   * unless the stored session's writer is still this one. Null: not a live session (the grace expiry,
   * which holds the lease itself).
   */
  writer: string | null;
  /** Set: this write is the candidate half of a turn; the rest follows once the model has written. */
  pending?: PendingTurn | null;
}

export class SessionConflictError extends Error {
  constructor(
    interviewId: string,
    /** 'taken_over': another connection is the session's writer now (the page came back on another connection). */
    readonly reason: 'ended_or_reset' | 'taken_over' = 'ended_or_reset',
  ) {
    super(
      reason === 'taken_over'
        ? `interview ${interviewId}'s session was taken over by another connection`
        : `interview ${interviewId} already ended or was reset`,
    );
    this.name = 'SessionConflictError';
  }
}

/** What the heartbeat's touch found: still this connection's, another connection's now, or gone (reset). */
export type TouchOutcome = 'kept' | 'taken_over' | 'gone';

export class SessionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** The interview, its transcript and its log are the interviews module's tables: read and write them through it. */
    private readonly interviews: InterviewRepository,
  ) {}

  findInterview(interviewId: string): Promise<InterviewRow | undefined> {
    return this.interviews.findById(interviewId);
  }

  async findSession(interviewId: string): Promise<SessionRow | undefined> {
    const row = await this.db.selectFrom('interview_sessions').selectAll().where('interview_id', '=', interviewId).executeTakeFirst();
    return (
      row && {
        ...row,
        context: JSON.parse(row.context) as MachineContext,
        pending: row.pending_turn === null ? null : (JSON.parse(row.pending_turn) as PendingTurn),
      }
    );
  }

  listTranscript(interviewId: string): Promise<TranscriptRow[]> {
    return this.interviews.listTranscript(interviewId);
  }

  /** Writes one turn atomically; throws SessionConflictError when the interview already ended. */
  async saveTurn(turn: TurnWrite): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const { context } = turn;
      // First, so a stale writer changes nothing (and, on PostgreSQL, the row is locked against a claim meanwhile).
      if (turn.writer !== null && !turn.startedAt && !(await isWriter(tx, turn.interviewId, turn.sessionStartedAt, turn.writer))) {
        throw await conflictOf(tx, turn.interviewId, turn.sessionStartedAt);
      }
      const isLive = await this.interviews.updateLive(tx, turn.interviewId, {
        state: context.state,
        next_question_index: context.nextQuestionIndex,
        ending_reason: context.endingReason,
        updated_at: turn.at,
        ...(turn.callLength === null ? {} : { call_length: turn.callLength }),
        ...turn.interviewChanges,
      });
      if (!isLive) throw new SessionConflictError(turn.interviewId);
      await this.interviews.appendTranscript(tx, turn.interviewId, turn.at, turn.entries);
      const contextJson = JSON.stringify(context);
      const pendingJson = turn.pending ? JSON.stringify(turn.pending) : null;
      if (turn.startedAt) {
        await tx
          .insertInto('interview_sessions')
          .values({
            interview_id: turn.interviewId,
            context: contextJson,
            started_at: turn.startedAt,
            last_seen_at: turn.at,
            disconnected_at: null,
            pending_turn: pendingJson,
            consented_at: turn.consentedAt ?? null,
            writer: turn.writer,
          })
          .onConflict((oc) => {
            const update = oc.column('interview_id').doUpdateSet({
              context: contextJson,
              started_at: turn.startedAt,
              last_seen_at: turn.at,
              disconnected_at: null,
              pending_turn: pendingJson,
              consented_at: turn.consentedAt ?? null,
              writer: turn.writer,
            });
            // A row another connection claimed meanwhile is not this first turn's to replace.
            const writer = turn.writer;
            return writer === null ? update : update.where(writtenBy(writer));
          })
          .executeTakeFirst()
          .then((result) => {
            if (Number(result.numInsertedOrUpdatedRows ?? 1) !== 1) throw new SessionConflictError(turn.interviewId, 'taken_over');
          });
      } else {
        const result = await tx
          .updateTable('interview_sessions')
          .set({
            context: contextJson,
            last_seen_at: turn.at,
            disconnected_at: null,
            pending_turn: pendingJson,
            // A version 2 page resuming an interview started over version 1 records its consent here.
            ...(turn.consentedAt ? { consented_at: turn.consentedAt } : {}),
          })
          .where('interview_id', '=', turn.interviewId)
          .where('started_at', '=', turn.sessionStartedAt)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new SessionConflictError(turn.interviewId);
      }
      await this.interviews.appendLog(tx, turn.interviewId, turn.at, 'info', turn.logLines);
      if (turn.job) await enqueueJob(tx, turn.job);
    });
  }

  /** The candidate's connection dropped: the record says so and the grace period starts (nothing when the session was reset). */
  async markDisconnected(
    interviewId: string,
    sessionStartedAt: string,
    writer: string,
    at: string,
    callLength: number | null,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // A connection taken over is not the candidate's connection any more: its close records nothing.
      const result = await tx
        .updateTable('interview_sessions')
        .set({ disconnected_at: at, last_seen_at: at })
        .where('interview_id', '=', interviewId)
        .where('started_at', '=', sessionStartedAt)
        .where(writtenBy(writer))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return;
      await this.interviews.updateLive(tx, interviewId, {
        user_disconnected: 1,
        updated_at: at,
        ...(callLength === null ? {} : { call_length: callLength }),
      });
      await this.interviews.appendLog(tx, interviewId, at, 'info', 'candidate disconnected; state kept for the reconnect grace period');
    });
  }

  /** 'gone' when the session of this generation is gone (the interview was reset); 'taken_over' when another connection writes it now. */
  async touch(interviewId: string, sessionStartedAt: string, writer: string, at: string): Promise<TouchOutcome> {
    const result = await this.db
      .updateTable('interview_sessions')
      .set({ last_seen_at: at })
      .where('interview_id', '=', interviewId)
      .where('started_at', '=', sessionStartedAt)
      .where(writtenBy(writer))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return 'kept';
    return (await conflictOf(this.db, interviewId, sessionStartedAt)).reason === 'taken_over' ? 'taken_over' : 'gone';
  }

  /**
   * A connection begins or resumes the session (it holds the lease): from now on only its writes
   * count. Called before it reads the stored session, so whatever the previous writer committed
   * before is what it resumes from, and nothing that one writes after is stored. Nothing when
   * no session is stored yet (the first turn stores it with this writer).
   */
  async claimWriter(interviewId: string, writer: string): Promise<void> {
    await this.db.updateTable('interview_sessions').set({ writer }).where('interview_id', '=', interviewId).execute();
  }

  /**
   * A live session's own log lines (notes, mode switches, the page's reports): written only while
   * it is the session's writer (or before anything is stored: the welcome screen). False when refused.
   */
  async appendSessionLog(
    interviewId: string,
    writer: string,
    at: string,
    level: string,
    message: string | readonly string[],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const session = await tx.selectFrom('interview_sessions').select('writer').where('interview_id', '=', interviewId).executeTakeFirst();
      if (session && session.writer !== null && session.writer !== writer) return false;
      await this.interviews.appendLog(tx, interviewId, at, level, message);
      return true;
    });
  }

  /** Interviews in progress whose session was last seen before `cutoff`: candidates for the grace expiry. */
  async listStale(cutoff: string, limit = 100): Promise<string[]> {
    const rows = await this.db
      .selectFrom('interview_sessions')
      .innerJoin('interviews', 'interviews.id', 'interview_sessions.interview_id')
      .select('interview_sessions.interview_id')
      .where('interview_sessions.last_seen_at', '<', cutoff)
      .where('interviews.state', 'not in', [InterviewState.NOT_STARTED, InterviewState.ENDED, InterviewState.ERROR])
      .limit(limit)
      .execute();
    return rows.map((r) => r.interview_id);
  }

  /** Unreadable interview data: state 3 with ending reason 5, and the hand-off job. */
  async markFaulted(interviewId: string, at: string, endingReason: number, problem: string, job: NewJob): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await this.interviews.markError(tx, interviewId, endingReason, at);
      await this.interviews.appendLog(tx, interviewId, at, 'error', `unrecoverable backend fault: ${problem}`);
      await enqueueJob(tx, job);
    });
  }

  /**
   * The hash of the token just issued to the interview's new connection; it replaces (spends) the
   * previous one. False, and nothing stored, when the interview's personal data was erased (the
   * erasure deletes the row in its own transaction: one stored before it goes, none comes after).
   */
  async storeResumeToken(interviewId: string, tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('session_resume_tokens')
      .columns(['interview_id', 'token_hash', 'issued_at'])
      .expression((eb) =>
        eb
          .selectFrom('interviews')
          .select((s) => [s.val(interviewId).as('interview_id'), s.val(tokenHash).as('token_hash'), s.val(at).as('issued_at')])
          .where('id', '=', interviewId)
          .where('erased_at', 'is', null),
      )
      .onConflict((oc) => oc.column('interview_id').doUpdateSet({ token_hash: tokenHash, issued_at: at }))
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Spends the page's token for one takeover: atomically replaced by `placeholderHash` (of a token
   * nobody holds) when it is still the current one. Of two connections presenting the same token,
   * only one gets true; restoreResumeToken gives it back if that one then could not take over.
   */
  async spendResumeToken(interviewId: string, tokenHash: string, placeholderHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('session_resume_tokens')
      .set({ token_hash: placeholderHash })
      .where('interview_id', '=', interviewId)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The takeover did not happen: the page's token is current again (unless a newer connection stored its own meanwhile). */
  async restoreResumeToken(interviewId: string, placeholderHash: string, tokenHash: string): Promise<void> {
    await this.db
      .updateTable('session_resume_tokens')
      .set({ token_hash: tokenHash })
      .where('interview_id', '=', interviewId)
      .where('token_hash', '=', placeholderHash)
      .execute();
  }

  async appendLog(interviewId: string, at: string, level: string, message: string | readonly string[]): Promise<void> {
    await this.interviews.appendLog(this.db, interviewId, at, level, message);
  }
}

/** The session row is `writer`'s to write: its own, or a row stored before writers were kept. */
function writtenBy(writer: string) {
  return (eb: ExpressionBuilder<Database, 'interview_sessions'>) =>
    eb.or([eb('interview_sessions.writer', '=', writer), eb('interview_sessions.writer', 'is', null)]);
}

/** Whether `writer` still writes the session of this generation; the check locks the row (an update that changes nothing). */
async function isWriter(tx: Executor, interviewId: string, sessionStartedAt: string, writer: string): Promise<boolean> {
  const result = await tx
    .updateTable('interview_sessions')
    .set({ writer })
    .where('interview_id', '=', interviewId)
    .where('started_at', '=', sessionStartedAt)
    .where(writtenBy(writer))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why a fenced write found nothing to change: the session of this generation is another connection's, or gone. */
async function conflictOf(executor: Executor, interviewId: string, sessionStartedAt: string): Promise<SessionConflictError> {
  const row = await executor
    .selectFrom('interview_sessions')
    .select('started_at')
    .where('interview_id', '=', interviewId)
    .executeTakeFirst();
  return new SessionConflictError(interviewId, row?.started_at === sessionStartedAt ? 'taken_over' : 'ended_or_reset');
}

/**
 * Reset hook (non-production reset): forgets the session's memory and its
 * lease, so the retaken interview starts afresh. (Its hand-off job belongs to
 * the results pipeline, whose own reset hook forgets it.)
 */
export async function resetSession(tx: Transaction<Database>, interviewId: string): Promise<void> {
  await tx.deleteFrom('interview_sessions').where('interview_id', '=', interviewId).execute();
  await tx.deleteFrom('session_resume_tokens').where('interview_id', '=', interviewId).execute();
  await forgetDatabaseLease(tx, interviewId);
}
