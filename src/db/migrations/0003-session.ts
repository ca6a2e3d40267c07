import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The live session (issue 4): the conversation memory of each started
 * interview, the database lease that keeps one session per interview, and the
 * durable jobs queue that hands ended interviews to the results pipeline.
 */
export function session(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('interview_sessions')
        .addColumn('interview_id', 'text', (c) => c.primaryKey().references('interviews.id').onDelete('cascade'))
        /** JSON MachineContext: follow-ups, strikes, candidate questions; survives restarts. */
        .addColumn('context', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        /** Refreshed by the live connection's heartbeat and at every turn; the grace period counts from here. */
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('disconnected_at', 'text')
        /** JSON PendingTurn: a turn whose candidate half is stored while the model writes the reply. */
        .addColumn('pending_turn', 'text')
        .execute();
      await db.schema.createIndex('interview_sessions_last_seen').on('interview_sessions').column('last_seen_at').execute();

      await db.schema
        .createTable('session_leases')
        .addColumn('interview_id', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        /** kind + subject: enqueuing the same work twice is a no-op. */
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_status_run_at').on('jobs').columns(['status', 'run_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['jobs', 'session_leases', 'interview_sessions']) await db.schema.dropTable(table).execute();
    },
  };
}
