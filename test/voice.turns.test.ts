// Turn-taking by voice over a real WebSocket: barge-in, echo gating, repeat,
// a language nothing here recognises, and the latency metrics. Real speech
// (flite), real VAD, recogniser and synthesizer.

import { describe, expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details, eventually, logs, roundTrip, say } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

const INTRO = 'I am a backend engineer with six years of experience building services.';

describe('voice turn-taking', () => {
  it('speech during the interviewer audio stops it (barge-in, logged) and is heard from its first word', async () => {
    const id = await createJobInterview(t, key);
    // No playback reports: the server judges playback by what it sent.
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 2, playback: 'none' });
    await candidate.start();
    await eventually(async () => expect(candidate.client.events.some((e) => e.type === 'audio_end')).toBe(true));
    const turn = await candidate.speak(await speakWithFlite(INTRO, { leadMs: 200 }));
    const stops = candidate.client.events.filter((e) => e.type === 'stop_audio');
    expect(stops.length).toBeGreaterThan(0);
    expect(stops.every((s) => s.reason === 'barge_in')).toBe(true);
    expect(turn.heard).toMatch(/engineer with six years/);
    expect(turn.said.at(-1)).toMatchObject({ control_id: 'q1' });
    expect(await logs(t, key, id)).toMatch(/interrupted the interviewer \(barge-in\)/);
    await candidate.close();
  });

  it('a pause longer than the early finish but shorter than the hang-over keeps both halves in one answer', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1 });
    await candidate.start();
    const first = await speakWithFlite('Two threads update shared state and');
    const second = await speakWithFlite('the timing decides the result.');
    // flite's own silences make this a pause of about 480 ms: past the early finish, within the hang-over (700 ms),
    // and after "and", so the adaptive end of turn waits too (a complete first half would end at its short 400 ms).
    const turn = await candidate.speak(concatSamples(first, silence(200), second));
    expect(turn.heard).toMatch(/threads/);
    // PocketSphinx hears the second half as e.g. "the timing besides there is felt": its words are there.
    expect(turn.heard).toMatch(/timing|besides|decides/);
    expect(candidate.client.events.filter((e) => e.type === 'vad')).toHaveLength(2);
    await candidate.close();
  });

  it('a sound shorter than the barge-in time during playback is neither heard nor allowed to stop it', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1, playback: 'none', maxTrailingSilenceMs: 1_500 });
    await candidate.start();
    await eventually(async () => expect(candidate.client.events.some((e) => e.type === 'audio_end')).toBe(true));
    const turn = await candidate.speak(concatSamples(await speakWithFlite('Oh.'), silence(300)));
    expect(turn.heard).toBe('');
    expect(candidate.client.events.filter((e) => e.type === 'stop_audio' || e.type === 'vad' || e.type === 'heard')).toEqual([]);
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user')).toEqual([]);
    await candidate.close();
  });

  it('a repeat request stops the audio playing and the question is spoken again', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 2, playback: 'none' });
    await candidate.start();
    await eventually(async () => expect(candidate.client.events.some((e) => e.type === 'audio_end')).toBe(true));
    const { said } = await say(candidate.client, 'I build backend services in Node and lead a small team of engineers.');
    expect(said.at(-1)).toMatchObject({ control_id: 'q1' });
    const questionAudio = () => candidate.client.events.filter((e) => e.type === 'audio_start' && e.control_id === 'q1');
    await eventually(async () => expect(questionAudio()).toHaveLength(1));
    candidate.client.send({ type: 'repeat' });
    const repeated = await candidate.client.turn();
    expect(candidate.client.events.filter((e) => e.type === 'stop_audio').at(-1)).toMatchObject({ reason: 'repeat' });
    await eventually(async () => expect(questionAudio().at(-1)).toMatchObject({ text: repeated.said.at(-1)?.text }));
    expect(questionAudio()).toHaveLength(2);
    await candidate.close();
  });

  it('in a language no recogniser here understands, voice mode says so and typed answers carry on', async () => {
    const id = await createJobInterview(t, key, { language_code: 2 });
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 2 });
    const { session } = await candidate.start();
    expect(session.speech).toMatchObject({ recognition: 'none', synthesis: true });
    expect(await candidate.client.next('speech_unavailable')).toMatchObject({ reason: 'no_recogniser' });
    // German is still spoken to the candidate.
    await eventually(async () => expect(candidate.client.events.some((e) => e.type === 'audio_start')).toBe(true));
    const turn = await candidate.speak(await speakWithFlite(INTRO));
    expect(turn.heard).toBe('');
    const typed = await say(candidate.client, 'Ich bin Backend-Entwickler mit sechs Jahren Erfahrung.');
    expect(typed.said.at(-1)).toMatchObject({ control_id: 'q1' });
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([
      'Ich bin Backend-Entwickler mit sechs Jahren Erfahrung.',
    ]);
    await candidate.close();
  });

  it('exports each spoken turn latency and its parts to Prometheus', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 2 });
    await candidate.start();
    await candidate.speak(await speakWithFlite(INTRO));
    await roundTrip(candidate.client);
    await candidate.close();
    const metrics = await eventually(async () => {
      const text = await (await fetch(`${t.url}/metrics`)).text();
      expect(text).toMatch(/voice_turn_latency_seconds_count [1-9]/);
      return text;
    });
    for (const part of ['hangover', 'stt', 'interviewer', 'tts'])
      expect(metrics).toMatch(new RegExp(`voice_turn_latency_part_seconds_count\\{part="${part}"\\} [1-9]`));
  });

  it("speaks a sentence every candidate hears from the node's cache, not by synthesising it again", async () => {
    const synthesised = async () => {
      const text = await (await fetch(`${t.url}/metrics`)).text();
      const count = (source: string) => Number(new RegExp(`tts_syntheses_total\\{source="${source}"\\} (\\d+)`).exec(text)?.[1]);
      return { cached: count('cached'), synthesised: count('synthesised') };
    };
    const heardQ1 = async () => {
      const candidate = await VoiceCandidate.connect(t.url, await createJobInterview(t, key), { speed: 2, playback: 'none' });
      await candidate.start();
      await candidate.speak(await speakWithFlite(INTRO));
      await eventually(async () =>
        expect(candidate.client.events.some((e) => e.type === 'audio_start' && e.control_id === 'q1')).toBe(true),
      );
      await candidate.close();
    };
    await heardQ1();
    const before = await synthesised();
    await heardQ1();
    const after = await synthesised();
    // The second candidate's greeting, self-introduction request and first question were all heard before.
    expect(after.cached - before.cached).toBeGreaterThanOrEqual(2);
    expect(after.synthesised - before.synthesised).toBeLessThan(after.cached - before.cached);
  });
});

describe('an answer started over the end of a question', () => {
  let t: TestServer;
  let key: string;
  // A long barge-in time (as for a room with a strong echo) makes the overlap easy to hit: the answer below is
  // voiced for less than this, so before it ended it could not have counted as a barge-in.
  useTestServer({ SESSION_BARGE_IN_MS: '1500' }, (server, k) => ([t, key] = [server, k]));

  it('is kept and heard from its first word once the interviewer has stopped', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    // Playback reported as a page does: started on arrival, ended when its duration has played.
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1, playback: 'realtime' });
    const { opening } = await candidate.start();
    const audioEnds = () => candidate.client.events.filter((e) => e.type === 'audio_end');
    await eventually(async () => expect(audioEnds()).toHaveLength(opening.said.length), 60_000);
    const answer = await speakWithFlite('Yes, I am ready.');
    // The answer starts 400 ms before the last words end and goes on after them.
    const overlapMs = 400;
    const playedAt = candidate.playbackEndsAt();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, playedAt - performance.now() - overlapMs)));
    const turn = await candidate.speak(concatSamples(answer, silence(200)));
    expect(turn.heard).toMatch(/yes/);
    expect(turn.said.at(-1)).toMatchObject({ control_id: 'q1' });
    // Nothing was playing any more when it counted: no barge-in.
    expect(candidate.client.events.filter((e) => e.type === 'stop_audio')).toEqual([]);
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([turn.heard]);
    await candidate.close();
  });
});
