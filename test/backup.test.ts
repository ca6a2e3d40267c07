// Back up a serving instance with `cli backup`, restore it with `cli restore`
// into one no service has used, start a new instance there and read everything
// back through the public API: interviews, transcript, evaluation, log and the
// MP3 (the same bytes). Once on SQLite with the local media folder, once on
// PostgreSQL (two fresh databases) with S3 (two s3rver buckets). While the
// backup runs, a candidate keeps answering and a client keeps creating interviews.
//
// It spawns several server and CLI processes, so it runs only when
// BACKUP_TESTS=1 (CI runs it once, after the cluster test); the PostgreSQL
// half needs BACKUP_DATABASE_URL (a server where it may create databases).

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup } from '../src/backup/backup.service.js';
import { CandidateClient, playInterview } from '../src/cli/candidate-client.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { eventually, GOOD_ANSWERS } from './helpers/session.js';
import { jobInterviewRequest } from './helpers/test-server.js';
import { entryArgs } from './helpers/processes.js';

const enabled = process.env.BACKUP_TESTS === '1';
const postgresUrl = process.env.BACKUP_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
});

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The operator CLI as an operator runs it, with the instance's environment. */
function cli(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entryArgs('src/cli/main.ts'), ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startServer(env: Record<string, string>): Promise<ChildServer> {
  const server = await startChildServer({ JOBS_POLL_SECONDS: '0.2', RATE_LIMIT_PER_MINUTE: '100000', ...env });
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

async function createKey(env: Record<string, string>): Promise<string> {
  const container = await createContainer(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    return (await container.auth.createKey({ userLabel: 'backup-test' })).key;
  } finally {
    await container.close();
  }
}

function client(url: string, key: string) {
  const call = (route: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(url + route, {
      method: init.method ?? 'GET',
      headers: { 'x-application-secret-key': key, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const read = async (route: string) => {
    const response = await call(route);
    expect(response.status, `${route}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    call,
    read,
    async create(): Promise<string> {
      const response = await call('/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() });
      expect(response.status).toBe(200);
      return ((await response.json()) as { interview_id: string }).interview_id;
    },
    /** What a client can read of one interview; the MP3 as its SHA-256, or null when there is none. */
    async everything(id: string) {
      const details = await read(`/interview/details/${id}`);
      const recording = await call(`/interview/get-recording/${id}`);
      let mp3: string | null = null;
      if (recording.status === 200) {
        const { interview_recording: link } = (await recording.json()) as { interview_recording: string };
        const download = await fetch(link);
        expect(download.status).toBe(200);
        mp3 = createHash('sha256')
          .update(Buffer.from(await download.arrayBuffer()))
          .digest('hex');
      }
      return {
        state: details.state,
        ending_reason: details.ending_reason,
        transcript: (await read(`/interview/transcript/${id}`)).transcript,
        evaluation: details.state === 2 ? await read(`/interview/evaluation-report/${id}`) : null,
        logs: (await read(`/interview/get-logs/${id}`)).interview_logs,
        mp3,
      };
    },
  };
}

/** A candidate who answers, one answer every 150 ms, until told to stop; the replies it got. */
async function keepAnswering(url: string, id: string): Promise<{ stop(): Promise<number> }> {
  const candidate = await CandidateClient.connect(url, id);
  expect((await candidate.next(['session', 'INTERVIEW_NOT_ALLOWED'])).type).toBe('session');
  await candidate.turn();
  let stopping = false;
  let replies = 0;
  const running = (async () => {
    for (let i = 0; !stopping; i++) {
      candidate.send({ type: 'answer', text: i % 2 === 0 ? 'Could you repeat the question, please?' : GOOD_ANSWERS[1]! });
      const { ended } = await candidate.turn(30_000);
      replies += 1;
      if (ended) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  })();
  return {
    async stop() {
      stopping = true;
      await running;
      await candidate.close();
      return replies;
    },
  };
}

interface Instance {
  env: Record<string, string>;
}

/**
 * The scenario both engines share: serve, back up while serving, stop the source (and its store),
 * restore into `fresh`, start it and compare what the API says with what the source said.
 */
async function backUpAndRestore(source: Instance, fresh: () => Promise<Instance>, stopSourceStore: () => Promise<void>) {
  const server = await startServer(source.env);
  const key = await createKey(source.env);
  const api = client(server.url, key);
  const completed = await api.create();
  const untouched = await api.create();
  const running = await api.create();
  const played = await playInterview(server.url, completed, GOOD_ANSWERS, { timeoutMs: 30_000 });
  expect(played.endingReason).toBe(1);
  await eventually(async () => expect((await api.call(`/interview/get-recording/${completed}`)).status).toBe(200), 60_000);
  await eventually(async () => expect((await api.call(`/interview/evaluation-report/${completed}`)).status).toBe(200), 30_000);

  // The backup runs while a candidate answers and a client creates interviews; none of them notices.
  const candidate = await keepAnswering(server.url, running);
  let creating = true;
  const createdDuring: string[] = [];
  const creator = (async () => {
    while (creating) {
      createdDuring.push(await api.create());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const folder = path.join(tempDir('backup-'), 'nightly');
  const backup = await cli(source.env, 'backup', folder);
  creating = false;
  await creator;
  expect(await candidate.stop()).toBeGreaterThan(0);
  expect(createdDuring.length).toBeGreaterThan(0);
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(/backup written to/);

  const before = {
    completed: await api.everything(completed),
    untouched: await api.everything(untouched),
  };
  const said = (transcript: unknown) => (transcript as { role: string; content: string }[]).map((e) => `${e.role}: ${e.content}`);
  const liveTranscript = said((await api.read(`/interview/transcript/${running}`)).transcript);
  expect(before.completed.mp3).not.toBeNull();
  expect(before.completed.transcript).toEqual(expect.arrayContaining([expect.objectContaining({ content: GOOD_ANSWERS[0] })]));
  await server.stop('SIGTERM');
  await stopSourceStore();

  const target = await fresh();
  const restore = await cli(target.env, 'restore', folder);
  expect(restore.code, restore.stderr).toBe(0);
  const restored = await startServer(target.env);
  // The restored database holds the API key: the client's key works on the new instance.
  const again = client(restored.url, key);
  expect(await again.everything(completed)).toEqual(before.completed);
  expect(await again.everything(untouched)).toEqual(before.untouched);
  // The interview that was live during the backup is there as it was at one moment of it: its
  // transcript is a beginning of the one the source went on to write (which the recording may have timed since).
  const live = said((await again.read(`/interview/transcript/${running}`)).transcript);
  expect(live.length).toBeGreaterThanOrEqual(2);
  expect(live).toEqual(liveTranscript.slice(0, live.length));
  return { folder, target, restored, key, completed };
}

describe.skipIf(!enabled)('backup and restore', () => {
  it('SQLite and the local media folder: a restored DATA_DIR serves everything the old one did', { timeout: 180_000 }, async () => {
    const source = { env: { DATA_DIR: tempDir('backup-source-') } };
    const { folder, target, restored, key, completed } = await backUpAndRestore(
      source,
      async () => ({ env: { DATA_DIR: tempDir('backup-target-') } }),
      async () => {},
    );

    // The refusals, called in-process (the CLI prints the same message and exits 1).
    // Restoring over an instance in use is refused, and it keeps serving what it had.
    await expect(restoreBackup(loadConfig(target.env), folder)).rejects.toThrow(
      /already exists: restore into a DATA_DIR no service has used/,
    );
    expect((await client(restored.url, key).read(`/interview/details/${completed}`)).state).toBe(2);

    // A damaged backup is refused before anything is written.
    const damaged = path.join(tempDir('backup-damaged-'), 'copy');
    cpSync(folder, damaged, { recursive: true });
    const mp3 = path.join(damaged, 'media', 'interviews', completed, 'recording.mp3');
    const bytes = readFileSync(mp3);
    bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
    writeFileSync(mp3, bytes);
    const elsewhere = tempDir('backup-elsewhere-');
    await expect(restoreBackup(loadConfig({ DATA_DIR: elsewhere }), damaged)).rejects.toThrow(/recording\.mp3 does not match the manifest/);
    expect(readdirSync(elsewhere)).toEqual([]);

    // A backup never lands on top of another.
    await expect(createBackup(loadConfig(source.env), folder)).rejects.toThrow(BackupError);
  });

  it.skipIf(!postgresUrl)(
    'PostgreSQL and S3: a restored database and bucket serve everything the old ones did',
    { timeout: 180_000 },
    async () => {
      const database = async () => {
        const name = `backup_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        cleanups.push(async () => {
          const client = new pg.Client({ connectionString: postgresUrl });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
          await client.end();
        });
        const url = new URL(postgresUrl!);
        url.pathname = `/${name}`;
        return url.toString();
      };
      const bucket = async (): Promise<TestS3> => {
        const s3 = await startTestS3();
        cleanups.push(() => s3.close());
        return s3;
      };
      const sourceS3 = await bucket();
      const webhookKey = randomBytes(32).toString('base64');
      const shared = { WEBHOOK_SECRET_KEY: webhookKey };
      await backUpAndRestore(
        { env: { ...shared, DATA_DIR: tempDir('backup-source-'), DATABASE_URL: await database(), ...sourceS3.env } },
        async () => ({ env: { ...shared, DATA_DIR: tempDir('backup-target-'), DATABASE_URL: await database(), ...(await bucket()).env } }),
        () => sourceS3.close(),
      );
    },
  );
});
