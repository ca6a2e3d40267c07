// Several nodes on one database (and Redis when TEST_REDIS_URL is set): a
// node drained with SIGTERM warns the balancer first, a node killed with
// SIGKILL is known dead within three heartbeats and what it held (a
// candidate's session, a claimed job) is taken over at once, and work queued
// on one node wakes the workers of another.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Child processes take many seconds to start on a loaded machine.
const SLOW = { timeout: 180_000 };
import { CandidateClient, playInterview } from '../src/cli/candidate-client.js';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { FakeOpenAi } from './helpers/fake-openai.js';
import { GOOD_ANSWERS, createJobInterview, details, eventually, logs, say } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { DELIVERY_ENV, FAST_WORKER, createEndpoint } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let t: TestServer;
let key: string;
let receiver: Receiver;
const children = new Set<ChildServer>();

beforeAll(async () => {
  // The in-process node: a session node (no job runner until a test starts it), half-second heartbeats.
  t = await startTestServer({ ...DELIVERY_ENV, JOBS_WORKER: 'false', NODE_HEARTBEAT_SECONDS: '0.5' }, FAST_WORKER);
  key = await t.createKey();
  receiver = await startReceiver();
  await createEndpoint(t, key, { url: receiver.url });
});
afterAll(async () => {
  await Promise.all([...children].map((c) => c.stop('SIGKILL')));
  await t?.close();
  await receiver?.close();
});

async function startChild(env: Record<string, string>): Promise<ChildServer> {
  const server = await startChildServer({ ...t.database.env, ...DELIVERY_ENV, NODE_HEARTBEAT_SECONDS: '0.5', ...env });
  children.add(server);
  return server;
}

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

const deliveriesFor = (id: string) => receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id);

describe('a node drained with SIGTERM', () => {
  it('fails /ready first while /health stays up and its sessions stay open, then moves the page with 1001 and exits', SLOW, async () => {
    const id = await createJobInterview(t, key);
    // A 15 s drain: room on a loaded machine to see /ready fail and answer once before the page is moved.
    const node = await startChild({ DRAIN_SECONDS: '15', JOBS_WORKER: 'false' });
    expect(await status(`${node.url}/ready`)).toBe(200);
    const client = await CandidateClient.connect(node.url, id);
    await client.next('session');
    await client.turn();
    let closed = false;
    const closing = client.closed.then((close) => ((closed = true), close));

    process.kill(-node.child.pid!, 'SIGTERM');
    await eventually(async () => expect(await status(`${node.url}/ready`)).toBe(503), 10_000);
    expect(await status(`${node.url}/health`)).toBe(200);
    expect(closed).toBe(false);
    // The page still works while the balancer takes the node out.
    await say(client, GOOD_ANSWERS[0]!);
    expect((await closing).code).toBe(1001);
    await node.stop('SIGTERM');
    // Recorded as a disconnection with its lease released: another node resumes it at once.
    const back = await CandidateClient.connect(t.url, id);
    expect(await back.next(['session', 'INTERVIEW_NOT_ALLOWED'])).toMatchObject({ type: 'session', resumed: true });
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user')).toHaveLength(1);
    await back.close();
  });
});

describe('a session node killed with SIGKILL', () => {
  it(
    'the candidate resumes on another node within 20 s of the socket closing, long before the lease ends; the log says so',
    SLOW,
    async () => {
      const id = await createJobInterview(t, key);
      // A 60 s lease: without the heartbeat the candidate would be refused for a minute.
      const node = await startChild({ SESSION_LEASE_SECONDS: '60', JOBS_WORKER: 'false' });
      const client = await CandidateClient.connect(node.url, id);
      await client.next('session');
      await client.turn();
      await say(client, GOOD_ANSWERS[0]!);

      await node.stop('SIGKILL');
      await client.closed;
      const droppedAt = Date.now();
      const back = await CandidateClient.connect(t.url, id);
      expect(await back.next(['session', 'INTERVIEW_NOT_ALLOWED'])).toMatchObject({ type: 'session', resumed: true });
      // Far under the 60 s lease, with room for a loaded machine.
      expect(Date.now() - droppedAt).toBeLessThan(20_000);
      await back.turn();
      await say(back, GOOD_ANSWERS[1]!);
      const users = (await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.control_id);
      expect(users).toEqual(['procedural', 'q1']);
      const log = await logs(t, key, id);
      expect(log).toMatch(/stopped heartbeating with this interview's session on it/);
      expect(log).toMatch(/session taken over by node/);
      await back.close();
    },
  );

  it('a second tab while the first node is alive is still refused', SLOW, async () => {
    const id = await createJobInterview(t, key);
    const node = await startChild({ JOBS_WORKER: 'false' });
    const first = await CandidateClient.connect(node.url, id);
    await first.next('session');
    const second = await CandidateClient.connect(t.url, id);
    expect(await second.next(['session', 'INTERVIEW_NOT_ALLOWED'])).toMatchObject({ reason: 'session_active' });
    await first.close();
    await node.stop('SIGTERM');
  });
});

describe('a worker killed with SIGKILL mid-job', () => {
  it('its job is taken over as soon as the worker is known dead, not after JOBS_LEASE_SECONDS', SLOW, async () => {
    const model = new FakeOpenAi();
    await model.start();
    model.mode = 'delayed';
    model.delayMs = 600_000; // the evaluation's model call never answers while the worker lives
    try {
      const worker = await startChild({ ...model.env(300), JOBS_LEASE_SECONDS: '600', JOBS_POLL_SECONDS: '0.2' });
      const id = await createJobInterview(t, key);
      expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
      // The worker is inside the evaluation step, waiting for the model.
      await eventually(async () => expect(model.requests.length).toBeGreaterThan(0), 20_000);
      await worker.stop('SIGKILL');
      const killedAt = Date.now();
      // The in-process node becomes a worker (the built-in evaluator): it takes the job over at its first look.
      t.server.container.jobRunner.start();
      const jobs = () =>
        t.server.container.database.db.selectFrom('jobs').select(['kind', 'status', 'lease_owner', 'attempts', 'last_error']).execute();
      await eventually(async () => expect(deliveriesFor(id), JSON.stringify(await jobs())).toHaveLength(1), 120_000);
      // Far under the 600 s JOBS_LEASE_SECONDS, with room for a loaded machine.
      expect(Date.now() - killedAt).toBeLessThan(120_000);
      expect(await logs(t, key, id)).toMatch(/evaluation stored by/);
    } finally {
      await t.server.container.jobRunner.stop();
      await model.stop();
    }
  });
});

describe('cross-node wake-up', () => {
  it.skipIf(!process.env.TEST_REDIS_URL)(
    'an interview ended on a session node wakes a worker that does not poll: delivered within seconds',
    SLOW,
    async () => {
      const worker = await startChild({ JOBS_POLL_SECONDS: '3600' });
      // The worker's start-up look at the queue is over once it is up; from now on only a wake-up reaches it.
      const id = await createJobInterview(t, key);
      const ended = Date.now();
      expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
      await eventually(async () => expect(deliveriesFor(id)).toHaveLength(1), 20_000);
      expect(Date.now() - ended).toBeLessThan(20_000);
      await worker.stop('SIGTERM');
    },
  );
});
