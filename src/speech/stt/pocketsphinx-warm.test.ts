import { afterAll, describe, expect, it } from 'vitest';
import { speakWithFlite } from '../../../test/helpers/speech.js';
import { loadConfig } from '../../config.js';
import { languageByTag } from '../../languages/index.js';
import { CANDIDATE_SAMPLE_RATE } from '../audio.js';
import { createSpeech } from '../index.js';
import { words } from '../word-error-rate.js';
import { PocketsphinxSpeechToText } from './pocketsphinx.js';
import { WarmPocketsphinxSpeechToText } from './pocketsphinx-warm.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';

const english = languageByTag('en')!;
const opened: WarmPocketsphinxSpeechToText[] = [];
afterAll(() => Promise.all(opened.map((stt) => stt.close())));

function warm(processes: number, maxStreams: number): WarmPocketsphinxSpeechToText {
  const stt = new WarmPocketsphinxSpeechToText({ processes, maxStreams });
  opened.push(stt);
  return stt;
}

/** Feeds the audio in 20 ms frames, yielding between them as a live socket would. */
async function speakInto(stream: RecognitionStream, samples: Int16Array): Promise<void> {
  const frame = CANDIDATE_SAMPLE_RATE / 50;
  for (let offset = 0; offset < samples.length; offset += frame) {
    stream.write(samples.subarray(offset, offset + frame));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const SENTENCES = [
  'I have five years of experience building web services.',
  'In my last job I led a team of four engineers.',
  'I would start by talking to the customer to understand the problem.',
];
const KEYWORDS = [
  ['experience', 'services'],
  ['team', 'engineers'],
  ['customer', 'problem'],
];

describe('PocketSphinx kept warm', () => {
  it('utterances beyond its decoders wait instead of failing, and are served in the order they started, by the same processes', async () => {
    const stt = warm(1, 1);
    const streams = SENTENCES.map(() => stt.open(english));
    const processes = stt.processIds();
    expect(processes).toHaveLength(1);
    expect(streams.map((stream) => stream.isWaiting)).toEqual([false, true, true]);
    for (const [i, stream] of streams.entries()) stream.write(speakWithFlite(SENTENCES[i]!).samples);
    const order: number[] = [];
    // Finished last to first: the first still holds the only decoder, so the others wait for it.
    const texts = await Promise.all(
      [...streams.entries()].reverse().map(async ([i, stream]) => {
        const text = await stream.finish();
        order.push(i);
        return [i, text] as const;
      }),
    );
    expect(order).toEqual([0, 1, 2]);
    for (const [i, text] of texts) expect(words(text)).toEqual(expect.arrayContaining(KEYWORDS[i]!));
    // No process per utterance: the same decoding process served all three.
    expect(stt.processIds()).toEqual(processes);
  });

  it('an aborted utterance gives its decoder to the next in line', async () => {
    const stt = warm(1, 1);
    const first = stt.open(english);
    const second = stt.open(english);
    second.write(speakWithFlite(SENTENCES[1]!).samples);
    expect(second.isWaiting).toBe(true);
    first.abort();
    expect(second.isWaiting).toBe(false);
    expect(words(await second.finish())).toEqual(expect.arrayContaining(KEYWORDS[1]!));
  });

  it('tells what it has heard so far while the candidate is still speaking', async () => {
    const stt = warm(1, 2);
    const stream = stt.open(english);
    const partials: string[] = [];
    stream.onPartial?.((text) => partials.push(text));
    await speakInto(stream, speakWithFlite('We moved the billing system to a new database without any downtime.').samples);
    await expect.poll(() => partials.some((text) => words(text).includes('billing')), { timeout: 20_000 }).toBe(true);
    const final = await stream.finish();
    expect(words(final)).toEqual(expect.arrayContaining(['billing', 'downtime']));
  });

  it('answers a checkpoint with the words so far and goes on decoding: the final text holds what came before and after it', async () => {
    const stt = warm(1, 2);
    const stream = stt.open(english);
    const silence = new Int16Array(CANDIDATE_SAMPLE_RATE / 5);
    await speakInto(stream, speakWithFlite(SENTENCES[0]!).samples);
    await speakInto(stream, silence);
    expect(typeof stream.checkpoint).toBe('function');
    const soFar = await stream.checkpoint!();
    expect(words(soFar)).toEqual(expect.arrayContaining(KEYWORDS[0]!));
    expect(words(soFar)).not.toEqual(expect.arrayContaining(KEYWORDS[1]!));
    // Nothing more but silence: a second checkpoint says the same.
    await speakInto(stream, silence);
    expect(await stream.checkpoint!()).toBe(soFar);
    await speakInto(stream, speakWithFlite(SENTENCES[1]!).samples);
    const final = await stream.finish();
    expect(final.startsWith(soFar)).toBe(true);
    expect(words(final)).toEqual(expect.arrayContaining([...KEYWORDS[0]!, ...KEYWORDS[1]!]));
  });

  it('answers a checkpoint asked for while the utterance waits for a decoder, once it has one', async () => {
    const stt = warm(1, 1);
    const first = stt.open(english);
    const second = stt.open(english);
    second.write(speakWithFlite(SENTENCES[1]!).samples);
    const soFar = second.checkpoint!();
    second.write(speakWithFlite(SENTENCES[2]!).samples);
    expect(second.isWaiting).toBe(true);
    first.abort();
    expect(words(await soFar)).toEqual(expect.arrayContaining(KEYWORDS[1]!));
    expect(words(await second.finish())).toEqual(expect.arrayContaining([...KEYWORDS[1]!, ...KEYWORDS[2]!]));
  });

  it('replaces a decoding process that crashes, and decodes its utterance again on the new one', async () => {
    const stt = warm(1, 2);
    const stream = stt.open(english);
    const [crashed] = stt.processIds();
    let heardSomething = false;
    stream.onPartial?.((text) => (heardSomething ||= text !== ''));
    await speakInto(stream, speakWithFlite(SENTENCES[2]!).samples);
    await expect.poll(() => heardSomething, { timeout: 20_000 }).toBe(true);
    process.kill(crashed!, 'SIGSEGV');
    expect(words(await stream.finish())).toEqual(expect.arrayContaining(KEYWORDS[2]!));
    const [replacement] = stt.processIds();
    expect(replacement).not.toBe(crashed);
    // The new process serves the next utterances too.
    const next = stt.open(english);
    next.write(speakWithFlite(SENTENCES[0]!).samples);
    expect(words(await next.finish())).toEqual(expect.arrayContaining(KEYWORDS[0]!));
  });

  it('hears an answer the same alone, after other speakers on the same decoder, and as a process of its own would', async () => {
    const answer = speakWithFlite('A race condition is when two threads change shared state and the timing decides the result.');
    const others = [speakWithFlite(SENTENCES[0]!, 'rms'), speakWithFlite(SENTENCES[1]!, 'awb'), speakWithFlite(SENTENCES[2]!, 'kal')];
    const heard = async (stt: SpeechToText, samples: Int16Array) => {
      const stream = stt.open(english);
      await speakInto(stream, samples);
      return stream.finish();
    };
    const alone = await heard(warm(1, 1), answer.samples);
    const shared = warm(1, 1);
    for (const other of others) await heard(shared, other.samples);
    const afterOthers = await heard(shared, answer.samples);
    const ownProcess = await heard(new PocketsphinxSpeechToText(), answer.samples);
    expect(words(alone)).toEqual(expect.arrayContaining(['two', 'threads']));
    expect(afterOthers).toBe(alone);
    expect(alone).toBe(ownProcess);
  });

  it('gives up, with a SpeechError, on decoding processes that die as they start instead of starting them forever', async () => {
    const broken = new WarmPocketsphinxSpeechToText({ processes: 1, maxStreams: 1, koffiPath: '/nonexistent/koffi/index.js' });
    opened.push(broken);
    const stream = broken.open(english);
    stream.write(speakWithFlite('hello').samples);
    await expect(stream.finish()).rejects.toThrow(/^pocketsphinx: the decoding process keeps dying \(exited with code 1/);
    expect(() => broken.open(english)).toThrow(/keeps dying/);
    expect(broken.processIds()).toHaveLength(1);
  });

  it('falls back to a process per utterance when the library cannot be loaded', () => {
    expect(WarmPocketsphinxSpeechToText.missing('/nonexistent/koffi/index.js')).toMatch(/cannot be loaded through koffi/);
    const speech = createSpeech(loadConfig({ STT_DECODERS: '2' }), { koffiPath: '/nonexistent/koffi/index.js' });
    expect(speech.notes.join('\n')).toMatch(/one process per utterance/);
    expect(speech.stt.name).toBe('pocketsphinx');
    const normal = createSpeech(loadConfig({ STT_DECODERS: '2' }));
    expect(normal.notes).toEqual([]);
    void speech.close();
    void normal.close();
    expect(PocketsphinxSpeechToText.missing()).toBeNull();
  });
});
