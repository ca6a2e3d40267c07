import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * When the candidate agreed to the interview and its recording (protocol v2
 * `start`): nothing is recorded and the state stays 0 before it. The media
 * timeline starts here.
 */
export function consent(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('interview_sessions').addColumn('consented_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('interview_sessions').dropColumn('consented_at').execute();
    },
  };
}
