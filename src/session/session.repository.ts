// Persistence of the live session. Every turn is one transaction: its
// transcript entries, the interview's state fields, the conversation memory
// and, when the turn ends the interview, the hand-off job. A crash therefore
// loses at most the turn in flight, never half of one. This repository writes
// only the session's own tables (interview_sessions, session_resume_tokens); the interview, its
// transcript and log, and the job are written through their owners'
// repositories inside the same transaction. The session row's started_at is
// the session's generation: a reset deletes the row, so a write from a
// session that outlived a reset (on another node) finds no row and fails.

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { InterviewState } from '../interviews/enums.js';
import type { InterviewRepository, InterviewRow, NewTranscriptEntry, TranscriptRow } from '../interviews/interview.repository.js';
import { enqueueJob, type NewJob } from '../jobs/job.repository.js';
import type { MachineContext, Step } from '../conversation/state-machine.js';
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
  /** Set: this write is the candidate half of a turn; the rest follows once the model has written. */
  pending?: PendingTurn | null;
}

export class SessionConflictError extends Error {
  constructor(interviewId: string) {
    super(`interview ${interviewId} already ended or was reset`);
    this.name = 'SessionConflictError';
  }
}

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
          })
          .onConflict((oc) =>
            oc.column('interview_id').doUpdateSet({
              context: contextJson,
              started_at: turn.startedAt,
              last_seen_at: turn.at,
              disconnected_at: null,
              pending_turn: pendingJson,
              consented_at: turn.consentedAt ?? null,
            }),
          )
          .execute();
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
  async markDisconnected(interviewId: string, sessionStartedAt: string, at: string, callLength: number | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('interview_sessions')
        .set({ disconnected_at: at, last_seen_at: at })
        .where('interview_id', '=', interviewId)
        .where('started_at', '=', sessionStartedAt)
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

  /** False when the session of this generation is gone (the interview was reset). */
  async touch(interviewId: string, sessionStartedAt: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('interview_sessions')
      .set({ last_seen_at: at })
      .where('interview_id', '=', interviewId)
      .where('started_at', '=', sessionStartedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  /** The hash of the token just issued to the interview's new connection; it replaces (spends) the previous one. */
  async storeResumeToken(interviewId: string, tokenHash: string, at: string): Promise<void> {
    await this.db
      .insertInto('session_resume_tokens')
      .values({ interview_id: interviewId, token_hash: tokenHash, issued_at: at })
      .onConflict((oc) => oc.column('interview_id').doUpdateSet({ token_hash: tokenHash, issued_at: at }))
      .execute();
  }

  /** The hash of the interview's current resume token, whichever node issued it; undefined when none was. */
  async findResumeTokenHash(interviewId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('session_resume_tokens')
      .select('token_hash')
      .where('interview_id', '=', interviewId)
      .executeTakeFirst();
    return row?.token_hash;
  }

  async appendLog(interviewId: string, at: string, level: string, message: string | readonly string[]): Promise<void> {
    await this.interviews.appendLog(this.db, interviewId, at, level, message);
  }
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
