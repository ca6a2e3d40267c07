import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The recordings of an interview (src/media/): one row per kind (audio,
 * video), from the moment the local file exists (archival 4) until it is
 * stored (archival 1). `duration_ms` is the recording timeline's length.
 */
export function media(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('interview_media')
        .addColumn('interview_id', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('storage_key', 'text', (col) => col.notNull())
        .addColumn('bytes', 'bigint', (col) => col.notNull())
        .addColumn('duration_ms', 'integer', (col) => col.notNull())
        .addColumn('stored_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('interview_media_pk', ['interview_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('interview_media').execute();
    },
  };
}
