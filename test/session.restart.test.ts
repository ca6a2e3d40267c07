// The server process is killed with SIGKILL mid-interview and started again;
// the candidate reconnects and finishes with nothing lost.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { FakeOpenAi } from './helpers/fake-openai.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details, eventually, logs, say } from './helpers/session.js';

let t: TestServer;
let key: string;
const children = new Set<ChildServer>();

beforeAll(async () => {
  // The in-process server only serves the API here and runs no jobs (not even when another node's
  // wake-up reaches it through Redis), so the child's runner does the work.
  t = await startTestServer({ JOBS_WORKER: 'false' });
  key = await t.createKey();
});
afterAll(async () => {
  await Promise.all([...children].map((c) => c.stop('SIGKILL')));
  await t?.close();
});

async function startChild(env: Record<string, string> = {}): Promise<ChildServer> {
  const server = await startChildServer({ ...t.database.env, SESSION_LEASE_SECONDS: '1', JOBS_POLL_SECONDS: '0.2', ...env });
  children.add(server);
  return server;
}

/** A candidate connected to `url`, past the opening turn. */
async function open(url: string, id: string): Promise<CandidateClient> {
  const client = await CandidateClient.connect(url, id);
  await client.next('session');
  await client.turn();
  return client;
}

/** Reconnects once the dead process's lease has expired. */
async function reconnect(url: string, id: string): Promise<CandidateClient> {
  return eventually(async () => {
    const client = await CandidateClient.connect(url, id);
    const first = await client.next(['session', 'INTERVIEW_NOT_ALLOWED']);
    if (first.type !== 'session') throw new Error('still leased');
    expect(first).toMatchObject({ resumed: true });
    return client;
  }, 120_000);
}

describe('a server process that stops mid-interview', () => {
  it('loses nothing: the candidate reconnects to the restarted server and finishes', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const first = await startChild();
    const client = await open(first.url, id);
    await say(client, GOOD_ANSWERS[0]!);
    await say(client, GOOD_ANSWERS[1]!);
    const before = (await details(t, key, id)).transcript;
    expect(before.filter((e) => e.role === 'user')).toHaveLength(2);

    await first.stop('SIGKILL');
    await client.closed;
    const second = await startChild();
    const back = await reconnect(second.url, id);
    const welcome = await back.turn();
    expect(welcome.said.at(-1)!.text).toBe('Of course, here is the question again: Tell me about a conflict in your team.');
    await say(back, GOOD_ANSWERS[2]!);
    const end = await say(back, 'No questions, thank you.');
    expect(end.ended).toMatchObject({ ending_reason: 1 });

    const after = await details(t, key, id);
    expect(after).toMatchObject({ state: 2, ending_reason: 1, resume_count: 1, next_question_index: 2 });
    expect(after.transcript.slice(0, before.length)).toEqual(before);
    expect(after.transcript.filter((e) => e.role === 'user').map((e) => e.control_id)).toEqual(['procedural', 'q1', 'q2', 'procedural']);
    await eventually(async () => expect(await logs(t, key, id)).toMatch(/handed over to the results pipeline/));
    await second.stop('SIGKILL');
  });

  it('a kill while the model is writing loses nothing: the restarted server finishes that turn', { timeout: 120_000 }, async () => {
    const model = new FakeOpenAi();
    await model.start();
    try {
      model.mode = 'delayed';
      model.delayMs = 60_000; // the model "hangs" while the node dies
      const llm = model.env(120);
      const id = await createJobInterview(t, key);
      const first = await startChild(llm);
      const client = await open(first.url, id);
      await say(client, GOOD_ANSWERS[0]!);
      client.send({ type: 'answer', text: 'Not sure.' });
      expect(await client.next('state')).toMatchObject({ state: 10, awaiting_input: false });
      await eventually(async () => expect(model.requests).toHaveLength(1));
      await first.stop('SIGKILL');

      model.mode = 'normal';
      const second = await startChild(llm);
      const back = await reconnect(second.url, id);
      expect(back.events[0]).toMatchObject({ type: 'session', state: 10, resume_count: 1 });
      expect((back.events[0] as { transcript: { content: string }[] }).transcript.at(-1)).toMatchObject({
        role: 'user',
        content: 'Not sure.',
      });
      const followUp = await back.turn();
      expect(followUp.said).toEqual([expect.objectContaining({ control_id: 'q1', text: expect.stringMatching(/^MODEL:/) })]);
      expect(followUp.state).toMatchObject({ state: 6, path: [10, 6] });
      // The restarted node asks the model again with the answer in the prompt. (Its job worker may also pick
      // up an earlier test's evaluation, so the retry is found by content, not as the last request.)
      const retried = model.requests.slice(1).filter((r) => r.messages[1]!.content.includes('"Not sure."'));
      expect(retried.length).toBeGreaterThanOrEqual(1);
      const transcript = (await details(t, key, id)).transcript;
      expect(transcript.filter((e) => e.content === 'Not sure.')).toHaveLength(1);
      await back.close();
      await second.stop('SIGKILL');
    } finally {
      await model.stop();
    }
  });

  it('the hand-off survives a kill right after the last turn: the restarted server runs the job', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    // A node without a job worker: the job can only run after the restart.
    const first = await startChild({ JOBS_WORKER: 'false' });
    const client = await open(first.url, id);
    // Ending with the interview's end message: the job is written in the same transaction.
    client.send({ type: 'end' });
    expect((await client.next('ended')).ending_reason).toBe(2);
    await first.stop('SIGKILL');
    const job = await t.server.container.database.db
      .selectFrom('jobs')
      .select(['status', 'kind'])
      .where('dedupe_key', '=', `interview.ended:${id}`)
      .executeTakeFirst();
    expect(job).toEqual({ kind: 'interview.ended', status: 'pending' });
    expect(await logs(t, key, id)).not.toMatch(/handed over/);
    const second = await startChild();
    await eventually(
      async () => expect(await logs(t, key, id)).toMatch(/handed over to the results pipeline \(state 2, ending reason 2\)/),
      20_000,
    );
    const done = await t.server.container.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('dedupe_key', '=', `interview.ended:${id}`)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    await second.stop('SIGKILL');
  });

  it(
    'a graceful stop (SIGTERM) records the disconnection and frees the session at once for another node',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const first = await startChild({ SESSION_LEASE_SECONDS: '60' });
      const client = await open(first.url, id);
      await first.stop('SIGTERM');
      expect((await client.closed).code).toBe(1001);
      expect(await details(t, key, id)).toMatchObject({ state: 4, user_disconnected: true });
      // The lease (60 s) was released on the way out, so the page can resume elsewhere right away.
      const back = await CandidateClient.connect(t.url, id);
      expect(await back.next(['session', 'INTERVIEW_NOT_ALLOWED'])).toMatchObject({ type: 'session', resumed: true });
      await back.close();
    },
  );

  it('the grace period still expires after a restart (the sweep)', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const first = await startChild();
    await open(first.url, id);
    await first.stop('SIGKILL');
    const second = await startChild({ SESSION_RECONNECT_GRACE_SECONDS: '1.5', SESSION_SWEEP_SECONDS: '0.3' });
    await eventually(async () => expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 3 }), 20_000);
    await second.stop('SIGKILL');
  });
});
