// The recording steps survive crashes: a worker that dies after its upload
// finished but before the step committed does not make the restart upload
// again, and a server killed with SIGKILL while the recording is being made
// resumes it on restart. Either way: one stored recording, one webhook.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { JobRepository } from '../src/jobs/job.repository.js';
import { stepKind } from '../src/results/results.pipeline.js';
import { startChildServer } from './helpers/child-server.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { eventually, GOOD_ANSWERS } from './helpers/session.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { jobInterviewRequest, startTestServer } from './helpers/test-server.js';
import { DELIVERY_ENV, FAST_WORKER } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let database: TestDatabase;
let receiver: Receiver;
let s3: TestS3;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
  s3 = await startTestS3();
});
afterAll(async () => {
  await receiver?.close();
  await s3?.close();
  await database?.dispose();
});

const deliveriesFor = (id: string) => receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id);
const recordingUploads = (id: string) =>
  s3.requests.filter((r) => r.method === 'PUT' && r.url.startsWith(`/${s3.bucket}/interviews/${id}/recording.mp3`));

describe('a crash between the upload and its commit', () => {
  it('the restarted pipeline finds the recording stored and does not upload it again; one webhook', async () => {
    const first = await startTestServer({ ...DELIVERY_ENV, ...s3.env, JOBS_WORKER: 'false' }, { database, ...FAST_WORKER });
    const key = await first.createKey();
    expect((await first.api(key, '/webhooks/endpoints', { method: 'POST', json: { url: receiver.url } })).status).toBe(201);
    const { interview_id: id } = await (
      await first.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() })
    ).json();
    expect((await playInterview(first.url, id, GOOD_ANSWERS)).endingReason).toBe(1);

    const container = first.server.container;
    // interview.ended, evaluate, media: the local recording exists (archival 4).
    for (let i = 0; i < 3; i++) expect(await container.jobRunner.runOne()).toBe(true);
    expect(
      (await container.database.db.selectFrom('interviews').select('archival_status').where('id', '=', id).executeTakeFirst())
        ?.archival_status,
    ).toBe(4);
    // The archive step's worker uploads, then dies before committing (its claim outlives it by a second).
    const now = Date.now();
    const claimed = await new JobRepository(container.database.db, container.database.dialect).claimNext(
      [stepKind('archive')],
      'worker:died',
      new Date(now).toISOString(),
      new Date(now + 1_000).toISOString(),
    );
    expect(claimed?.kind).toBe(stepKind('archive'));
    await container.media.service.store(id, { transcript: [], evaluation: null, log: [] });
    expect(recordingUploads(id)).toHaveLength(1);
    await first.close();

    const second = await startTestServer({ ...DELIVERY_ENV, ...s3.env, JOBS_POLL_SECONDS: '0.1' }, { database, ...FAST_WORKER });
    try {
      await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 20_000);
      await second.server.container.jobRunner.whenIdle();
      await second.server.container.webhooks.worker.whenIdle();
      expect(deliveriesFor(id)).toHaveLength(1);
      expect(recordingUploads(id)).toHaveLength(1);
      const { interview_logs: log } = await (await second.api(key, `/interview/get-logs/${id}`)).json();
      expect(log).toContain('recording stored (s3 storage; 0 uploaded, 1 already there)');
      const { interview_recording: url } = await (await second.api(key, `/interview/get-recording/${id}`)).json();
      const download = await fetch(url);
      expect(download.status).toBe(200);
      expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await second.close();
    }
  });
});

describe('the server killed with SIGKILL while the recording is being made', () => {
  it('resumes on restart: archival ends at 1, one upload, one webhook', async () => {
    // A short job lease: the killed worker's claim runs out soon after the restart.
    const env = { ...database.env, ...DELIVERY_ENV, ...s3.env, JOBS_POLL_SECONDS: '0.05', JOBS_LEASE_SECONDS: '3' };
    const setup = await createContainer(loadConfig(env));
    const { key } = await setup.auth.createKey({ userLabel: 'sigkill-media' });
    await setup.close();

    const first = await startChildServer(env);
    let second: Awaited<ReturnType<typeof startChildServer>> | undefined;
    try {
      const api = (base: string, path: string, init: RequestInit = {}) =>
        fetch(base + path, {
          ...init,
          headers: { 'x-application-secret-key': key, 'content-type': 'application/json', ...(init.headers as object) },
        });
      expect((await api(first.url, '/webhooks/endpoints', { method: 'POST', body: JSON.stringify({ url: receiver.url }) })).status).toBe(
        201,
      );
      const { interview_id: id } = await (
        await api(first.url, '/interview/create-from-questions', { method: 'POST', body: JSON.stringify(jobInterviewRequest()) })
      ).json();
      expect((await playInterview(first.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
      // Killed the moment the recording is under way (archival 2) or just made (4): before it is stored.
      let seen = 0;
      for (let i = 0; i < 2_000 && seen !== 2 && seen !== 4; i++) {
        seen = ((await (await api(first.url, `/interview/details/${id}`)).json()) as { archival_status: number }).archival_status;
        if (seen === 1) break;
      }
      await first.stop('SIGKILL');
      expect([2, 4]).toContain(seen);
      expect(deliveriesFor(id)).toHaveLength(0);

      second = await startChildServer(env);
      await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 30_000);
      const payload = deliveriesFor(id)[0]!.body as { interview: { archival_status: number }; media: { audio_url: string } };
      expect(payload.interview.archival_status).toBe(1);
      expect((await fetch(payload.media.audio_url)).status).toBe(200);
      expect(recordingUploads(id)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(deliveriesFor(id)).toHaveLength(1);
    } finally {
      await first.stop('SIGKILL');
      await second?.stop('SIGTERM');
    }
  }, 120_000);
});
