import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Dialect } from './database.js';
import { foundation } from './migrations/0001-foundation.js';
import { webhooks } from './migrations/0002-webhooks.js';
import { session } from './migrations/0003-session.js';
import { results } from './migrations/0004-results.js';
import { webhookCircuit } from './migrations/0005-webhook-circuit.js';
import { consent } from './migrations/0006-consent.js';
import { media } from './migrations/0007-media.js';
import { erasedInterviews } from './migrations/0008-erased-interviews.js';
import { mediaWork } from './migrations/0009-media-work.js';
import { clusterNodes } from './migrations/0011-cluster-nodes.js';
import { resumeTokens } from './migrations/0012-resume-tokens.js';
import { sessionWriter } from './migrations/0013-session-writer.js';

/** The ordered migrations; each receives the dialect for the few places the engines differ. */
export function listMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-foundation': foundation(dialect),
    '0002-webhooks': webhooks(dialect),
    '0003-session': session(dialect),
    '0004-results': results(dialect),
    '0005-webhook-circuit': webhookCircuit(dialect),
    '0006-consent': consent(dialect),
    '0007-media': media(dialect),
    '0008-erased-interviews': erasedInterviews(dialect),
    '0009-media-work': mediaWork(dialect),
    '0011-cluster-nodes': clusterNodes(dialect),
    '0012-resume-tokens': resumeTokens(dialect),
    '0013-session-writer': sessionWriter(dialect),
  };
}

export class MigrationError extends Error {
  constructor(name: string, cause: unknown) {
    super(`Migration ${name} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/** Brings the schema to the latest version; safe to run from several processes at once (Kysely locks). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const migrations = listMigrations(dialect);
  // Kysely looks for its bookkeeping tables in every schema unless told which one:
  // name the connection's own, so databases that share a server never see each other's.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  // Unordered: branches add migrations with their own numbers (0002, 0003, ...); a database that
  // already ran 0003 must still accept a later-merged 0002.
  const migrator = new Migrator({
    db,
    migrationTableSchema,
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new MigrationError(failed?.migrationName ?? 'run', error);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
