import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { SPOKEN_ANSWERS, speakWithFlite } from '../../../test/helpers/speech.js';
import { languageByTag } from '../../languages/index.js';
import { CANDIDATE_SAMPLE_RATE } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import { wordErrors, words } from '../word-error-rate.js';
import { PocketsphinxSpeechToText } from './pocketsphinx.js';
import { WarmPocketsphinxSpeechToText } from './pocketsphinx-warm.js';
import { transcribe, type SpeechToText } from './speech-to-text.js';

const english = languageByTag('en')!;
const stt = new PocketsphinxSpeechToText();
// The default: decoders kept loaded in long-lived processes; the process per utterance is the fallback.
const warm = new WarmPocketsphinxSpeechToText({ processes: 2, maxStreams: 8 });
afterAll(() => Promise.all([stt.close(), warm.close()]));

/** Decoder processes of this test process still running. */
function decodersRunning(): number {
  const out = execFileSync('sh', ['-c', 'pgrep -f "^pocketsphinx_continuous -infile /dev/stdin" || true'], { encoding: 'utf8' });
  return out.trim() === '' ? 0 : out.trim().split('\n').length;
}

describe.each<[string, SpeechToText]>([
  ['warm decoders', warm],
  ['a process per utterance', stt],
])('PocketSphinx (%s)', (_kind, recogniser) => {
  it('is installed here, and understands English only', () => {
    expect(PocketsphinxSpeechToText.missing()).toBeNull();
    expect(WarmPocketsphinxSpeechToText.missing()).toBeNull();
    expect(recogniser.supports(english)).toBe(true);
    expect(recogniser.supports(languageByTag('de')!)).toBe(false);
    expect(() => recogniser.open(languageByTag('fr')!)).toThrow(SpeechError);
  });

  it('transcribes flite-spoken interview answers with a word error rate under 35 %', async () => {
    let errors = 0;
    let total = 0;
    const heard = await Promise.all(SPOKEN_ANSWERS.map((text) => transcribe(recogniser, english, speakWithFlite(text))));
    for (const [i, text] of SPOKEN_ANSWERS.entries()) {
      errors += wordErrors(text, heard[i]!);
      total += words(text).length;
    }
    expect(errors / total).toBeLessThan(0.35);
  });

  it('decodes audio streamed in 20 ms frames as it arrives, like a live turn', async () => {
    const audio = speakWithFlite('We moved the billing system to a new database without any downtime.');
    const stream = recogniser.open(english);
    const frame = CANDIDATE_SAMPLE_RATE / 50;
    for (let offset = 0; offset < audio.samples.length; offset += frame) {
      stream.write(audio.samples.subarray(offset, offset + frame));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = await stream.finish();
    expect(words(text)).toEqual(expect.arrayContaining(['billing', 'system', 'downtime']));
  });

  it('hears nothing in silence', async () => {
    const silence = new Int16Array(CANDIDATE_SAMPLE_RATE);
    expect(await transcribe(recogniser, english, { sampleRate: CANDIDATE_SAMPLE_RATE, samples: silence })).toBe('');
  });

  it('abort ends the utterance and finish then rejects', async () => {
    const stream = recogniser.open(english);
    stream.write(speakWithFlite('I would start by talking to the customer.').samples);
    stream.abort();
    await expect(stream.finish()).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('PocketSphinx (a process per utterance)', () => {
  it('abort ends the decoder process and finish then rejects', async () => {
    const before = decodersRunning();
    const stream = stt.open(english);
    stream.write(speakWithFlite('I would start by talking to the customer.').samples);
    stream.abort();
    await expect(stream.finish()).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(decodersRunning, { timeout: 5_000 }).toBeLessThanOrEqual(before);
  });

  it('refuses a recognition beyond its limit of decoder processes, and takes one again when a slot frees', async () => {
    const limited = new PocketsphinxSpeechToText({ maxStreams: 2 });
    const first = limited.open(english);
    const second = limited.open(english);
    expect(() => limited.open(english)).toThrow(/^pocketsphinx: 2 recognitions are already running$/);
    first.abort();
    await expect
      .poll(() => {
        try {
          limited.open(english).abort();
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
    second.abort();
  });

  it('reports a decoder that cannot run as a SpeechError', async () => {
    const broken = new PocketsphinxSpeechToText({ binary: 'pocketsphinx_does_not_exist' });
    expect(PocketsphinxSpeechToText.missing('pocketsphinx_does_not_exist')).toMatch(/not installed/);
    await expect(transcribe(broken, english, speakWithFlite('hello'))).rejects.toThrow(/^pocketsphinx: exited with code 127/);
  });
});
