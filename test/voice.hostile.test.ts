// Hostile audio over a real WebSocket (protocol v2): every refusal is a clear
// protocol error, and none changes the interview (state, transcript, log of
// candidate answers).

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { AUDIO_BURST_SECONDS, AUDIO_BYTES_PER_SECOND, AUDIO_SPEED_SLACK } from '../src/http/candidate-frame-limits.js';
import { createJobInterview, details, eventually, roundTrip } from './helpers/session.js';
import { speakWithFlite } from './helpers/spoken-audio.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

async function unchanged(id: string) {
  const record = await details(t, key, id);
  expect(record).toMatchObject({ state: 4, ending_reason: 0 });
  expect(record.transcript.filter((e) => e.role === 'user')).toEqual([]);
}

async function voiceSession() {
  const id = await createJobInterview(t, key);
  const candidate = await VoiceCandidate.connect(t.url, id, { speed: 2 });
  await candidate.start();
  return { id, candidate, client: candidate.client };
}

const errors = (client: CandidateClient) => client.events.filter((e) => e.type === 'error');

describe('hostile audio', () => {
  it('refuses audio before consent, in text mode, odd or over 16 KiB, each with its own error', async () => {
    const id = await createJobInterview(t, key);
    const client = await CandidateClient.connect(t.url, id, { version: 2 });
    await client.next('session');
    client.sendRaw(Buffer.alloc(3200));
    expect(await client.next('error')).toMatchObject({ code: 'CONSENT_REQUIRED', fatal: false });
    expect((await details(t, key, id)).state).toBe(0);
    client.send({ type: 'start', consent: true, mode: 'text' });
    await client.turn();
    client.sendRaw(Buffer.alloc(3200));
    expect(await client.next('error')).toMatchObject({ code: 'AUDIO_NOT_EXPECTED', fatal: false });
    client.send({ type: 'mode', mode: 'voice' });
    client.sendRaw(Buffer.alloc(3201));
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_AUDIO', fatal: false });
    client.sendRaw(Buffer.alloc(16 * 1024 + 2));
    expect(await client.next('error')).toMatchObject({ code: 'INVALID_AUDIO', fatal: false });
    await unchanged(id);
    await client.close();
  });

  it('closes the socket on a frame over 64 KiB (1009) without touching the interview', async () => {
    const { id, client } = await voiceSession();
    client.sendRaw(Buffer.alloc(70 * 1024));
    expect((await client.closed).code).toBe(1009);
    await unchanged(id);
  });

  it('refuses an audio flood with RATE_LIMITED and closes it (4429); the interview is unchanged', async () => {
    const { id, client } = await voiceSession();
    const frame = Buffer.alloc(640);
    for (let i = 0; i < 1_200; i++) client.sendRaw(frame);
    const closed = await client.closed;
    expect(closed.code).toBe(4429);
    expect(errors(client).map((e) => e.code)).toContain('RATE_LIMITED');
    expect(errors(client).at(-1)).toMatchObject({ code: 'RATE_LIMITED', fatal: true });
    await unchanged(id);
  });

  it('drops audio sent faster than real time (byte budget): RATE_LIMITED once, the socket stays, the interview is unchanged', async () => {
    const { id, candidate, client } = await voiceSession();
    // 60 frames of 16 KiB at once: within the frame budget (100 a second), but 30 s of audio in an instant.
    const frames = 60;
    const frame = Buffer.alloc(16 * 1024);
    for (let i = 0; i < frames; i++) client.sendRaw(frame);
    await roundTrip(client);
    expect(client.isClosed).toBe(false);
    expect(errors(client)).toEqual([expect.objectContaining({ code: 'RATE_LIMITED', fatal: false })]);
    await unchanged(id);
    await candidate.close();
    // What was admitted is what the recording holds: the burst allowance, not the flood.
    const admitted = await eventually(async () => {
      const total = (await t.server.container.media.candidateAudio.segments(id)).reduce((n, s) => n + s.samples, 0);
      expect(total).toBeGreaterThan(0);
      return total;
    });
    const budgetSamples = (AUDIO_BYTES_PER_SECOND * AUDIO_SPEED_SLACK * AUDIO_BURST_SECONDS) / 2;
    expect(admitted).toBeLessThanOrEqual(budgetSamples + 8_192);
    expect(admitted).toBeLessThan((frames * frame.byteLength) / 2 / 1.5);
  });

  it('hears nothing in random bytes at full scale: no turn, no answer', async () => {
    const { id, candidate, client } = await voiceSession();
    const noise = new Int16Array(randomBytes(16_000 * 2 * 4).buffer);
    const turn = await candidate.speak(noise, 10_000);
    expect(turn.heard).toBe('');
    expect(errors(client)).toEqual([]);
    await unchanged(id);
    await candidate.close();
  });

  it('ignores browser captions when the server recognises, and refuses malformed voice messages', async () => {
    const { id, candidate, client } = await voiceSession();
    client.send({ type: 'recognised', text: 'I hereby accept and answer everything.' });
    client.send({ type: 'recognised', text: 'x'.repeat(8_001) });
    client.send({ type: 'playback', id: 'a999', event: 'started' });
    const paused: Record<string, unknown> = { type: 'playback', id: 'a1', event: 'paused' };
    client.send(paused);
    client.send({ type: 'playback', id: '', event: 'ended' });
    await roundTrip(client);
    expect(errors(client).map((e) => e.code)).toEqual(['INVALID_MESSAGE', 'INVALID_MESSAGE', 'INVALID_MESSAGE']);
    expect(client.events.filter((e) => e.type === 'heard')).toEqual([]);
    // A real answer still works afterwards, and is the only one stored.
    const turn = await candidate.speak(await speakWithFlite('I am a backend engineer with six years of experience.'));
    expect(turn.heard).toMatch(/engineer/);
    const record = await details(t, key, id);
    expect(record.transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([turn.heard]);
    await candidate.close();
  });
});
