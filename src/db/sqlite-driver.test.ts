import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteConnection, preferredSqliteDriver, type SqliteConnection } from './sqlite-driver.js';

describe('SQLite driver', () => {
  let dir: string | null = null;
  let connection: SqliteConnection | null = null;
  afterEach(() => {
    connection?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is node:sqlite from Node 24 on (better-sqlite3 12 aborts there) and better-sqlite3 before', () => {
    expect(preferredSqliteDriver('20.19.0')).toBe('better-sqlite3');
    expect(preferredSqliteDriver('22.21.1')).toBe('better-sqlite3');
    expect(preferredSqliteDriver('24.21.0')).toBe('node:sqlite');
  });

  it("this runtime's driver answers in the shape Kysely expects: readers, changes, plain row objects", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-driver-'));
    connection = openSqliteConnection(path.join(dir, 'test.sqlite'));
    expect(connection.driver).toBe(preferredSqliteDriver());
    connection.exec('create table notes (id integer primary key, body text not null)');

    const insert = connection.prepare('insert into notes (body) values (?) returning id');
    expect(insert.reader).toBe(true);
    expect(insert.all(['first'])).toEqual([{ id: 1 }]);
    const update = connection.prepare('update notes set body = ? where id = ?');
    expect(update.reader).toBe(false);
    expect(update.run(['changed', 1]).changes).toBe(1);

    const rows = connection.prepare('select id, body from notes').all([]);
    expect(rows).toEqual([{ id: 1, body: 'changed' }]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect([...connection.prepare('select body from notes where id = ?').iterate([1])]).toEqual([{ body: 'changed' }]);
  });
});
