// The resume token across nodes: the hash of each connection's token is kept
// with the session in the shared database, so a page whose node was killed
// takes its session back on another node at once with it, long before that
// node is declared dead; a wrong or spent token is refused as before. Two real
// server processes on one database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { candidateSessionUrl } from '../src/session/protocol.js';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { GOOD_ANSWERS, createJobInterview, details, logs, say } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
const children = new Set<ChildServer>();

// Heartbeats 30 s apart and a two-minute lease: without the shared token a killed node's candidate
// would wait 90 s (three missed beats) to be let in on another node.
const SLOW_TO_DECLARE_DEAD = { NODE_HEARTBEAT_SECONDS: '30', SESSION_LEASE_SECONDS: '120', JOBS_WORKER: 'false' };

beforeAll(async () => {
  // The in-process server only hands out the API key and reads the records.
  t = await startTestServer({ JOBS_WORKER: 'false' });
  key = await t.createKey();
});
afterAll(async () => {
  await Promise.all([...children].map((c) => c.stop('SIGKILL')));
  await t?.close();
});

async function startNode(): Promise<ChildServer> {
  const server = await startChildServer({ ...t.database.env, ...SLOW_TO_DECLARE_DEAD });
  children.add(server);
  return server;
}

function connectWith(url: string, id: string, token: string): Promise<CandidateClient> {
  return CandidateClient.connect(url, id, { url: candidateSessionUrl(url, id, 1, token) });
}

const tokenOf = (client: CandidateClient) =>
  (client.events.find((event) => event.type === 'session') as { resume_token: string }).resume_token;

describe('a resume token issued by one node', () => {
  it('is accepted by another node after the first is killed; a wrong or spent token is still refused', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const id = await createJobInterview(t, key);
    const onA = await CandidateClient.connect(a.url, id);
    await onA.next('session');
    await onA.turn();
    await say(onA, GOOD_ANSWERS[0]!);
    const token = tokenOf(onA);

    await a.stop('SIGKILL');
    await onA.closed;
    const onB = await connectWith(b.url, id, token);
    // Node A is not declared dead for 90 s: only the token lets the page in this soon.
    const session = await onB.next(['session', 'INTERVIEW_NOT_ALLOWED'], 30_000);
    expect(session).toMatchObject({ type: 'session', resumed: true, resume_count: 1 });
    if (session.type !== 'session') return;
    expect(session.resume_token).not.toBe(token);
    const log = await logs(t, key, id);
    expect(log).toMatch(/the page came back with its resume token: session taken over by node/);

    for (const attempt of [token, '00000000-0000-4000-8000-000000000000', `${session.resume_token.slice(0, -1)}x`]) {
      const other = await connectWith(b.url, id, attempt);
      expect(await other.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'session_active' });
      expect((await other.closed).code).toBe(4409);
    }
    expect(onB.isClosed).toBe(false);

    const resumed = await onB.turn();
    expect(resumed.said.at(-1)?.text).toMatch(/\?$/);
    await say(onB, GOOD_ANSWERS[1]!);
    const users = (await details(t, key, id)).transcript.filter((entry) => entry.role === 'user').map((entry) => entry.control_id);
    expect(users).toEqual(['procedural', 'q1']);
    await onB.close();
  });
});
