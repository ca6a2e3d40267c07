// Privacy: recordings and logs past RECORDING_RETENTION_DAYS are deleted by
// the retention sweep, and `cli erase <id>` deletes one interview's media and
// personal data on request, leaving an audit line. Nothing outside the
// interview's own media is touched.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { MEDIA_KEYS } from '../src/media/media-storage.js';
import { runTs } from './helpers/processes.js';
import { connect, createJobInterview, details, eventually, GOOD_ANSWERS, logs } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer({ RECORDING_RETENTION_DAYS: '30', JOBS_POLL_SECONDS: '0.1' });
  key = await t.createKey();
});
afterAll(() => t?.close());

async function archivedInterview(): Promise<string> {
  const id = await createJobInterview(t, key);
  expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
  await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 20_000);
  await t.server.container.jobRunner.whenIdle();
  return id;
}

describe('recording retention', () => {
  it('deletes recordings, archived records and the log once older than RECORDING_RETENTION_DAYS, and nothing younger', async () => {
    const storage = t.server.container.media.storage;
    const old = await archivedInterview();
    expect(await storage.stat(MEDIA_KEYS.audio(old))).not.toBeNull();
    const retention = t.server.container.media.retention!;
    expect(await retention.sweep()).toBe(0);

    t.clock.advance(31 * 86_400_000);
    const young = await archivedInterview();
    expect(await retention.sweep()).toBe(1);
    for (const object of [MEDIA_KEYS.audio(old), MEDIA_KEYS.transcript(old), MEDIA_KEYS.log(old)])
      expect(await storage.stat(object)).toBeNull();
    expect(await logs(t, key, old)).toMatch(
      /^\S+ INFO recordings, archived records and log deleted: older than 30 day\(s\) \(RECORDING_RETENTION_DAYS\)\n$/,
    );
    // Archived, and nothing left to hand out.
    expect(await (await t.api(key, `/interview/get-recording/${old}`)).json()).toEqual({ interview_recording: '' });
    expect(await storage.stat(MEDIA_KEYS.audio(young))).not.toBeNull();
    expect(await retention.sweep()).toBe(0);
  });
});

describe('cli erase', () => {
  const cli = (...args: string[]) => runTs('src/cli/main.ts', args, { ...t.database.env, LOG_LEVEL: 'silent' });

  it("deletes one interview's media and personal data and leaves one audit line", async () => {
    const storage = t.server.container.media.storage;
    const erased = await archivedInterview();
    const kept = await archivedInterview();
    const result = await cli('erase', erased);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`erased ${erased}`);

    expect(await storage.stat(MEDIA_KEYS.audio(erased))).toBeNull();
    expect(await storage.stat(MEDIA_KEYS.evaluation(erased))).toBeNull();
    const record = await details(t, key, erased);
    expect(record.transcript).toEqual([]);
    expect(record.userip).toBeNull();
    expect(await logs(t, key, erased)).toMatch(
      /^\S+ INFO personal data erased on request \(cli erase by [^)]+\): media, transcript, evaluation, log and candidate details deleted\n$/,
    );
    expect((await t.api(key, `/interview/overall-evaluation-report/${erased}`)).status).toBe(404);

    // The other interview is untouched.
    expect(await storage.stat(MEDIA_KEYS.audio(kept))).not.toBeNull();
    expect((await details(t, key, kept)).transcript.length).toBeGreaterThan(0);
  });

  it('refuses an interview in progress (its live session would write again) and changes nothing', async () => {
    const id = await createJobInterview(t, key);
    const client = await connect(t, id);
    await client.turn();
    const before = await details(t, key, id);
    const result = await cli('erase', id);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`interview ${id} is in progress`);
    expect(await details(t, key, id)).toEqual(before);
    await client.close();
  });

  it('refuses an unknown or malformed id and changes nothing', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '../../etc']) {
      const result = await cli('erase', id);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('nothing changed');
    }
  });
});
