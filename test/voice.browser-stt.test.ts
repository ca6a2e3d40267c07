// STT_PROVIDER=browser: the page recognises (Web Speech API) and sends the
// text; the server still takes the turns by its own VAD on the audio, and the
// utterance's text is what the browser recognised.

import { describe, expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details } from './helpers/session.js';
import { speakWithFlite } from './helpers/spoken-audio.js';

let t: TestServer;
let key: string;
useTestServer({ STT_PROVIDER: 'browser' }, (server, k) => ([t, key] = [server, k]));

describe('recognition in the browser', () => {
  it('takes the browser text as the answer when the server VAD ends the turn', async () => {
    const id = await createJobInterview(t, key, { language_code: 2 });
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 2 });
    const { session } = await candidate.start();
    expect(session.speech).toMatchObject({ recognition: 'browser', synthesis: true });
    expect(candidate.client.events.some((e) => e.type === 'speech_unavailable')).toBe(false);

    const audio = await speakWithFlite('I am a backend engineer with six years of experience.');
    candidate.client.send({ type: 'recognised', text: 'Ich bin' });
    candidate.client.send({ type: 'recognised', text: 'Ich bin Backend-Entwickler mit sechs Jahren Erfahrung.' });
    const turn = await candidate.speak(audio);
    expect(turn.heard).toBe('Ich bin Backend-Entwickler mit sechs Jahren Erfahrung.');
    expect(candidate.client.events.filter((e) => e.type === 'heard' && !e.final).map((e) => e.type === 'heard' && e.text)).toEqual([
      'Ich bin',
      'Ich bin Backend-Entwickler mit sechs Jahren Erfahrung.',
    ]);
    expect(turn.said.at(-1)).toMatchObject({ control_id: 'q1' });
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([turn.heard]);
    await candidate.close();
  });
});
