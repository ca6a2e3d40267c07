// Speech that starts while the candidate's previous utterance is still being
// recognised (a short pause mid-answer, then on) is kept and recognised once
// that utterance is done, not dropped, and is stored as the same answer: the
// next question was never heard, so it cannot be its answer. Real server, real Silero VAD, real
// PocketSphinx, flite speaking. The node's only recogniser is held by a real
// stream of another tenant, as on a loaded node, so the first utterance is
// still waiting to be decoded when the second starts: no timing luck.

import { expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { ENGLISH } from '../src/languages/index.js';
import { createJobInterview, details, eventually } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
useTestServer({ STT_MAX_CONCURRENT: '1', STT_MAX_CONCURRENT_PER_OWNER: '1' }, (server, k) => ([t, key] = [server, k]));

it('speech while the previous utterance is still being recognised is recognised next, in order, as the same answer', async () => {
  const id = await createJobInterview(t, key);
  const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1 });
  await candidate.start();
  const events = candidate.client.events;
  const vadStarts = () => events.filter((e) => e.type === 'vad' && e.speaking).length;
  const heard = () => events.flatMap((e) => (e.type === 'heard' && e.final ? [e.text] : []));
  // Another tenant's utterance holds the node's one recogniser: the candidate's first utterance waits for it.
  const held = t.server.container.speech.stt.open(ENGLISH, { tenant: 'user:someone-else' });
  // Freed once the second sentence has started (well within the 5 s a finished turn may wait).
  const freed = eventually(async () => expect(vadStarts()).toBe(2), 60_000).then(() => held.abort());
  try {
    const first = await speakWithFlite('I am a backend engineer with six years of experience building services.', { leadMs: 300 });
    const second = await speakWithFlite('Last year I moved our payments to a new database.');
    // The pause ends the first turn (2 s: its words are still on their way), the second sentence follows at once,
    // and the microphone goes on until its turn has ended too (the first answer waits for it).
    await candidate.speak(concatSamples(first, silence(2_600), second, silence(1_500)));
    await freed;
    expect(events.filter((e) => e.type === 'vad').map((e) => e.speaking)).toEqual([true, false, true, false]);
    await eventually(async () => expect(heard()).toHaveLength(2), 10_000);
    const [one, two] = heard();
    expect(one).toMatch(/engineer/);
    // PocketSphinx's hearing of flite is rough: some of the second sentence's own words are there.
    expect(two).toMatch(/year|payments|database|moved/);
    await eventually(async () => {
      const { transcript } = await details(t, key, id);
      const answers = transcript.filter((e) => e.role === 'user');
      expect(answers.map((e) => e.content)).toEqual([`${one} ${two}`]);
      // The interviewer asked q1 after the whole introduction, and q1 still waits for its own answer.
      const answeredAt = transcript.indexOf(answers[0]!);
      const q1At = transcript.findIndex((e) => e.control_id === 'q1');
      expect(q1At).toBeGreaterThan(answeredAt);
      expect(transcript.slice(q1At + 1).filter((e) => e.role === 'user')).toEqual([]);
    });
  } finally {
    held.abort();
    await candidate.close();
  }
}, 120_000);
