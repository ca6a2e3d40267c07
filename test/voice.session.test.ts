// A voice interview over a real WebSocket (protocol v2): flite speaks the
// candidate, the server's Silero VAD takes the turns, PocketSphinx recognises,
// eSpeak NG speaks the interviewer. Nothing in between is faked.

import { describe, expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details, eventually, logs } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

describe('voice session', () => {
  it('hears a spoken introduction, stores what it heard, and speaks the next question', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 4 });
    const { session, opening } = await candidate.start();
    expect(session.speech).toMatchObject({ recognition: 'server', synthesis: true, sample_rate: 16000 });
    expect(opening.state).toMatchObject({ state: 4, awaiting_input: true });

    // The opening utterances are spoken: audio_start, binary PCM, audio_end for each.
    const starts = await eventually(async () => {
      const found = candidate.client.events.filter((e) => e.type === 'audio_start');
      expect(found).toHaveLength(opening.said.length);
      expect(candidate.client.events.filter((e) => e.type === 'audio_end')).toHaveLength(opening.said.length);
      return found;
    });
    expect(starts.map((s) => s.text)).toEqual(opening.said.map((u) => u.text));
    expect(candidate.audioBytes).toBeGreaterThan(opening.said.length * 16_000);

    const intro = await speakWithFlite('I am a backend engineer with six years of experience building services.', { leadMs: 300 });
    const turn = await candidate.speak(concatSamples(intro, silence(200)));
    expect(turn.heard).toMatch(/engineer/);
    expect(turn.said.at(-1)).toMatchObject({ control_id: 'q1' });
    expect(turn.replyAudioMs).not.toBeNull();
    expect(candidate.client.events.filter((e) => e.type === 'vad').map((e) => e.speaking)).toEqual([true, false]);

    const record = await details(t, key, id);
    const spoken = record.transcript.filter((e) => e.role === 'user');
    expect(spoken.map((e) => e.content)).toEqual([turn.heard]);
    expect(await logs(t, key, id)).toMatch(/voice turn latency \d+ ms .*VAD hang-over \d+ ms, STT \d+ ms, interviewer \d+ ms, TTS \d+ ms/);
    await candidate.close();

    // Every admitted microphone frame is in the recording's spool, placed on the session's clock.
    const segments = await eventually(async () => {
      const found = await t.server.container.media.candidateAudio.segments(id);
      expect(found.reduce((n, s) => n + s.samples, 0)).toBeGreaterThanOrEqual(intro.length);
      return found;
    });
    expect(segments[0]!.startMs).toBeGreaterThan(Date.parse(record.transcript[0]!.created_at) - 60_000);
  });

  // A page offered the browser's recogniser says so in `start`; where that recogniser fails at once (a
  // headless or locked-down browser: 'not-allowed'), its switch back to the server's follows right behind,
  // while the start is still being processed. The switch used to be refused as "before consent", leaving the
  // server waiting for browser text that never came: every answer became an empty `heard`.
  it("hears the answer when the page's own recogniser fails during the start", async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 4 });
    const session = await candidate.client.next('session');
    expect(session.speech).toMatchObject({ recognition: 'server', browser_recognition: true });
    candidate.client.send({ type: 'start', consent: true, mode: 'voice', recognition: 'browser' });
    candidate.client.send({ type: 'mode', mode: 'voice', recognition: 'server' });
    expect((await candidate.client.turn(30_000)).state).toMatchObject({ state: 4, awaiting_input: true });

    const turn = await candidate.speak(await speakWithFlite('I am a backend engineer with six years of experience.', { leadMs: 300 }));
    expect(turn.heard).toMatch(/engineer/);
    expect(candidate.client.events.filter((e) => e.type === 'error')).toEqual([]);
    expect(await logs(t, key, id)).toMatch(/recognised by the server/);
    await candidate.close();
  });
});
