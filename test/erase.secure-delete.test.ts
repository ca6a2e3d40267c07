// After `cli erase` the candidate's words are gone from the SQLite files
// themselves, not only from query results: deleted rows are zeroed
// (secure_delete), so a copy of the database file or its WAL does not hold
// them. SQLite only (PostgreSQL's storage is the operator's to wipe).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { openSqliteConnection } from '../src/db/sqlite-driver.js';
import { runTs } from './helpers/processes.js';
import { createJobInterview } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer({ JOBS_POLL_SECONDS: '0.1' });
  key = await t.createKey();
});
afterAll(() => t?.close());

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('erased answers on disk', () => {
  it('are not readable in the database file or its WAL after erase and a checkpoint', async () => {
    const marker = `zebracorn${randomBytes(6).toString('hex')}`;
    const id = await createJobInterview(t, key);
    const answers = [`I am ${marker}, a backend engineer.`, `A race condition, says ${marker}, is about shared state and timing.`];
    expect((await playInterview(t.url, id, answers)).endingReason).toBe(1);
    const file = path.join(t.database.env.DATA_DIR!, 'interviews.sqlite');
    const onDisk = () => [file, `${file}-wal`].filter(existsSync).some((name) => readFileSync(name).includes(marker));
    const checkpoint = () => {
      const connection = openSqliteConnection(file);
      try {
        connection.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } finally {
        connection.close();
      }
    };
    checkpoint();
    // The answer is there before the erase (the test could not fail otherwise).
    expect(onDisk()).toBe(true);

    // Wait until the results pipeline is done with the interview (erase refuses while its recording is made).
    await expect
      .poll(async () => (await runTs('src/cli/main.ts', ['erase', id], { ...t.database.env, LOG_LEVEL: 'silent' })).code, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(0);
    checkpoint();
    expect(onDisk()).toBe(false);
  }, 120_000);
});
