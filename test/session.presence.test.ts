import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer, type RunningServer } from '../src/server.js';
import { startTestServer, useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, connect, createJobInterview, details, eventually, logs, roundTrip, say } from './helpers/session.js';

let t: TestServer;
let key: string;
/** A second node on the same database (and Redis, when the suite runs with it). */
let other: RunningServer;

beforeAll(async () => {
  // A 3 s lease, renewed every second: a renewal late by 2 s on a loaded machine still keeps it.
  t = await startTestServer({ SESSION_LEASE_SECONDS: '3' });
  key = await t.createKey();
  other = await startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SESSION_LEASE_SECONDS: '3', ...t.database.env }),
    { logger: false },
  );
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('one active session per interview', () => {
  it('a second connection is refused with INTERVIEW_NOT_ALLOWED and the first is untouched', async () => {
    const id = await createJobInterview(t, key);
    const first = await connect(t, id);
    await first.turn();
    const second = await connect(t, id);
    expect(await second.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'session_active', state: 4 });
    expect((await second.closed).code).toBe(4409);
    const q1 = await say(first, GOOD_ANSWERS[0]!);
    expect(q1.said.at(-1)).toMatchObject({ control_id: 'q1' });
    expect(first.isClosed).toBe(false);
    await first.close();
  });

  it('a second connection through another node is refused too, also after the lease was renewed', async () => {
    const id = await createJobInterview(t, key);
    const first = await connect(t, id);
    await first.turn();
    await new Promise((resolve) => setTimeout(resolve, 4_500)); // longer than the lease: only the heartbeat keeps it
    const elsewhere = await connect(other, id);
    expect(await elsewhere.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'session_active' });
    const q1 = await say(first, GOOD_ANSWERS[0]!);
    expect(q1.state).toMatchObject({ state: 6 });
    await first.close();
  });
});

describe('disconnect and resume', () => {
  it('a dropped candidate resumes at the same point with the transcript intact, on any node', async () => {
    const id = await createJobInterview(t, key);
    const client = await connect(t, id);
    await client.turn();
    await say(client, GOOD_ANSWERS[0]!);
    const before = (await details(t, key, id)).transcript;
    client.drop();
    await eventually(async () =>
      expect(await details(t, key, id)).toMatchObject({ user_disconnected: true, state: 6, next_question_index: 1 }),
    );

    const back = await connect(other, id);
    const session = await back.next('session');
    expect(session).toMatchObject({ resumed: true, resume_count: 1, state: 6, next_question_index: 1 });
    expect(session.transcript).toEqual(before);
    const welcome = await back.turn();
    expect(welcome.said.map((u) => u.text)).toEqual([
      "Welcome back! Let's continue where we left off.",
      'Of course, here is the question again: What is a race condition?',
    ]);
    expect(welcome.state).toMatchObject({ state: 6, awaiting_input: true });
    expect(await details(t, key, id)).toMatchObject({ user_disconnected: false, resume_count: 1 });

    await say(back, GOOD_ANSWERS[1]!);
    await say(back, GOOD_ANSWERS[2]!);
    const end = await say(back, 'No questions, thank you.');
    expect(end.ended).toMatchObject({ ending_reason: 1 });
    const after = (await details(t, key, id)).transcript;
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.filter((e) => e.role === 'user').map((e) => e.control_id)).toEqual(['procedural', 'q1', 'q2', 'procedural']);
    expect(await logs(t, key, id)).toMatch(/candidate disconnected[\s\S]*resumed \(resume 1\)/);
  });
});

describe('half-open connections', () => {
  let pinging: TestServer;
  let pingKey: string;
  useTestServer({ SESSION_PING_SECONDS: '15' }, (server, k) => ([pinging, pingKey] = [server, k]), { virtualTimers: true });

  it('a candidate whose network went silent (no pongs) is dropped, so the reconnection is not refused', async () => {
    const id = await createJobInterview(pinging, pingKey);
    const silent = new WebSocket(`${pinging.url.replace('http', 'ws')}/candidate/interviews/${id}/session`, { autoPong: false });
    const closed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
    await new Promise((resolve) => silent.once('message', resolve)); // the gateway is pinging this socket now
    await pinging.scheduler!.advance(15_000); // a ping
    await pinging.scheduler!.advance(15_000); // no pong came: terminated
    await closed;
    await eventually(async () => expect(await details(pinging, pingKey, id)).toMatchObject({ user_disconnected: true, state: 4 }));
    const back = await connect(pinging, id);
    expect(await back.next('session')).toMatchObject({ resumed: true, resume_count: 1 });
    expect((await back.turn()).state).toMatchObject({ state: 4 });
    for (let i = 0; i < 3; i += 1) {
      await pinging.scheduler!.advance(15_000);
      // Two round trips: the client's pong to the gateway's ping has reached the server before the second pong comes back.
      await roundTrip(back);
      await roundTrip(back);
    }
    expect(back.isClosed).toBe(false);
    await back.close();
  });
});

describe('the reconnect grace period', () => {
  let short: TestServer;
  let shortKey: string;
  // Virtual time: the spec's 15 minutes pass when the test advances the scheduler.
  useTestServer(
    { SESSION_RECONNECT_GRACE_SECONDS: '900', SESSION_INACTIVITY_SECONDS: '86400', SESSION_PING_SECONDS: '3600' },
    (server, k) => ([short, shortKey] = [server, k]),
    { virtualTimers: true },
  );
  const wait = async (seconds: number) => {
    await short.scheduler!.advance(seconds * 1000);
    await short.server.container.sessions.settled();
  };
  /** The candidate's drop is on record and the session has let go of the interview (its grace timer is armed). */
  const dropped = async (id: string) => {
    await eventually(async () => expect((await details(short, shortKey, id)).user_disconnected).toBe(true));
    await short.server.container.sessions.settled();
  };

  it('a candidate who does not come back within the grace period ends the interview for inactivity', async () => {
    const id = await createJobInterview(short, shortKey);
    const client = await connect(short, id);
    await client.turn();
    await say(client, GOOD_ANSWERS[0]!);
    await client.close();
    await dropped(id);
    await wait(899);
    expect(await details(short, shortKey, id)).toMatchObject({ state: 6, ending_reason: 0 });
    await wait(2);
    expect(await details(short, shortKey, id)).toMatchObject({ state: 2, ending_reason: 3, user_disconnected: true });
    expect(await logs(short, shortKey, id)).toMatch(/no reconnection within 900 s; state 6 -> 2, ending reason 3/);
    const late = await connect(short, id);
    expect(await late.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'interview_ended', ending_reason: 3 });
  });

  it('coming back within the grace period cancels the expiry', async () => {
    const id = await createJobInterview(short, shortKey);
    const client = await connect(short, id);
    await client.turn();
    await client.close();
    await dropped(id);
    await wait(600);
    const back = await connect(short, id);
    expect(await back.next('session')).toMatchObject({ resumed: true, state: 4 });
    await back.turn();
    await wait(1_000); // past the first grace period, and sweeps ran meanwhile
    expect(await details(short, shortKey, id)).toMatchObject({ state: 4, ending_reason: 0 });
    await say(back, GOOD_ANSWERS[0]!);
    await back.close();
  });
});
