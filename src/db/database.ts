import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { ensurePrivateDir, ensurePrivateFile, tightenExisting } from '../common/private-files.js';
import { openSqliteConnection, type SqliteConnection } from './sqlite-driver.js';

export type Dialect = 'sqlite' | 'postgres';

/** What a statement does, for the query counter (db_queries_total). */
export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the PostgreSQL host/database. */
  location: string;
  /** Calls `listener` for every statement sent (transactions' begin and commit excepted). */
  observeQueries(listener: (kind: QueryKind) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
}

/** PostgreSQL when a URL is given, otherwise an SQLite file in DATA_DIR (WAL). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const listeners: ((kind: QueryKind) => void)[] = [];
  const log = (event: LogEvent) => {
    if (listeners.length === 0) return;
    const kind = queryKind(event.query.query.kind, event.query.sql);
    for (const listener of listeners) listener(kind);
  };
  const handle = options.databaseUrl ? openPostgres(options.databaseUrl, log) : openSqlite(options.dataDir, log);
  return { ...handle, observeQueries: (listener) => void listeners.push(listener) };
}

const KINDS: Record<string, QueryKind> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

function queryKind(node: string, text: string): QueryKind {
  const known = KINDS[node];
  if (known) return known;
  // Raw SQL (sql`...`): its first word.
  const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}

type Opened = Omit<DatabaseHandle, 'observeQueries'>;

function openSqlite(dataDir: string, log: (event: LogEvent) => void): Opened {
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
  // Deleted rows are overwritten with zeros (in the file and the WAL), so erased answers cannot be read back from disk.
  sqlite.exec('PRAGMA secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
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

function openPostgres(databaseUrl: string, log: (event: LogEvent) => void): Opened {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  const url = new URL(databaseUrl);
  return { db, dialect: 'postgres', location: `${url.host}${url.pathname}`, close: () => db.destroy() };
}
