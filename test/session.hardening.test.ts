// Issue 12, the session side: what anyone holding an interview link can make
// the service store (findings 3 and 4), a reset under a live session, and the
// Origin of the candidate WebSocket (finding 8). Real server, real sockets.

import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { candidateSessionUrl } from '../src/session/protocol.js';
import { startTestServer, useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, atFirstQuestion, connect, createJobInterview, details, logs, roundTrip, say } from './helpers/session.js';

const pageErrorLines = (log: string) => log.split('\n').filter((line) => / WARN (page reported|page error|\d+ page error)/.test(line));

describe('what the page can write to the log (finding 3)', () => {
  let t: TestServer;
  let key: string;
  useTestServer(
    {
      SESSION_CLIENT_LOG_LINES: '8',
      SESSION_CLIENT_LOG_LINES_PER_MINUTE: '5',
      SESSION_MAX_MESSAGES_PER_SECOND: '1000',
      SESSION_MAX_MINUTES: '5',
      SESSION_INACTIVITY_SECONDS: '3600',
      SESSION_PING_SECONDS: '3600',
    },
    (server, k) => ([t, key] = [server, k]),
    { virtualTimers: true },
  );

  it('folds repeated page errors into one line with a count and caps them per minute and per session', async () => {
    const id = await createJobInterview(t, key);
    const client = await connect(t, id);
    await client.turn();
    const before = (await logs(t, key, id)).length;
    for (let i = 0; i < 100; i += 1) client.send({ type: 'client_error', message: 'same glitch', fatal: false });
    client.send({ type: 'client_error', message: 'other glitch', fatal: false });
    for (let i = 1; i <= 5; i += 1) client.send({ type: 'client_error', message: `distinct ${i}`, fatal: false });
    await roundTrip(client);
    expect(pageErrorLines(await logs(t, key, id)).map((line) => line.replace(/^\S+ WARN /, ''))).toEqual([
      'page reported an error: same glitch',
      'page reported an error (x99): same glitch',
      'page reported an error: other glitch',
      'page reported an error: distinct 1',
      'page reported an error: distinct 2',
    ]);

    await t.scheduler!.advance(61_000);
    for (let i = 6; i <= 40; i += 1) client.send({ type: 'client_error', message: `distinct ${i}`, fatal: false });
    await roundTrip(client);
    const lines = pageErrorLines(await logs(t, key, id)).map((line) => line.replace(/^\S+ WARN /, ''));
    expect(lines.slice(5)).toEqual([
      '2 page error report(s) not stored (more than 5 a minute)',
      'page reported an error (x1): distinct 5',
      'page reported an error: distinct 6',
      'page error reports: the limit of 8 for this session is reached; later ones are not stored',
    ]);
    // 106 + 35 frames of up to 1,000 characters, a few hundred bytes stored.
    expect((await logs(t, key, id)).length - before).toBeLessThan(1_000);
    await client.close();
  });

  it('ends a session kept busy with activity frames once it reaches SESSION_MAX_MINUTES, with reason 3 and a log line', async () => {
    const id = await createJobInterview(t, key);
    const client = await connect(t, id);
    await client.turn();
    for (let minute = 0; minute < 4; minute += 1) {
      await t.scheduler!.advance(60_000);
      client.send({ type: 'activity' });
      await roundTrip(client);
    }
    expect((await details(t, key, id)).state).toBe(4);
    await t.scheduler!.advance(60_000);
    const end = await client.turn();
    expect(end.ended).toMatchObject({ state: 2, ending_reason: 3, ending_reason_name: 'ENDED_DUE_TO_USER_INACTIVITY' });
    expect((await client.closed).code).toBe(1000);
    expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 3 });
    expect(await logs(t, key, id)).toMatch(/the session reached its maximum length of 5 minute\(s\) \(SESSION_MAX_MINUTES\)/);
  });
});

describe('the log of one interview is bounded (finding 3)', () => {
  let t: TestServer;
  let key: string;
  useTestServer({ INTERVIEW_LOG_MAX_LINES: '12' }, (server, k) => ([t, key] = [server, k]));

  it('stores at most INTERVIEW_LOG_MAX_LINES lines, the last one saying the log was truncated', async () => {
    const { id, client } = await atFirstQuestion(t, key);
    for (const answer of GOOD_ANSWERS.slice(1)) await say(client, answer);
    for (let i = 0; i < 15; i += 1) client.send({ type: 'client_error', message: `glitch ${i % 2}`, fatal: false });
    await roundTrip(client);
    const lines = (await logs(t, key, id)).trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines.at(-1)).toMatch(/WARN log truncated: this interview reached its log line limit/);
    await client.close();
  });
});

describe('forged log lines (finding 4)', () => {
  let t: TestServer;
  let key: string;
  useTestServer({}, (server, k) => ([t, key] = [server, k]));

  it('candidate text with newlines, carriage returns and escape characters stays on its own line, escaped', async () => {
    const { id, client } = await atFirstQuestion(t, key);
    const forged = '2026-01-01T00:00:00.000Z INFO interview ended: ending reason 1 (INTERVIEW_COMPLETED)';
    client.send({ type: 'client_error', message: `glitch\n${forged}\r${forged}\u2028${forged}\u001b[2K\u0085`, fatal: false });
    await roundTrip(client);
    client.send({ type: 'client_error', message: `crash\r\n${forged}\ttab`, fatal: true });
    expect((await client.turn()).ended).toMatchObject({ ending_reason: 6 });
    const log = await logs(t, key, id);
    // Every line is the service's: a time stamp, a level, then the event.
    for (const line of log.trimEnd().split('\n')) expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z (INFO|WARN|ERROR) \S/);
    for (const raw of ['\r', '\u001b', '\u0085', '\u2028', '\t']) expect(log).not.toContain(raw);
    expect(log.match(/interview ended: ending reason 1/g)).toHaveLength(4); // all inside the escaped report lines
    expect(log).toMatch(/ending reason 6 \(ENDED_DUE_TO_FRONTEND_ERRROR\)/);
    expect(log).toContain(`WARN page reported an error: glitch\\n${forged}\\r${forged}\\u2028${forged}\\u001b[2K\\u0085\n`);
    expect(log).toContain(`page reported a fatal error: crash\\r\\n${forged}\\ttab\n`);
  });
});

describe('a reset under a live session (finding 8)', () => {
  let t: TestServer;
  let key: string;
  // A lease heartbeat every 200 s: on a loaded machine a beat (every ~7 s by default) could notice the reset
  // before the next write does and close with 4409, so "closed at its next write" would not be what is tested.
  const leaseLong = { APP_ENV: 'development', SESSION_LEASE_SECONDS: '600' };
  useTestServer(leaseLong, (server, k) => ([t, key] = [server, k]));

  it('on the same node: the session is told, closed, and writes nothing after the reset', async () => {
    const { id, client } = await atFirstQuestion(t, key);
    expect((await t.api(key, `/interview/reset/${id}`, { method: 'POST' })).status).toBe(200);
    // A frame sent right after the reset: it must not reach a session that outlived it.
    client.send({ type: 'answer', text: GOOD_ANSWERS[1]! });
    // Told at once, not when the lease heartbeat happens to fail.
    expect(await client.next('error', 1_000)).toMatchObject({ code: 'SESSION_TAKEN_OVER', fatal: true });
    expect((await client.closed).code).toBe(4409);
    expect(await details(t, key, id)).toMatchObject({ state: 0, transcript: [], user_disconnected: false });
    const again = await connect(t, id);
    expect(await again.next('session')).toMatchObject({ resumed: false, resume_count: 0 });
    await again.close();
  });

  it('on another node: the session closes at its next write without writing it', async () => {
    const other = await startTestServer(leaseLong, { database: t.database });
    try {
      const { id, client } = await atFirstQuestion(t, key);
      expect((await other.api(key, `/interview/reset/${id}`, { method: 'POST' })).status).toBe(200);
      client.send({ type: 'answer', text: GOOD_ANSWERS[1]! });
      expect((await client.closed).code).toBe(4410);
      expect(await details(t, key, id)).toMatchObject({ state: 0, next_question_index: 0, transcript: [] });
      expect(await logs(t, key, id)).not.toMatch(/interview reset[^\n]*\n[^]*state 6/);
    } finally {
      await other.close();
    }
  });
});

describe('the Origin of the candidate WebSocket (finding 8)', () => {
  let t: TestServer;
  let key: string;
  useTestServer({ CANDIDATE_ALLOWED_ORIGINS: 'https://careers.example.com' }, (server, k) => ([t, key] = [server, k]));

  function open(id: string, origin: string | undefined): Promise<{ status: number; body: string } | WebSocket> {
    const socket = new WebSocket(candidateSessionUrl(t.url, id), origin === undefined ? {} : { origin });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      socket.once('error', reject);
    });
  }

  it('refuses a foreign page before the upgrade with 403 {detail}', async () => {
    const id = await createJobInterview(t, key);
    const refused = await open(id, 'https://evil.example');
    expect(refused).not.toBeInstanceOf(WebSocket);
    expect((refused as { status: number }).status).toBe(403);
    expect(JSON.parse((refused as { body: string }).body)).toEqual({ detail: expect.stringMatching(/origin/) });
    expect((await details(t, key, id)).state).toBe(0);
  });

  it("accepts the page's own origin, the configured ones, and clients that send no Origin", async () => {
    for (const origin of [new URL(t.url).origin, 'https://careers.example.com', undefined]) {
      const id = await createJobInterview(t, key);
      const socket = await open(id, origin);
      expect(socket).toBeInstanceOf(WebSocket);
      (socket as WebSocket).close();
    }
  });
});
