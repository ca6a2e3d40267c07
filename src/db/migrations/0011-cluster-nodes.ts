import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The nodes of a deployment without Redis and their last heartbeat
 * (src/cluster/): a node silent for three beats is dead, and what it held
 * (session leases, job claims) is taken over at once.
 */
export function clusterNodes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cluster_nodes')
        .addColumn('node_id', 'text', (col) => col.primaryKey())
        .addColumn('last_beat_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cluster_nodes').execute();
    },
  };
}
