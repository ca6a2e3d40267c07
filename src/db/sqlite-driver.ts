// The SQLite driver under Kysely, chosen by the Node.js runtime. better-sqlite3
// 12 aborts the process on Node 24 (its Statement destructor trips Node 24's
// ObjectWrap cleanup-hook assertion, nodejs/node#65446), and better-sqlite3 13,
// which fixes that, crashes on Node 20. So Node 24 and later use the built-in
// node:sqlite, earlier versions better-sqlite3; both meet Kysely's small
// SqliteDatabase interface, and CI runs the suite on Node 20 and Node 24.

import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export type SqliteDriverName = 'node:sqlite' | 'better-sqlite3';

export interface SqliteConnection extends SqliteDatabase {
  readonly driver: SqliteDriverName;
  exec(sql: string): void;
}

/** The subset of node:sqlite used here (@types/node 20 does not describe the module). */
interface NodeSqliteStatement {
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}
interface NodeSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeSqliteStatement;
  close(): void;
}

const require = createRequire(import.meta.url);

export function preferredSqliteDriver(nodeVersion = process.versions.node): SqliteDriverName {
  return Number(nodeVersion.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3';
}

export function openSqliteConnection(file: string, driver = preferredSqliteDriver()): SqliteConnection {
  return driver === 'node:sqlite' ? openNodeSqlite(file) : openBetterSqlite(file);
}

function openBetterSqlite(file: string): SqliteConnection {
  // Loaded lazily: on Node 24 the addon must not even be loaded. It is an optional dependency
  // (Node 24 does not need it), so say plainly what to do when its install failed.
  let Database: typeof BetterSqlite3;
  try {
    Database = require('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `better-sqlite3 is needed on Node ${process.versions.node} and could not be loaded (run npm ci again, or use Node 24)`,
      {
        cause: error,
      },
    );
  }
  const sqlite = new Database(file);
  return {
    driver: 'better-sqlite3',
    prepare: (sql) => sqlite.prepare(sql),
    exec: (sql) => void sqlite.exec(sql),
    close: () => void sqlite.close(),
  };
}

function openNodeSqlite(file: string): SqliteConnection {
  const { DatabaseSync } = require('node:sqlite') as { DatabaseSync: new (path: string) => NodeSqliteDatabase };
  const sqlite = new DatabaseSync(file);
  return {
    driver: 'node:sqlite',
    prepare: (sql) => adaptStatement(sqlite.prepare(sql)),
    exec: (sql) => sqlite.exec(sql),
    close: () => sqlite.close(),
  };
}

/** node:sqlite spreads its parameters and returns rows without a prototype; Kysely expects better-sqlite3's shape. */
function adaptStatement(statement: NodeSqliteStatement): SqliteStatement {
  const reader = statement.columns().length > 0;
  return {
    reader,
    all: (parameters) => statement.all(...parameters).map((row) => ({ ...(row as object) })),
    run: (parameters) => statement.run(...parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(...parameters)) yield { ...(row as object) };
    },
  };
}
