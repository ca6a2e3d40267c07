import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

export function foundation(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('deactivated_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('interviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('candidate_id', 'text', (c) => c.notNull())
        .addColumn('job_info_id', 'text', (c) => c.notNull())
        .addColumn('job_title', 'text', (c) => c.notNull())
        .addColumn('primary_tech_focus', 'text')
        .addColumn('experience_level', 'text')
        .addColumn('difficulty_level', 'text')
        .addColumn('interview_type', 'integer', (c) => c.notNull())
        .addColumn('language_code', 'integer', (c) => c.notNull())
        .addColumn('questions', 'text', (c) => c.notNull())
        .addColumn('platformai_interview_id', 'bigint')
        .addColumn('userip', 'text')
        .addColumn('call_api_id', 'text')
        .addColumn('call_length', 'double precision')
        .addColumn('feedback', 'text')
        .addColumn('next_question_index', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_disconnected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('archival_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ending_reason', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('interview_agent_meta', 'text')
        .addColumn('resume_count', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interviews_owner_created').on('interviews').columns(['owner_id', 'created_at']).execute();

      await db.schema
        .createTable('transcript_entries')
        .addColumn('interview_id', 'text', (c) => c.notNull().references('interviews.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('control_id', 'text')
        .addColumn('video_begin', 'integer')
        .addColumn('video_end', 'integer')
        .addPrimaryKeyConstraint('transcript_entries_pk', ['interview_id', 'seq'])
        .execute();

      await db.schema
        .createTable('interview_log_lines')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('interview_id', 'text', (c) => c.notNull().references('interviews.id').onDelete('cascade'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interview_log_lines_interview').on('interview_log_lines').columns(['interview_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['interview_log_lines', 'transcript_entries', 'interviews', 'api_keys', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
