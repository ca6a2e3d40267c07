import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** The webhook circuit breaker's state on each endpoint (src/webhooks/circuit-breaker.ts). */
export function webhookCircuit(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('webhook_endpoints')
        .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('webhook_endpoints').addColumn('paused_until', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_endpoints').dropColumn('paused_until').execute();
      await db.schema.alterTable('webhook_endpoints').dropColumn('consecutive_failures').execute();
    },
  };
}
