// Each test file gets its own database: a temporary SQLite directory, or, when
// TEST_DATABASE_URL names a PostgreSQL server, a fresh schema in it (dropped at
// the end), so files running in parallel never see each other's rows.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  env: Record<string, string>;
  engine: 'sqlite' | 'postgres';
  dispose(): Promise<void>;
}

/** By default from TEST_DATABASE_URL / TEST_REDIS_URL; the benchmarks pass their own. */
export async function createTestDatabase(
  options: { databaseUrl?: string | undefined; redisUrl?: string | undefined } = {
    databaseUrl: process.env.TEST_DATABASE_URL,
    redisUrl: process.env.TEST_REDIS_URL,
  },
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'interview-test-'));
  const base = options.databaseUrl;
  const redisUrl = options.redisUrl;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (redisUrl) env.REDIS_URL = redisUrl;
  if (!base) {
    return { env, engine: 'sqlite', dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  env.DATABASE_URL = url.toString();
  return {
    env,
    engine: 'postgres',
    async dispose() {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
