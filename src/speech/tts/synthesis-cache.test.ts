import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { languageByTag } from '../../languages/index.js';
import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';
import { EspeakTextToSpeech } from './espeak.js';
import { CachedTextToSpeech, type SynthesisSource } from './synthesis-cache.js';
import type { SynthUrgency, TextToSpeech } from './text-to-speech.js';

const english = languageByTag('en')!;
const QUESTION = 'Could you tell me about a project you are proud of, and what your part in it was?';
const espeak = new EspeakTextToSpeech({ workers: 2 });
afterAll(() => espeak.close());

/** The real synthesizer, with a record of what reached it and how each call ended. */
class Recorded implements TextToSpeech {
  readonly name = 'espeak';
  calls: { text: string; urgency: SynthUrgency | undefined; outcome: Promise<'done' | 'stopped'> }[] = [];
  supports(language: Language): boolean {
    return espeak.supports(language);
  }
  synthesize(text: string, language: Language, signal?: AbortSignal, urgency?: SynthUrgency): Promise<PcmAudio> {
    const audio = espeak.synthesize(text, language, signal, urgency);
    this.calls.push({
      text,
      urgency,
      outcome: audio.then(
        () => 'done' as const,
        () => 'stopped' as const,
      ),
    });
    return audio;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

let inner: Recorded;
let sources: SynthesisSource[];
function cached(maxBytes = 64 * 1024 * 1024): CachedTextToSpeech {
  const cache = new CachedTextToSpeech(inner, maxBytes);
  cache.observe((source) => sources.push(source));
  return cache;
}

beforeEach(() => {
  inner = new Recorded();
  sources = [];
});

describe('the synthesis cache', () => {
  it('synthesises a sentence asked for by many sessions at once only once, and gives each the same audio', async () => {
    const tts = cached();
    const heard = await Promise.all(Array.from({ length: 5 }, () => tts.synthesize(QUESTION, english)));
    expect(inner.calls).toHaveLength(1);
    // (eSpeak NG's own output differs by a few samples from one synthesis to the next: these are one.)
    for (const audio of heard) expect(audio.samples).toEqual(heard[0]!.samples);
    // Later sessions hear it from the cache.
    const later = await tts.synthesize(QUESTION, english);
    expect(later.samples).toEqual(heard[0]!.samples);
    expect(inner.calls).toHaveLength(1);
    expect(sources).toEqual(['synthesised', 'shared', 'shared', 'shared', 'shared', 'cached']);
  });

  it('keeps sentences apart by language and text', async () => {
    const tts = cached();
    await tts.synthesize('Thank you.', english);
    await tts.synthesize('Thank you.', languageByTag('de')!);
    await tts.synthesize('Thank you!', english);
    expect(inner.calls).toHaveLength(3);
  });

  it("lets one session's barge-in stop only its own wait; the synthesis stops when nobody waits for it", async () => {
    const tts = cached();
    const bargeIn = new AbortController();
    const interrupted = tts.synthesize(QUESTION, english, bargeIn.signal);
    const other = tts.synthesize(QUESTION, english, new AbortController().signal);
    bargeIn.abort();
    await expect(interrupted).rejects.toThrow(/abort/i);
    expect((await other).samples.length).toBeGreaterThan(0);
    expect(await inner.calls[0]!.outcome).toBe('done');

    const alone = new AbortController();
    const dropped = tts.synthesize('A sentence nobody hears.', english, alone.signal);
    alone.abort();
    await expect(dropped).rejects.toThrow(/abort/i);
    expect(await inner.calls[1]!.outcome).toBe('stopped');
    // Asked again, it is synthesised afresh (nothing stopped was kept or joined).
    expect((await tts.synthesize('A sentence nobody hears.', english)).samples.length).toBeGreaterThan(0);
    expect(inner.calls).toHaveLength(3);
  });

  it('does not make a candidate in silence wait behind the background copy of the same words', async () => {
    const tts = cached();
    const background = tts.synthesize(QUESTION, english, undefined, 'background');
    const now = tts.synthesize(QUESTION, english, undefined, 'now');
    await Promise.all([background, now]);
    expect(inner.calls.map((call) => call.urgency)).toEqual(['background', 'now']);
  });

  it('keeps no more audio than its bound, the least recently heard out first', async () => {
    const other = 'Could you describe a time you disagreed with a colleague, and how the two of you resolved it?';
    const sentenceBytes = (await espeak.synthesize(QUESTION, english)).samples.byteLength;
    const tts = cached(Math.round(sentenceBytes * 1.5));
    await tts.synthesize(QUESTION, english);
    await tts.synthesize(other, english);
    await tts.synthesize(other, english);
    // The two questions do not both fit: the first, least recently heard, went.
    await tts.synthesize(QUESTION, english);
    expect(inner.calls.map((call) => call.text)).toEqual([QUESTION, other, QUESTION]);
  });

  it("gives each caller its own samples: one caller's changes do not reach the next", async () => {
    const tts = cached();
    const first = await tts.synthesize('Thank you.', english);
    const original = first.samples.slice();
    first.samples.fill(0);
    expect((await tts.synthesize('Thank you.', english)).samples).toEqual(original);
  });
});
