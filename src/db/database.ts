import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { ensurePrivateDir, ensurePrivateFile, tightenExisting } from '../shared/private-files.js';
import { openSqliteConnection, type SqliteConnection } from './sqlite-driver.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the PostgreSQL host/database. */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
}

/** PostgreSQL when a URL is given, otherwise an SQLite file in DATA_DIR (WAL). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  ensurePrivateDir(dataDir);
  const file = path.resolve(dataDir, 'interviews.sqlite');
  // SQLite gives the -wal and -shm files the database file's mode, so creating it 0600 covers them too.
  ensurePrivateFile(file);
  const sqlite = openSqliteConnection(file);
  sqlite.exec('PRAGMA journal_mode = WAL');
  tightenExisting([`${file}-wal`, `${file}-shm`]);
  // NORMAL is durable across process crashes in WAL mode; only an OS crash can lose the last commit.
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', location: `${file} (${sqlite.driver})`, close: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh; on a hot path that is a measurable share
 * of CPU (bench/http). Queries are built from a small fixed set of shapes, so
 * keep their prepared statements. Safe because Kysely runs one query at a time
 * on its single SQLite connection.
 */
function withStatementCache(sqlite: SqliteConnection, capacity = 256): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (source: string) => sqlite.prepare(source);
  const cachedPrepare = (source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source); // re-insert: the map's order is the recency order
    } else {
      statement = prepare(source);
      if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    }
    cache.set(source, statement);
    return statement;
  };
  return { prepare: cachedPrepare, close: () => sqlite.close() };
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const url = new URL(databaseUrl);
  return { db, dialect: 'postgres', location: `${url.host}${url.pathname}`, close: () => db.destroy() };
}
