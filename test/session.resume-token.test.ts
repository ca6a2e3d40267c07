// The resume token (docs/realtime-protocol.md, "Sessions, reconnection,
// timing"): the same page's new connection takes its own session over while
// the old socket still looks alive (a reload); a second tab, a forged token or
// a spent one is refused as before. Real server, real sockets.

import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { candidateSessionUrl } from '../src/session/protocol.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, atFirstQuestion, details, logs, say } from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

function reconnect(id: string, token: string | undefined, version = 1): Promise<CandidateClient> {
  return CandidateClient.connect(t.url, id, { url: candidateSessionUrl(t.url, id, version, token) });
}

describe('the resume token', () => {
  it('lets the same page take its session over from a connection the server still holds', async () => {
    const { id, client: old } = await atFirstQuestion(t, key);
    const { resume_token: token } = old.events.find((event) => event.type === 'session') as { resume_token: string };
    expect(token).toMatch(/^[0-9a-f-]{36}$/);

    const reloaded = await reconnect(id, token);
    const session = await reloaded.next('session');
    expect(session).toMatchObject({ resumed: true, resume_count: 1, next_question_index: 1 });
    // A new token for the new connection; the conversation so far comes with it.
    expect(session.resume_token).not.toBe(token);
    expect(session.transcript.map((entry) => entry.content)).toContain(GOOD_ANSWERS[0]);
    // The old connection is told and closed; it is not counted as a second tab.
    expect(await old.next('error')).toMatchObject({ code: 'SESSION_TAKEN_OVER', fatal: true });
    expect((await old.closed).code).toBe(4409);

    const resumed = await reloaded.turn();
    expect(resumed.said.at(-1)?.text).toMatch(/What is a race condition\?$/);
    await say(reloaded, GOOD_ANSWERS[1]!);
    expect(await details(t, key, id)).toMatchObject({ state: 6, next_question_index: 2, resume_count: 1 });
    expect(await logs(t, key, id)).toMatch(/resume token \(a reload\): the new connection takes over/);
    reloaded.socket.close();
  });

  it('refuses a second tab, a forged token and a spent one as "session_active", leaving the live session alone', async () => {
    const { id, client: live } = await atFirstQuestion(t, key);
    const spent = (live.events.find((event) => event.type === 'session') as { resume_token: string }).resume_token;
    const current = await reconnect(id, spent);
    const token = (await current.next('session')).resume_token;
    await live.closed;

    for (const attempt of [undefined, '00000000-0000-4000-8000-000000000000', spent, `${token.slice(0, -1)}x`, token.toUpperCase()]) {
      const other = await reconnect(id, attempt);
      expect(await other.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'session_active' });
      expect((await other.closed).code).toBe(4409);
    }
    // The live connection never noticed.
    expect(current.isClosed).toBe(false);
    await current.turn();
    expect(await details(t, key, id)).toMatchObject({ state: 6, resume_count: 1 });
    current.socket.close();
  });

  it('refuses an oversized token before the upgrade with 422 and a detail, never 500', async () => {
    const { id, client } = await atFirstQuestion(t, key);
    const socket = new WebSocket(candidateSessionUrl(t.url, id, 2, 'x'.repeat(65)));
    const refusal = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      socket.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      socket.on('open', () => reject(new Error('upgraded')));
      socket.on('error', () => {});
    });
    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.body)).toMatchObject({ detail: [{ loc: ['query', 'resume'], type: 'string_too_long' }] });
    expect(client.isClosed).toBe(false);
    client.socket.close();
  });
});
