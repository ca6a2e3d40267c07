import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * When an interview's personal data was erased on request (cli erase): every
 * candidate route refuses the link from then on, so nothing is written again.
 */
export function erasedInterviews(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('interviews').addColumn('erased_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('interviews').dropColumn('erased_at').execute();
    },
  };
}
