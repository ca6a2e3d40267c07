// The interviews module's tables: the interview record, its transcript and
// its log. Every write to them goes through here. Writes another module makes
// part of its own transaction (a session's turn, a pipeline step) take an
// Executor, so that module's transaction still commits them atomically.
// Log lines are escaped (one event, one line) and capped per interview here,
// so no caller can forget either.

import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { Database, InterviewsTable, TranscriptEntriesTable } from '../db/schema.js';
import { InterviewState } from './enums.js';
import { escapeLogText } from './log-text.js';

export type InterviewRow = Selectable<InterviewsTable>;
export type NewInterviewRow = Insertable<InterviewsTable>;
export type TranscriptRow = Selectable<TranscriptEntriesTable>;

export interface NewTranscriptEntry {
  role: 'assistant' | 'user';
  content: string;
  controlId: string;
}

/** The fields a live session changes on the interview record. */
export type LiveChanges = Partial<
  Pick<
    InterviewRow,
    | 'state'
    | 'next_question_index'
    | 'ending_reason'
    | 'call_length'
    | 'userip'
    | 'call_api_id'
    | 'resume_count'
    | 'user_disconnected'
    | 'interview_agent_meta'
  >
> & { updated_at: string };

/** What another module wipes when an interview is reset, inside the same transaction. */
export type ResetHook = (tx: Transaction<Database>, interviewId: string) => Promise<void>;

/** The last line an interview's log gets once it reached its cap. */
export const LOG_TRUNCATED_LINE = 'log truncated: this interview reached its log line limit; later lines are not stored';

export class InterviewRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Lines stored per interview, the truncation notice included (INTERVIEW_LOG_MAX_LINES). */
    private readonly maxLogLines = 2_000,
  ) {}

  async insert(row: NewInterviewRow, logLine: { at: string; message: string }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('interviews').values(row).execute();
      await this.appendLog(tx, row.id, logLine.at, 'info', logLine.message);
    });
  }

  /** The interview if it exists and belongs to this owner; another owner's id looks unknown. */
  findOwned(id: string, ownerId: string): Promise<InterviewRow | undefined> {
    return this.db.selectFrom('interviews').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  }

  /** Unscoped, for internal flows (webhook emission) that act for the owner. */
  findById(id: string, executor: Executor = this.db): Promise<InterviewRow | undefined> {
    return executor.selectFrom('interviews').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listTranscript(interviewId: string, executor: Executor = this.db): Promise<TranscriptRow[]> {
    return executor.selectFrom('transcript_entries').selectAll().where('interview_id', '=', interviewId).orderBy('seq').execute();
  }

  /** Escaped again on the way out: lines stored before escaping existed stay one line each. */
  async readLog(interviewId: string): Promise<{ at: string; level: string; message: string }[]> {
    const rows = await this.db
      .selectFrom('interview_log_lines')
      .select(['at', 'level', 'message'])
      .where('interview_id', '=', interviewId)
      .orderBy('id')
      .limit(this.maxLogLines)
      .execute();
    return rows.map((row) => ({ ...row, message: escapeLogText(row.message) }));
  }

  /** Wipes the transcript and live-state fields (plus whatever the hooks own) in one transaction. */
  async reset(interviewId: string, at: string, hooks: readonly ResetHook[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('transcript_entries').where('interview_id', '=', interviewId).execute();
      for (const hook of hooks) await hook(tx, interviewId);
      await tx
        .updateTable('interviews')
        .set({
          state: 0,
          next_question_index: 0,
          ending_reason: 0,
          archival_status: 0,
          user_disconnected: 0,
          resume_count: null,
          userip: null,
          call_api_id: null,
          call_length: null,
          feedback: null,
          interview_agent_meta: null,
          updated_at: at,
        })
        .where('id', '=', interviewId)
        .execute();
      await this.appendLog(tx, interviewId, at, 'info', 'interview reset: transcript, evaluation, state and local media wiped');
    });
  }

  /**
   * Erasure on request: transcript, log and the candidate's details go; the
   * record stays (its owner still sees it was erased) with one audit line
   * as its whole log. The hooks erase what other modules keep.
   */
  async erasePersonalData(interviewId: string, at: string, auditLine: string, hooks: readonly ResetHook[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const hook of hooks) await hook(tx, interviewId);
      await tx.deleteFrom('transcript_entries').where('interview_id', '=', interviewId).execute();
      await tx.deleteFrom('interview_log_lines').where('interview_id', '=', interviewId).execute();
      await tx
        .updateTable('interviews')
        .set({
          candidate_id: '',
          userip: null,
          call_api_id: null,
          feedback: null,
          interview_agent_meta: null,
          erased_at: at,
          updated_at: at,
        })
        .where('id', '=', interviewId)
        .execute();
      await this.appendLog(tx, interviewId, at, 'info', auditLine);
    });
  }

  /** Retention: the log goes, one line saying so stays. */
  async replaceLog(executor: Executor, interviewId: string, at: string, line: string): Promise<void> {
    await executor.deleteFrom('interview_log_lines').where('interview_id', '=', interviewId).execute();
    await this.appendLog(executor, interviewId, at, 'info', line);
  }

  /** Changes an interview still in progress; false (nothing written) once it ended or failed, so a late write cannot reopen it. */
  async updateLive(executor: Executor, id: string, changes: LiveChanges): Promise<boolean> {
    const result = await executor
      .updateTable('interviews')
      .set(changes)
      .where('id', '=', id)
      .where('state', 'not in', [InterviewState.ENDED, InterviewState.ERROR])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The candidate's own feedback from the page's end screen: once, and only
   * after the interview ended. False when nothing was written (no such
   * interview, not ended, or feedback already given).
   */
  async saveCandidateFeedback(id: string, feedback: string, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('interviews')
        .set({ feedback, updated_at: at })
        .where('id', '=', id)
        .where('state', 'in', [InterviewState.ENDED, InterviewState.ERROR])
        .where('feedback', 'is', null)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await this.appendLog(tx, id, at, 'info', 'the candidate left feedback on the end screen');
      return true;
    });
  }

  /** State 3 whatever the current state: the interview's data cannot be used (unrecoverable backend fault). */
  async markError(executor: Executor, id: string, endingReason: number, at: string): Promise<void> {
    await executor
      .updateTable('interviews')
      .set({ state: InterviewState.ERROR, ending_reason: endingReason, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** archival_status (spec ArchivalStatus), whatever the state: the results pipeline moves it after the interview ended. */
  async setArchivalStatus(executor: Executor, id: string, status: number, at: string): Promise<void> {
    await executor.updateTable('interviews').set({ archival_status: status, updated_at: at }).where('id', '=', id).execute();
  }

  /** Each entry's place on the recording (whole seconds), written by the media step. */
  async setVideoTimes(
    executor: Executor,
    interviewId: string,
    times: readonly { seq: number; begin: number; end: number }[],
  ): Promise<void> {
    for (const time of times) {
      await executor
        .updateTable('transcript_entries')
        .set({ video_begin: time.begin, video_end: time.end })
        .where('interview_id', '=', interviewId)
        .where('seq', '=', time.seq)
        .execute();
    }
  }

  /** Appends the entries, in order, after the last one stored (seq counts on). */
  async appendTranscript(executor: Executor, interviewId: string, at: string, entries: readonly NewTranscriptEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const last = await executor
      .selectFrom('transcript_entries')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('interview_id', '=', interviewId)
      .executeTakeFirst();
    const start = Number(last?.seq ?? 0) + 1;
    await executor
      .insertInto('transcript_entries')
      .values(
        entries.map((entry, i) => ({
          interview_id: interviewId,
          seq: start + i,
          role: entry.role,
          content: entry.content,
          created_at: at,
          control_id: entry.controlId,
          video_begin: null,
          video_end: null,
        })),
      )
      .execute();
  }

  /**
   * One line, or several with the same time and level, of the log served by
   * get-logs. Control characters are escaped; past the interview's cap the
   * lines are dropped, the first drop leaving a "log truncated" line.
   */
  async appendLog(executor: Executor, interviewId: string, at: string, level: string, message: string | readonly string[]): Promise<void> {
    const messages = typeof message === 'string' ? [message] : message;
    if (messages.length === 0) return;
    const stored = await executor
      .selectFrom('interview_log_lines')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('interview_id', '=', interviewId)
      .executeTakeFirst();
    const room = this.maxLogLines - Number(stored?.n ?? 0);
    if (room <= 0) return;
    const rows = messages.slice(0, room).map((line) => ({ interview_id: interviewId, at, level, message: escapeLogText(line) }));
    if (messages.length >= room) rows[rows.length - 1] = { interview_id: interviewId, at, level: 'warn', message: LOG_TRUNCATED_LINE };
    await executor.insertInto('interview_log_lines').values(rows).execute();
  }
}
