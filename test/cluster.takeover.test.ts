// One writer per interview session, also after the page takes its session over
// from another node (docs/architecture.md, "One writer per session"): the old
// node's turn in flight cannot commit once the new connection has claimed the
// session, a resume token takes the session over once, and a holder of unknown
// state is given the leaving wait. Three real servers ("nodes") on one
// database, real sockets; the model is the fake OpenAI-compatible server.

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { candidateSessionUrl } from '../src/session/protocol.js';
import { FakeOpenAi } from './helpers/fake-openai.js';
import { GOOD_ANSWERS, atFirstQuestion, details, eventually, logs, say } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let a: TestServer;
let b: TestServer;
let c: TestServer;
let key: string;
const model = new FakeOpenAi();

beforeAll(async () => {
  await model.start();
  // A long lease: the old node's heartbeat (every third of it) does not notice the takeover first,
  // so what stops its turn in flight is the fenced write itself.
  const env = { ...model.env(120), JOBS_WORKER: 'false', SESSION_LEASE_SECONDS: '600' };
  a = await startTestServer(env);
  [b, c] = await Promise.all([startTestServer(env, { database: a.database }), startTestServer(env, { database: a.database })]);
  key = await a.createKey();
});
afterAll(async () => {
  await Promise.all([b?.close(), c?.close()]);
  await a?.close();
  await model.stop();
});

function connectWith(server: TestServer, id: string, token: string): Promise<CandidateClient> {
  return CandidateClient.connect(server.url, id, { url: candidateSessionUrl(server.url, id, 1, token) });
}

const tokenOf = (client: CandidateClient) =>
  ([...client.events].reverse().find((event) => event.type === 'session') as { resume_token: string }).resume_token;

describe('a session taken over by the page on another node', () => {
  it("stores nothing of the old node's turn in flight: no duplicate, the interview goes on there", async () => {
    model.mode = 'normal';
    const { id, client: onA } = await atFirstQuestion(a, key);
    // A thin answer: the follow-up is written by the model, which holds node A's call.
    model.mode = 'held';
    onA.send({ type: 'answer', text: 'Not sure.' });
    expect(await onA.next('state')).toMatchObject({ state: 10, awaiting_input: false });
    await eventually(async () => expect(model.requests.filter((r) => JSON.stringify(r).includes('Not sure.'))).toHaveLength(1));
    const token = tokenOf(onA);
    // The page reloads and reaches node B; node A still holds the session while its model call runs.
    onA.socket.close();
    model.mode = 'normal';
    const onB = await connectWith(b, id, token);
    expect(await onB.next(['session', 'INTERVIEW_NOT_ALLOWED'], 30_000)).toMatchObject({ type: 'session', resumed: true, state: 10 });
    const followUp = await onB.turn();
    expect(followUp.said).toEqual([expect.objectContaining({ control_id: 'q1', text: expect.stringMatching(/^MODEL:/) })]);

    // Node A's model call returns now: its turn must not be stored.
    model.releaseHeld();
    await eventually(async () => expect(a.server.container.sessions.liveCount).toBe(0));
    await a.server.container.sessions.settled();
    const next = await say(onB, GOOD_ANSWERS[1]!);
    expect(next.said.at(-1)?.text).toMatch(/Tell me about a conflict in your team\.$/);

    const { transcript, ...record } = await details(a, key, id);
    expect(record).toMatchObject({ state: 6, next_question_index: 2 });
    const contents = transcript.map((entry) => entry.content);
    expect(contents.filter((text) => text.startsWith('MODEL:'))).toHaveLength(1);
    const thin = contents.indexOf('Not sure.');
    expect(contents.slice(thin, thin + 3)).toEqual(['Not sure.', expect.stringMatching(/^MODEL:/), GOOD_ANSWERS[1]]);
    expect(transcript.filter((entry) => entry.role === 'user').map((entry) => entry.control_id)).toEqual(['procedural', 'q1', 'q1']);
    const log = await logs(a, key, id);
    expect(log).toMatch(/session taken over by node/);
    expect(log).toMatch(/its turn in flight was discarded \(nothing of it stored or sent\)/);
    await onB.close();
  });

  it('lets one of two connections presenting the same token take it over; the other is refused like a second tab', async () => {
    model.mode = 'normal';
    const { id, client: onA } = await atFirstQuestion(a, key);
    const token = tokenOf(onA);
    // Node A's socket only looks open; the same token reaches nodes B and C at once.
    const [onB, onC] = await Promise.all([connectWith(b, id, token), connectWith(c, id, token)]);
    const firsts = await Promise.all([onB, onC].map((client) => client.next(['session', 'INTERVIEW_NOT_ALLOWED'], 30_000)));
    expect(firsts.map((event) => event.type).sort()).toEqual(['INTERVIEW_NOT_ALLOWED', 'session']);
    const winner = firsts[0]!.type === 'session' ? onB : onC;
    const loser = winner === onB ? onC : onB;
    expect(firsts.find((event) => event.type === 'INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'session_active' });
    expect((await loser.closed).code).toBe(4409);

    expect(winner.isClosed).toBe(false);
    await winner.turn();
    await say(winner, GOOD_ANSWERS[1]!);
    expect(await details(a, key, id)).toMatchObject({ state: 6, next_question_index: 2, resume_count: 1 });
    await winner.close();
    onA.socket.close();
  });

  it('gives a holder of unknown state the leaving wait before taking it over', async () => {
    model.mode = 'normal';
    const { id, client: onA } = await atFirstQuestion(a, key);
    const token = tokenOf(onA);
    // The lease as a node of an older version holds it (no node in the holder): nobody can tell whether it still writes.
    const olderHolder = `session:${randomUUID()}`;
    const { redis, database } = a.server.container;
    if (redis) await redis.set(`interview-session:lease:${id}`, olderHolder, 'PX', 600_000);
    else await database.db.updateTable('session_leases').set({ holder: olderHolder }).where('interview_id', '=', id).execute();
    const started = performance.now();
    const onB = await connectWith(b, id, token);
    expect(await onB.next(['session', 'INTERVIEW_NOT_ALLOWED'], 30_000)).toMatchObject({ type: 'session', resumed: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(4_500);
    expect(await logs(a, key, id)).toMatch(/that node \(of unknown state\) still held it after 5 s/);
    await onB.close();
    onA.socket.close();
  });
});
