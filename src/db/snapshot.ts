// Consistent copies of the database while the service keeps writing, and
// their restore into a database no service has used (docs/deployment.md,
// "Back up and restore"). SQLite: `VACUUM INTO` (one read transaction, so
// writers go on; a plain copy of a live WAL database can be torn). PostgreSQL:
// pg_dump of the service's schema, pg_restore into a fresh database.

import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../common/private-files.js';
import { openDatabase } from './database.js';
import { openSqliteConnection } from './sqlite-driver.js';

const run = promisify(execFile);

/** The service's SQLite file in DATA_DIR (database.ts opens the same one). */
export const SQLITE_FILE = 'interviews.sqlite';

/** A refusal that changed nothing: the operator's input or target is wrong. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

export interface SnapshotInfo {
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL: the schema that was dumped, and that a restore recreates. */
  schema: string | null;
}

/** Writes a consistent copy of the database into `file` (SQLite file or pg_dump archive). */
export async function snapshotDatabase(options: { databaseUrl: string | null; dataDir: string }, file: string): Promise<SnapshotInfo> {
  if (!options.databaseUrl) {
    const source = path.resolve(options.dataDir, SQLITE_FILE);
    if (!existsSync(source)) throw new SnapshotError(`no database at ${source}: is DATA_DIR the service's?`);
    const sqlite = openSqliteConnection(source);
    try {
      sqlite.exec('PRAGMA busy_timeout = 5000');
      sqlite.exec(`VACUUM INTO ${quoteSqlite(file)}`);
    } finally {
      sqlite.close();
    }
    chmodSync(file, PRIVATE_FILE_MODE);
    checkSqliteFile(file);
    return { dialect: 'sqlite', schema: null };
  }
  const schema = await firstSearchPathSchema(options.databaseUrl, true);
  const { url, env } = libpqConnection(options.databaseUrl);
  await runTool(
    'pg_dump',
    ['--format=custom', `--schema=${schema}`, '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`],
    env,
  );
  chmodSync(file, PRIVATE_FILE_MODE);
  return { dialect: 'postgres', schema };
}

/** Refuses (SnapshotError) unless the configured database is one no service has written to yet. */
export async function checkRestoreTarget(options: { databaseUrl: string | null; dataDir: string }, snapshot: SnapshotInfo): Promise<void> {
  const dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  if (dialect !== snapshot.dialect)
    throw new SnapshotError(
      `the backup holds a ${snapshot.dialect} database and this configuration uses ${dialect} ` +
        `(${snapshot.dialect === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL'})`,
    );
  if (!options.databaseUrl) {
    const target = path.resolve(options.dataDir, SQLITE_FILE);
    if (existsSync(target) && statSync(target).size > 0)
      throw new SnapshotError(`${target} already exists: restore into a DATA_DIR no service has used`);
    return;
  }
  const schema = await firstSearchPathSchema(options.databaseUrl, false);
  if (schema !== snapshot.schema)
    throw new SnapshotError(
      `the backup holds schema "${snapshot.schema}" but DATABASE_URL's search_path starts with "${schema}": ` +
        `restore into a database whose search_path names "${snapshot.schema}" first`,
    );
  const database = openDatabase(options);
  try {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from information_schema.tables where table_schema = ${schema}`.execute(database.db);
    if (Number(rows[0]?.count ?? 0) > 0)
      throw new SnapshotError(`schema "${schema}" of ${database.location} already has tables: restore into a database no service has used`);
  } finally {
    await database.close();
  }
}

/** Puts the snapshot in place; the caller has run checkRestoreTarget. */
export async function restoreDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  snapshot: SnapshotInfo,
  file: string,
): Promise<void> {
  if (!options.databaseUrl) {
    checkSqliteFile(file);
    ensurePrivateDir(options.dataDir);
    const target = path.resolve(options.dataDir, SQLITE_FILE);
    const temp = `${target}.restore-${process.pid}`;
    copyFileSync(file, temp);
    chmodSync(temp, PRIVATE_FILE_MODE);
    renameSync(temp, target);
    // A file from VACUUM INTO has no WAL; stale -wal/-shm files of an empty start must not be replayed onto it.
    for (const extra of [`${target}-wal`, `${target}-shm`]) rmSync(extra, { force: true });
    return;
  }
  // The archive's own CREATE SCHEMA fails where the schema exists (public always does): create it here
  // when missing, and restore everything but that entry.
  const schema = snapshot.schema ?? 'public';
  const database = openDatabase(options);
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(database.db);
  } finally {
    await database.close();
  }
  const { url, env } = libpqConnection(options.databaseUrl);
  const { stdout } = await runTool('pg_restore', ['--list', file], env);
  const entries = stdout.split('\n').filter((line) => !/^\d+; \d+ \d+ (SCHEMA - \S+|COMMENT - SCHEMA \S+) /.test(line));
  const listFile = `${file}.list-${process.pid}`;
  writeFileSync(listFile, entries.join('\n'), { mode: PRIVATE_FILE_MODE });
  try {
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, `--dbname=${url}`, file],
      env,
    );
  } finally {
    rmSync(listFile, { force: true });
  }
}

function checkSqliteFile(file: string): void {
  const sqlite = openSqliteConnection(file);
  try {
    const rows = sqlite.prepare('PRAGMA quick_check').all([]) as { quick_check?: string }[];
    const verdict = rows.map((row) => Object.values(row)[0]).join('; ');
    if (verdict !== 'ok') throw new SnapshotError(`${file} is not a sound SQLite database: ${verdict}`);
  } finally {
    sqlite.close();
  }
}

function quoteSqlite(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * The schema the service's tables live in: the first existing entry of the connection's search_path
 * (current_schema()) for a backup; for a restore the first named entry, which may not exist yet.
 */
async function firstSearchPathSchema(databaseUrl: string, mustExist: boolean): Promise<string> {
  const database = openDatabase({ databaseUrl, dataDir: '.' });
  try {
    if (mustExist) {
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(database.db);
      const schema = rows[0]?.schema;
      if (!schema) throw new SnapshotError(`no schema of DATABASE_URL's search_path exists in ${database.location}`);
      return schema;
    }
    const { rows } = await sql<{ path: string; user: string }>`
      select current_setting('search_path') as path, current_user as user`.execute(database.db);
    for (const entry of (rows[0]?.path ?? 'public').split(',').map((name) => name.trim().replace(/^"(.*)"$/, '$1'))) {
      if (entry !== '$user') return entry;
      // "$user" counts only when a schema of that name exists, as PostgreSQL itself resolves it.
      const user = rows[0]?.user ?? '';
      const { rows: found } = await sql`select 1 from information_schema.schemata where schema_name = ${user}`.execute(database.db);
      if (found.length > 0) return user;
    }
    return 'public';
  } catch (error) {
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`cannot reach ${database.location}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database.close();
  }
}

/**
 * The URL as libpq (pg_dump, pg_restore) takes it: the password moves to PGPASSWORD (an argument
 * is visible to every user in `ps`), and node-postgres's `options` parameter to PGOPTIONS.
 */
function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const options = url.searchParams.get('options');
  if (options) env.PGOPTIONS = options;
  url.searchParams.delete('options');
  return { url: url.toString(), env };
}

async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string }> {
  try {
    return await run(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new SnapshotError(
        `${tool} not found: install PostgreSQL's client tools (Debian: postgresql-client) of the server's version or newer`,
      );
    throw new SnapshotError(`${tool} failed: ${(failure.stderr ?? failure.message).trim().split('\n').slice(-3).join(' | ')}`);
  }
}
