import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The hash of each interview's current resume token (issue 22): the page's
 * reload or reconnect proves it is the same page to whichever node it
 * reaches, not only to the node that issued the token. One row per interview,
 * replaced by every new connection; never the token itself.
 */
export function resumeTokens(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('session_resume_tokens')
        .addColumn('interview_id', 'text', (c) => c.primaryKey().references('interviews.id').onDelete('cascade'))
        /** Hex SHA-256 of the token sent in the connection's `session` event. */
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('session_resume_tokens').execute();
    },
  };
}
