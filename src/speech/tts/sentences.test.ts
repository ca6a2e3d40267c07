import { afterAll, describe, expect, it } from 'vitest';
import { languageByTag } from '../../languages/index.js';
import { pcmDurationMs } from '../audio.js';
import { EspeakTextToSpeech } from './espeak.js';
import { synthesizeSentences } from './sentences.js';

const english = languageByTag('en')!;
const tts = new EspeakTextToSpeech({ workers: 2 });
afterAll(() => tts.close());

const TURN =
  'Thank you. Could you tell me about a project you are proud of? What was your part in it, and what would you do differently today?';

describe('synthesizeSentences', () => {
  it('speaks a turn sentence by sentence, adding up to the whole turn', async () => {
    const parts: { sentence: string; audio: { sampleRate: number; samples: Int16Array } }[] = [];
    for await (const part of synthesizeSentences(tts, TURN, english)) parts.push(part);
    expect(parts.map((part) => part.sentence)).toEqual([
      'Thank you.',
      'Could you tell me about a project you are proud of?',
      'What was your part in it, and what would you do differently today?',
    ]);
    const total = parts.reduce((sum, part) => sum + pcmDurationMs(part.audio), 0);
    const whole = pcmDurationMs(await tts.synthesize(TURN, english));
    expect(total).toBeGreaterThan(whole * 0.8);
    expect(total).toBeLessThan(whole * 1.25);
  });

  it('stops cleanly when the listener stops early (barge-in)', async () => {
    const heard: string[] = [];
    for await (const part of synthesizeSentences(tts, TURN, english)) {
      heard.push(part.sentence);
      break;
    }
    expect(heard).toEqual(['Thank you.']);
    // The synthesizer is free for the next turn.
    expect(pcmDurationMs(await tts.synthesize('Go on.', english))).toBeGreaterThan(200);
  });

  it("ends with the caller's abort", async () => {
    const controller = new AbortController();
    const parts = synthesizeSentences(tts, TURN, english, controller.signal);
    await parts.next();
    controller.abort();
    await expect(parts.next()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
