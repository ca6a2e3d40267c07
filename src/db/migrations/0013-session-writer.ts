import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The connection that may write the session (its lease holder id), set when
 * a live session begins or resumes. Every session write checks it in its own
 * transaction, so a node whose session was taken over by the page's new
 * connection (docs/architecture.md, "One writer per session") cannot commit
 * the turn it still had in flight. Null for rows written before this column.
 */
export function sessionWriter(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('interview_sessions').addColumn('writer', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('interview_sessions').dropColumn('writer').execute();
    },
  };
}
