import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, connect, createJobInterview, details, say } from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer({ SESSION_MAX_MESSAGES_PER_SECOND: '10' }, (server, k) => ([t, key] = [server, k]));

async function started() {
  const id = await createJobInterview(t, key);
  const client = await connect(t, id);
  await client.turn();
  return { id, client };
}

async function healthy() {
  expect((await fetch(`${t.url}/health`)).status).toBe(200);
}

describe('hostile frames', () => {
  it('invalid JSON, unknown types, wrong fields and binary frames get error events and change nothing', async () => {
    const { id, client } = await started();
    const transcriptBefore = (await details(t, key, id)).transcript;
    client.sendRaw('{"type": "answer", "text": ');
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_JSON', fatal: false });
    client.send({ type: 'set_state', state: 2 });
    expect(await client.next('error')).toMatchObject({ code: 'UNKNOWN_TYPE' });
    client.sendRaw('[1,2,3]');
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    const withUnknownField: Record<string, unknown> = { type: 'answer', text: 'hi', state: 2 };
    client.send(withUnknownField);
    expect(await client.next('error')).toMatchObject({
      code: 'INVALID_MESSAGE',
      message: expect.stringMatching(/unexpected field "state"/),
    });
    client.send({ type: 'answer', text: '' });
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    client.send({ type: 'answer', text: 'x'.repeat(8_001) });
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    client.send({ type: 'answer', text: 'nul \u0000 byte' });
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    client.sendRaw(Buffer.from([1, 2, 3]));
    expect(await client.next('error')).toMatchObject({ code: 'BINARY_NOT_SUPPORTED' });
    expect(await details(t, key, id)).toMatchObject({ state: 4, transcript: transcriptBefore });
    const q1 = await say(client, GOOD_ANSWERS[0]!);
    expect(q1.said.at(-1)).toMatchObject({ control_id: 'q1' });
    await client.close();
  });

  it('a 10 MB frame closes the connection with 1009; the server and the interview are unharmed', async () => {
    const { id, client } = await started();
    client.sendRaw(JSON.stringify({ type: 'answer', text: 'x'.repeat(10 * 1024 * 1024) }));
    expect((await client.closed).code).toBe(1009);
    await healthy();
    expect(await details(t, key, id)).toMatchObject({ state: 4 });
    const back = await connect(t, id);
    expect(await back.next('session')).toMatchObject({ resumed: true, state: 4 });
    await back.close();
  });

  it('a flood is refused with RATE_LIMITED and, if it goes on, the connection is closed', async () => {
    const { id, client } = await started();
    for (let i = 0; i < 200; i++) client.send({ type: 'ping', id: String(i) });
    expect(await client.next('error')).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await client.closed).code).toBe(4429);
    await healthy();
    const transcript = (await details(t, key, id)).transcript;
    expect(transcript.filter((e) => e.role === 'user')).toEqual([]);
  });

  it('an answer sent while the session is still opening is handled after the opening turn, in order', async () => {
    const id = await createJobInterview(t, key);
    const client = await connect(t, id);
    client.send({ type: 'answer', text: GOOD_ANSWERS[0]! });
    expect((await client.turn()).state).toMatchObject({ state: 4 });
    expect((await client.turn()).state).toMatchObject({ state: 6, path: [5, 6] });
    await client.close();
  });

  it('an unsupported protocol version is refused', async () => {
    const id = await createJobInterview(t, key);
    const client = await CandidateClient.connect(t.url, id, {
      url: `${t.url.replace('http', 'ws')}/candidate/interviews/${id}/session?v=99`,
    });
    expect(await client.next('error')).toMatchObject({ code: 'UNSUPPORTED_VERSION', fatal: true });
    expect((await client.closed).code).toBe(4400);
  });

  it('the candidate socket ignores API keys and the API refuses the link', async () => {
    const id = await createJobInterview(t, key);
    const response = await fetch(`${t.url}/interview/details/${id}`);
    expect(response.status).toBe(401);
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/candidate/interviews/${id}/session`, {
      headers: { 'x-application-secret-key': 'sk_int_wrong' },
    });
    const first = await new Promise<string>((resolve) => socket.once('message', (data) => resolve((data as Buffer).toString('utf8'))));
    expect(JSON.parse(first)).toMatchObject({ type: 'session', interview_id: id });
    socket.close();
  });
});
