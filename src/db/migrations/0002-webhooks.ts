import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

// Webhook endpoints and their deliveries. The deliveries table is the durable
// queue: one row per attempt series, claimed under a lease (see
// src/webhooks/delivery.repository.ts). Deliveries keep endpoint_id as plain
// text, not a foreign key, so history outlives a deleted endpoint.
export function webhooks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('interview_type', 'integer')
        .addColumn('event_types', 'text')
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
        .addColumn('secret_masked', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'text')
        .addColumn('last_failure_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_endpoints_owner_created').on('webhook_endpoints').columns(['owner_id', 'created_at']).execute();

      await db.schema
        .createTable('webhook_deliveries')
        // seq is the enqueue order, which is the delivery order per endpoint.
        .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text')
        .addColumn('interview_id', 'text')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        // `<endpoint_id>:<event_id>` while an emitted event is queued or delivered; null otherwise.
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('target_url', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claim_token', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema.createIndex('webhook_deliveries_queue').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'status', 'seq'])
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_owner_created')
        .on('webhook_deliveries')
        .columns(['owner_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
