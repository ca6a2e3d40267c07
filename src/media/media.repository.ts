// The interview_media table: which recordings of an interview exist, how long
// they are, and whether they are stored yet. Written only here.

import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../db/executor.js';
import type { Database, InterviewMediaTable } from '../db/schema.js';

export type MediaKind = 'audio' | 'video';
export type MediaRow = Selectable<InterviewMediaTable>;

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(interviewId: string, executor: Executor = this.db): Promise<MediaRow[]> {
    return executor.selectFrom('interview_media').selectAll().where('interview_id', '=', interviewId).orderBy('kind').execute();
  }

  async find(interviewId: string, kind: MediaKind, executor: Executor = this.db): Promise<MediaRow | undefined> {
    return executor
      .selectFrom('interview_media')
      .selectAll()
      .where('interview_id', '=', interviewId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  /** The local recording exists (archival 4); a re-run replaces what an interrupted one wrote. */
  async saveLocal(
    executor: Executor,
    row: {
      interviewId: string;
      kind: MediaKind;
      key: string;
      bytes: number;
      durationMs: number;
      missingReason?: string | null;
      at: string;
    },
  ): Promise<void> {
    const values = {
      interview_id: row.interviewId,
      kind: row.kind,
      storage_key: row.key,
      bytes: row.bytes,
      duration_ms: Math.round(row.durationMs),
      missing_reason: row.missingReason ?? null,
      stored_at: null,
      created_at: row.at,
    };
    await executor
      .insertInto('interview_media')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['interview_id', 'kind']).doUpdateSet({
          storage_key: values.storage_key,
          bytes: values.bytes,
          duration_ms: values.duration_ms,
          missing_reason: values.missing_reason,
          stored_at: null,
          created_at: values.created_at,
        }),
      )
      .execute();
  }

  async markStored(executor: Executor, interviewId: string, at: string): Promise<void> {
    await executor.updateTable('interview_media').set({ stored_at: at }).where('interview_id', '=', interviewId).execute();
  }

  /**
   * When the recording timeline starts (the candidate's consent) and the
   * session's start, read from the session module's table (read only: it
   * writes it).
   */
  async sessionTimes(interviewId: string): Promise<{ startedAt: string; consentedAt: string | null } | null> {
    const row = await this.db
      .selectFrom('interview_sessions')
      .select(['started_at', 'consented_at'])
      .where('interview_id', '=', interviewId)
      .executeTakeFirst();
    return row ? { startedAt: row.started_at, consentedAt: row.consented_at } : null;
  }

  /** Interviews whose recording was made before `cutoff` (retention). */
  async listRecordedBefore(cutoff: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('interview_media')
      .select('interview_id')
      .distinct()
      .where('created_at', '<', cutoff)
      .orderBy('interview_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.interview_id);
  }

  async deleteAll(executor: Executor, interviewId: string): Promise<void> {
    await executor.deleteFrom('interview_media').where('interview_id', '=', interviewId).execute();
  }
}
