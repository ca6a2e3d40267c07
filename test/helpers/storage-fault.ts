// A real storage fault for one test: a trigger that makes the database refuse
// some writes (raising 'storage refused'), in SQLite or PostgreSQL alike.
// The condition is SQL on `new`, e.g. `new.interview_id = '<uuid>'`.

import { sql } from 'kysely';
import type { TestServer } from './test-server.js';

let triggers = 0;

/** Refuses inserts (and, in PostgreSQL, updates) into `table` where `when` holds; resolves with the function that lifts it. */
export async function refuseWrites(t: TestServer, table: string, when: string): Promise<() => Promise<void>> {
  const { db, dialect } = t.server.container.database;
  const name = `refuse_write_${++triggers}`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'storage refused'; end $$;
         create trigger ${name} before insert or update on ${table} for each row when (${when}) execute function ${name}();`,
      )
      .execute(db);
    return async () => void (await sql.raw(`drop trigger ${name} on ${table}; drop function ${name}();`).execute(db));
  }
  await sql
    .raw(`create trigger ${name} before insert on ${table} when ${when} begin select raise(abort, 'storage refused'); end`)
    .execute(db);
  return async () => void (await sql.raw(`drop trigger ${name}`).execute(db));
}
