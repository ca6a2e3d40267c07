// The results pipeline survives a crash at any step: the work stops after k
// committed steps with the next step claimed by a worker that then dies, a
// new server starts on the same database, and the interview still ends with
// one complete result, each step recorded once and one delivery. A second
// test kills the server process itself with SIGKILL right after the last turn.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { JobRepository } from '../src/jobs/job.repository.js';
import { RESULT_STEPS, stepKind } from '../src/results/results.pipeline.js';
import { startChildServer } from './helpers/child-server.js';
import { eventually, GOOD_ANSWERS } from './helpers/session.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { jobInterviewRequest, startTestServer } from './helpers/test-server.js';
import { DELIVERY_ENV, FAST_WORKER } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let database: TestDatabase;
let receiver: Receiver;

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await database?.dispose();
});

const deliveriesFor = (id: string) => receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id);
const ALL_KINDS = ['interview.ended', ...RESULT_STEPS.map(stepKind)];
const STEP_LOG_LINES = [
  'handed over to the results pipeline',
  'evaluation stored by',
  'media:',
  'archive:',
  'sync:',
  'interview.media_processed queued',
];

describe('a crash inside the results pipeline', () => {
  it.each([0, 1, 2, 3, 4, 5])(
    'after %i committed step(s), with the next one claimed by a worker that died, a restart finishes with one result and one delivery',
    async (committed) => {
      // First node: runs the interview but no background worker; we drive the steps by hand.
      const first = await startTestServer({ ...DELIVERY_ENV, JOBS_WORKER: 'false' }, { database, ...FAST_WORKER });
      const key = await first.createKey();
      const endpoint = await first.api(key, '/webhooks/endpoints', { method: 'POST', json: { url: receiver.url } });
      expect(endpoint.status).toBe(201);
      const { interview_id: id } = await (
        await first.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() })
      ).json();
      expect((await playInterview(first.url, id, GOOD_ANSWERS)).endingReason).toBe(1);

      const runner = first.server.container.jobRunner;
      for (let i = 0; i < committed; i++) expect(await runner.runOne()).toBe(true);
      // The worker that takes the next step dies holding it: its lease must run out before anyone else may run it.
      const now = Date.now();
      const claimed = await new JobRepository(first.server.container.database.db, first.server.container.database.dialect).claimNext(
        ALL_KINDS,
        'worker:died',
        new Date(now).toISOString(),
        new Date(now + 1_000).toISOString(),
      );
      expect(claimed?.kind).toBe(ALL_KINDS[committed]);
      await first.close();
      expect(deliveriesFor(id)).toHaveLength(0);

      const second = await startTestServer({ ...DELIVERY_ENV, JOBS_POLL_SECONDS: '0.1' }, { database, ...FAST_WORKER });
      try {
        await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 20_000);
        await second.server.container.jobRunner.whenIdle();
        await second.server.container.webhooks.worker.whenIdle();
        expect(deliveriesFor(id)).toHaveLength(1);
        expect(deliveriesFor(id)[0]!.body.evaluation).not.toBeNull();
        expect((await second.api(key, `/interview/overall-evaluation-report/${id}`)).status).toBe(200);
        const { interview_logs: log } = await (await second.api(key, `/interview/get-logs/${id}`)).json();
        for (const line of STEP_LOG_LINES) expect(log.split(line).length - 1, line).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe('the server killed with SIGKILL right after the last turn', () => {
  it('hands the interview over on restart: one result, one delivery', async () => {
    const env = { ...database.env, ...DELIVERY_ENV, JOBS_POLL_SECONDS: '0.1' };
    const setup = await createContainer(loadConfig(env));
    const { key } = await setup.auth.createKey({ userLabel: 'sigkill-results' });
    await setup.close();

    const first = await startChildServer({ ...env, JOBS_WORKER: 'false' });
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
      await first.stop('SIGKILL');
      expect(deliveriesFor(id)).toHaveLength(0);

      second = await startChildServer(env);
      await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 30_000);
      const overall = await api(second.url, `/interview/overall-evaluation-report/${id}`);
      expect(overall.status).toBe(200);
    } finally {
      await first.stop('SIGKILL');
      await second?.stop('SIGTERM');
    }
  });
});
