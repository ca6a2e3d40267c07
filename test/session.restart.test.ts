// The server process is killed with SIGKILL mid-interview and started again;
// the candidate reconnects and finishes with nothing lost.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details, eventually, logs, say } from './helpers/session.js';

let t: TestServer;
let key: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  // The in-process server only serves the API here; its job runner stays idle so the child's does the work.
  t = await startTestServer({ JOBS_POLL_SECONDS: '3600' });
  key = await t.createKey();
});
afterAll(async () => {
  for (const child of children) process.kill(-child.pid!, 'SIGKILL');
  await t?.close();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startChild(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('npx', ['tsx', 'src/main.ts'], {
    env: { ...process.env, ...t.database.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SESSION_LEASE_SECONDS: '1', JOBS_POLL_SECONDS: '0.2', ...env },
    stdio: 'ignore',
    // Its own process group: npx starts tsx, which starts node; SIGKILL must reach the server itself.
    detached: true,
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => expect((await fetch(`${url}/health`)).status).toBe(200), 30_000);
  return { url, child };
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

/** Reconnects once the dead process's lease has expired. */
async function reconnect(url: string, id: string): Promise<CandidateClient> {
  return eventually(async () => {
    const client = await CandidateClient.connect(url, id);
    const first = await client.next(['session', 'INTERVIEW_NOT_ALLOWED']);
    if (first.type !== 'session') throw new Error('still leased');
    expect(first).toMatchObject({ resumed: true });
    return client;
  }, 15_000);
}

describe('a server killed with SIGKILL mid-interview', () => {
  it('loses nothing: the candidate reconnects to the restarted server and finishes', { timeout: 90_000 }, async () => {
    const id = await createJobInterview(t, key);
    const first = await startChild();
    const client = await CandidateClient.connect(first.url, id);
    await client.next('session');
    await client.turn();
    await say(client, GOOD_ANSWERS[0]!);
    await say(client, GOOD_ANSWERS[1]!);
    const before = (await details(t, key, id)).transcript;
    expect(before.filter((e) => e.role === 'user')).toHaveLength(2);

    await kill(first.child);
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
    await kill(second.child);
  });

  it('the hand-off survives a kill right after the last turn: the restarted server runs the job', { timeout: 90_000 }, async () => {
    const id = await createJobInterview(t, key);
    // A node without a job worker: the job can only run after the restart.
    const first = await startChild({ JOBS_WORKER: 'false' });
    const client = await CandidateClient.connect(first.url, id);
    await client.next('session');
    await client.turn();
    // Ending with the interview's end message: the job is written in the same transaction.
    client.send({ type: 'end' });
    expect((await client.next('ended')).ending_reason).toBe(2);
    await kill(first.child);
    const job = await t.server.container.database.db.selectFrom('jobs').select(['status', 'kind']).where('dedupe_key', '=', `interview.ended:${id}`).executeTakeFirst();
    expect(job).toEqual({ kind: 'interview.ended', status: 'pending' });
    expect(await logs(t, key, id)).not.toMatch(/handed over/);
    const second = await startChild();
    await eventually(async () => expect(await logs(t, key, id)).toMatch(/handed over to the results pipeline \(state 2, ending reason 2\)/), 20_000);
    const done = await t.server.container.database.db.selectFrom('jobs').select(['status', 'attempts']).where('dedupe_key', '=', `interview.ended:${id}`).executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    await kill(second.child);
  });

  it('the grace period still expires after a restart (the sweep)', { timeout: 90_000 }, async () => {
    const id = await createJobInterview(t, key);
    const first = await startChild();
    const client = await CandidateClient.connect(first.url, id);
    await client.next('session');
    await client.turn();
    await kill(first.child);
    const second = await startChild({ SESSION_RECONNECT_GRACE_SECONDS: '1.5', SESSION_SWEEP_SECONDS: '0.3' });
    await eventually(async () => expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 3 }), 20_000);
    await kill(second.child);
  });
});
