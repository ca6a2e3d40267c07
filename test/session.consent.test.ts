// Protocol version 2 over a real WebSocket: nothing starts, is said or is
// stored until the candidate agrees (`start`); then the interview runs as in
// version 1. Version 1 clients keep starting on open.

import { describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { refuseWrites } from './helpers/storage-fault.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details, logs, roundTrip, say } from './helpers/session.js';

let t: TestServer;
let key: string;
// Speech off: this file is about consent; the voice tests (voice.*.test.ts) run the providers.
useTestServer({ STT_PROVIDER: 'none', TTS_PROVIDER: 'none' }, (server, k) => ([t, key] = [server, k]));

const v2 = (id: string) => CandidateClient.connect(t.url, id, { version: 2 });

async function storedSession(id: string) {
  return t.server.container.database.db.selectFrom('interview_sessions').selectAll().where('interview_id', '=', id).executeTakeFirst();
}

/** Connects again once the server has let the previous connection's session go (as the page retries). */
async function reconnect(id: string, version: number) {
  for (let attempt = 0; ; attempt++) {
    const client = await CandidateClient.connect(t.url, id, { version });
    const session = await client.next('session').catch(() => null);
    if (session || attempt >= 20) return { client, session };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('protocol version 2: consent', () => {
  it('waits in state 0 with the welcome facts until start, then stores the consent and runs the interview', async () => {
    const id = await createJobInterview(t, key);
    const client = await v2(id);
    const session = await client.next('session');
    expect(session).toMatchObject({
      protocol_version: 2,
      state: 0,
      consent_required: true,
      job_title: 'Backend Engineer',
      mode: null,
      speech: { recognition: 'none', synthesis: false, sample_rate: 16000, max_audio_frame_bytes: 16384 },
    });
    expect(session.expected_minutes).toBe(3 + 3 * session.question_count);

    // Everything but start, ping and client_error is refused, and nothing happens.
    for (const message of [{ type: 'answer', text: 'hello' }, { type: 'repeat' }, { type: 'end' }, { type: 'mode', mode: 'voice' }]) {
      client.send(message);
      expect(await client.next('error')).toMatchObject({ code: 'CONSENT_REQUIRED', fatal: false });
    }
    client.sendRaw(Buffer.alloc(640));
    expect(await client.next('error')).toMatchObject({ code: 'CONSENT_REQUIRED', fatal: false });
    client.send({ type: 'client_error', message: 'camera preview failed', fatal: false });
    await roundTrip(client);
    expect(client.events.filter((e) => e.type === 'utterance')).toEqual([]);
    const before = await details(t, key, id);
    expect(before).toMatchObject({ state: 0, transcript: [], call_api_id: null });
    expect(await storedSession(id)).toBeUndefined();

    client.send({ type: 'start', consent: true, mode: 'text' });
    const opening = await client.turn();
    expect(opening.state).toMatchObject({ state: 4, path: [1, 4], awaiting_input: true });
    expect(opening.said.map((u) => u.text).join(' ')).toMatch(/Backend Engineer/);
    const stored = await storedSession(id);
    expect(stored?.consented_at).toBe(stored?.started_at);
    const after = await details(t, key, id);
    expect(after.interview_agent_meta).toMatchObject({ protocol_version: 2, mode: 'text' });
    expect(await logs(t, key, id)).toMatch(/protocol v2, text mode[\s\S]*agreed to the interview and its recording/);

    client.send({ type: 'start', consent: true, mode: 'text' });
    expect(await client.next('error')).toMatchObject({ code: 'ALREADY_STARTED', fatal: false });
    const q1 = await say(client, GOOD_ANSWERS[0]!);
    expect(q1.said.at(-1)).toMatchObject({ control_id: 'q1' });
    await client.close();
  });

  it('refuses a start without consent: true, and audio in text mode or malformed, without changing anything', async () => {
    const id = await createJobInterview(t, key);
    const client = await v2(id);
    await client.next('session');
    const refusal: Record<string, unknown> = { type: 'start', consent: false, mode: 'text' };
    client.send(refusal);
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    client.send({ type: 'start', mode: 'voice' });
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    expect((await details(t, key, id)).state).toBe(0);

    client.send({ type: 'start', consent: true, mode: 'text' });
    await client.turn();
    client.sendRaw(Buffer.alloc(640));
    expect(await client.next('error')).toMatchObject({ code: 'AUDIO_NOT_EXPECTED', fatal: false });
    client.send({ type: 'mode', mode: 'voice' });
    client.sendRaw(Buffer.alloc(641));
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_AUDIO' });
    client.sendRaw(Buffer.alloc(16 * 1024 + 2));
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_AUDIO' });
    client.sendRaw(Buffer.alloc(640));
    await roundTrip(client);
    // The well-formed frame in voice mode is taken without a word.
    expect(client.events.filter((e) => e.type === 'error').map((e) => e.code)).toEqual([
      'INVALID_MESSAGE',
      'INVALID_MESSAGE',
      'AUDIO_NOT_EXPECTED',
      'INVALID_AUDIO',
      'INVALID_AUDIO',
    ]);
    const record = await details(t, key, id);
    expect(record).toMatchObject({ state: 4 });
    expect(record.transcript.filter((e) => e.role === 'user')).toEqual([]);
    expect(await logs(t, key, id)).toMatch(/switched from text mode to voice mode/);
    await client.close();
  });

  it('a page closed before start leaves the interview untouched and the link usable; a second tab is refused meanwhile', async () => {
    const id = await createJobInterview(t, key);
    const first = await v2(id);
    await first.next('session');
    const second = await v2(id);
    expect(await second.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'session_active', state: 0 });
    expect((await second.closed).code).toBe(4409);
    await first.close();

    const again = await v2(id);
    expect(await again.next('session', 10_000)).toMatchObject({ consent_required: true, resumed: false, state: 0 });
    expect(await details(t, key, id)).toMatchObject({ state: 0, user_disconnected: false, resume_count: null });
    expect(await storedSession(id)).toBeUndefined();
    await again.close();
  });

  it('a consented session that reconnects resumes at once, without asking again', async () => {
    const id = await createJobInterview(t, key);
    const client = await v2(id);
    await client.next('session');
    client.send({ type: 'start', consent: true, mode: 'voice' });
    await client.turn();
    await client.close();

    // The server may still hold the closed connection's session for a moment (as the page does, try again).
    let back = await v2(id);
    let session = await back.next('session').catch(() => null);
    for (let attempt = 0; session === null && attempt < 20; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await v2(id);
      session = await back.next('session').catch(() => null);
    }
    expect(session).toMatchObject({ consent_required: false, resumed: true, state: 4, mode: 'voice' });
    expect((await back.turn()).state).toMatchObject({ state: 4, awaiting_input: true });
    await back.close();
  });

  it('an interview started over version 1 and resumed over version 2 asks for consent first, then resumes without opening again', async () => {
    const id = await createJobInterview(t, key);
    const v1 = await CandidateClient.connect(t.url, id);
    await v1.next('session');
    await v1.turn();
    await v1.close();
    const before = await details(t, key, id);
    expect((await storedSession(id))?.consented_at).toBeNull();

    const { client, session } = await reconnect(id, 2);
    expect(session).toMatchObject({ consent_required: true, resumed: true, state: 4, mode: null });
    expect(session?.transcript).toHaveLength(before.transcript.length);
    // No audio, no answer, no mode before the candidate agrees; nothing is said.
    client.sendRaw(Buffer.alloc(640));
    expect(await client.next('error')).toMatchObject({ code: 'CONSENT_REQUIRED', fatal: false });
    for (const message of [
      { type: 'answer', text: 'hello' },
      { type: 'mode', mode: 'voice' },
    ]) {
      client.send(message);
      expect(await client.next('error')).toMatchObject({ code: 'CONSENT_REQUIRED', fatal: false });
    }
    await roundTrip(client);
    expect(client.events.filter((e) => e.type === 'utterance')).toEqual([]);
    expect((await details(t, key, id)).transcript).toHaveLength(before.transcript.length);

    client.send({ type: 'start', consent: true, mode: 'voice' });
    const resumed = await client.turn();
    // A resume (welcome back, the pending prompt), not a second opening (0 -> 1 -> 4).
    expect(resumed.state).toMatchObject({ state: 4, path: [], awaiting_input: true });
    const stored = await storedSession(id);
    expect(stored?.consented_at).not.toBeNull();
    expect(Date.parse(stored!.consented_at!)).toBeGreaterThan(Date.parse(stored!.started_at));
    const after = await details(t, key, id);
    expect(after).toMatchObject({ state: 4, resume_count: 1 });
    expect(after.interview_agent_meta).toMatchObject({ protocol_version: 2, mode: 'voice' });
    expect(after.transcript.slice(0, before.transcript.length)).toEqual(before.transcript);
    expect(await logs(t, key, id)).toMatch(/resumed \(resume 1\)[\s\S]*agreed to the interview and its recording at \S+ \(voice mode\)/);

    // Now audio is taken, and a second start is refused.
    client.sendRaw(Buffer.alloc(640));
    client.send({ type: 'start', consent: true, mode: 'voice' });
    expect(await client.next('error')).toMatchObject({ code: 'ALREADY_STARTED' });
    await roundTrip(client);
    expect(client.events.filter((e) => e.type === 'error').map((e) => e.code)).toEqual([
      'CONSENT_REQUIRED',
      'CONSENT_REQUIRED',
      'CONSENT_REQUIRED',
      'ALREADY_STARTED',
    ]);
    await client.close();

    // The consent is on record: the next version 2 connection resumes at once, in the mode chosen.
    const again = await reconnect(id, 2);
    expect(again.session).toMatchObject({ consent_required: false, resumed: true, mode: 'voice' });
    await again.client.close();
  });

  it('a page that closes on the consent screen of a resumed interview changes nothing', async () => {
    const id = await createJobInterview(t, key);
    const v1 = await CandidateClient.connect(t.url, id);
    await v1.turn();
    await v1.close();
    const { client, session } = await reconnect(id, 2);
    expect(session).toMatchObject({ consent_required: true, resumed: true });
    const before = await details(t, key, id);
    await client.close();
    await t.server.container.sessions.settled();
    expect(await details(t, key, id)).toEqual(before);
    expect((await storedSession(id))?.consented_at).toBeNull();
  });

  it('a start whose write fails leaves consent pending: SERVER_ERROR, nothing stored, the link asks again', async () => {
    const id = await createJobInterview(t, key);
    // Interview ids are server-made UUIDs, safe to inline in the trigger.
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const allow = await refuseWrites(t, 'interview_sessions', `new.interview_id = '${id}'`);
    try {
      const client = await v2(id);
      await client.next('session');
      client.send({ type: 'start', consent: true, mode: 'voice' });
      // Sent while the write is under way: refused, never taken as consented audio.
      client.sendRaw(Buffer.alloc(640));
      // (It may also arrive before the start is handled: the same refusal.)
      let error = await client.next('error');
      if (error.code === 'CONSENT_REQUIRED') error = await client.next('error');
      // Nothing had started, so nothing is ended: the page may try again.
      expect(error).toMatchObject({ code: 'SERVER_ERROR', fatal: true, message: 'a technical problem occurred; try again' });
      expect((await client.closed).code).toBe(1011);
      expect(client.events.filter((e) => e.type === 'utterance' || e.type === 'state')).toEqual([]);
      await t.server.container.sessions.settled();
      expect(await details(t, key, id)).toMatchObject({ state: 0, transcript: [] });
      expect(await storedSession(id)).toBeUndefined();
      expect(await logs(t, key, id)).not.toMatch(/agreed to the interview/);
    } finally {
      await allow();
    }
    const { client, session } = await reconnect(id, 2);
    expect(session).toMatchObject({ consent_required: true, state: 0 });
    client.send({ type: 'start', consent: true, mode: 'text' });
    expect((await client.turn()).state).toMatchObject({ state: 4, path: [1, 4] });
    expect((await storedSession(id))?.consented_at).not.toBeNull();
    await client.close();
  });

  it('version 1 is unchanged: it starts on open, and start is not one of its messages', async () => {
    const id = await createJobInterview(t, key);
    const client = await CandidateClient.connect(t.url, id);
    const session = await client.next('session');
    expect(session.protocol_version).toBe(1);
    expect(session).not.toHaveProperty('consent_required');
    expect((await client.turn()).state).toMatchObject({ state: 4 });
    client.send({ type: 'start', consent: true, mode: 'text' });
    expect(await client.next('error')).toMatchObject({ code: 'UNKNOWN_TYPE' });
    client.sendRaw(Buffer.alloc(640));
    expect(await client.next('error')).toMatchObject({ code: 'BINARY_NOT_SUPPORTED' });
    expect((await storedSession(id))?.consented_at).toBeNull();
    await client.close();
  });
});
