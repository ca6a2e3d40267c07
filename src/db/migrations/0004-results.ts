import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** One row per evaluated interview; written by the results pipeline, read by the reports and the webhook. */
export function results(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('interview_results')
        .addColumn('interview_id', 'text', (c) => c.primaryKey().references('interviews.id').onDelete('cascade'))
        .addColumn('is_complete', 'integer', (c) => c.notNull())
        .addColumn('evaluator', 'text', (c) => c.notNull())
        .addColumn('results', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('interview_results').execute();
    },
  };
}
