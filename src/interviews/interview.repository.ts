import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { Database, InterviewsTable, TranscriptEntriesTable } from '../db/schema.js';

export type InterviewRow = Selectable<InterviewsTable>;
export type NewInterviewRow = Insertable<InterviewsTable>;
export type TranscriptRow = Selectable<TranscriptEntriesTable>;

/** What another module wipes when an interview is reset, inside the same transaction. */
export type ResetHook = (tx: Transaction<Database>, interviewId: string) => Promise<void>;

export class InterviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewInterviewRow, logLine: { at: string; message: string }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('interviews').values(row).execute();
      await appendLogLine(tx, row.id, logLine.at, 'info', logLine.message);
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

  async readLog(interviewId: string): Promise<{ at: string; level: string; message: string }[]> {
    return this.db
      .selectFrom('interview_log_lines')
      .select(['at', 'level', 'message'])
      .where('interview_id', '=', interviewId)
      .orderBy('id')
      .execute();
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
      await appendLogLine(tx, interviewId, at, 'info', 'interview reset: transcript, evaluation, state and local media wiped');
    });
  }
}

export async function appendLogLine(executor: Executor, interviewId: string, at: string, level: string, message: string): Promise<void> {
  await executor.insertInto('interview_log_lines').values({ interview_id: interviewId, at, level, message }).execute();
}
