import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Media work apart from the rest of the pipeline: `jobs.tenant` names whose
 * work a job is (the interview's owner), so a job lane can cap one tenant's
 * share of its slots; `interview_media.missing_reason` records why a camera
 * upload gave no video (the interview is archived without it).
 */
export function mediaWork(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').addColumn('tenant', 'text').execute();
      await db.schema.alterTable('interview_media').addColumn('missing_reason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('interview_media').dropColumn('missing_reason').execute();
      await db.schema.alterTable('jobs').dropColumn('tenant').execute();
    },
  };
}
