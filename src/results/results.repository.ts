import type { Kysely, Selectable } from 'kysely';
import type { Database, InterviewResultsTable } from '../db/schema.js';
import type { EvaluationResult, ProseLocale } from '../evaluation/index.js';
import type { Executor } from '../db/executor.js';

export type InterviewResultsRow = Selectable<InterviewResultsTable>;

/** The evaluation of one interview, with its prose in each locale it was written in. */
export interface StoredResults {
  interviewId: string;
  isComplete: boolean;
  evaluator: string;
  byLocale: Partial<Record<ProseLocale, EvaluationResult>>;
  createdAt: string;
}

export class ResultsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(interviewId: string, executor: Executor = this.db): Promise<StoredResults | null> {
    const row = await executor.selectFrom('interview_results').selectAll().where('interview_id', '=', interviewId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Idempotent: a re-run of the evaluation step replaces what an interrupted run wrote. */
  async save(executor: Executor, results: StoredResults): Promise<void> {
    const row = {
      interview_id: results.interviewId,
      is_complete: results.isComplete ? 1 : 0,
      evaluator: results.evaluator,
      results: JSON.stringify(results.byLocale),
      created_at: results.createdAt,
    };
    await executor
      .insertInto('interview_results')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('interview_id')
          .doUpdateSet({ is_complete: row.is_complete, evaluator: row.evaluator, results: row.results, created_at: row.created_at }),
      )
      .execute();
  }

  async delete(executor: Executor, interviewId: string): Promise<void> {
    await executor.deleteFrom('interview_results').where('interview_id', '=', interviewId).execute();
  }
}

function fromRow(row: InterviewResultsRow): StoredResults {
  return {
    interviewId: row.interview_id,
    isComplete: row.is_complete === 1,
    evaluator: row.evaluator,
    byLocale: JSON.parse(row.results) as StoredResults['byLocale'],
    createdAt: row.created_at,
  };
}
