import { describe, expect, it } from 'vitest';
import { TestClock, TestScheduler } from '../../../test/helpers/test-clock.js';
import { languageFor } from '../../languages/index.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';
import { MAX_WAIT_AFTER_TURN_MS, TenantLimitedSpeechToText } from './tenant-limited.js';

/** The test twin of a recogniser: an utterance is heard as the number of samples written to it, once finished. */
class CountingRecogniser implements SpeechToText {
  readonly name = 'counting';
  opened = 0;
  finishing = 0;

  constructor(
    readonly decodesAtFinish = false,
    /** Its streams have checkpoint(): the samples so far. */
    readonly checkpoints = false,
  ) {}

  open(): RecognitionStream {
    this.opened += 1;
    let samples = 0;
    const stream: RecognitionStream = {
      write: (chunk) => (samples += chunk.length),
      finish: async () => {
        this.finishing += 1;
        return String(samples);
      },
      abort: () => {},
    };
    if (this.checkpoints) stream.checkpoint = async () => String(samples);
    return stream;
  }
  supports(): boolean {
    return true;
  }
  async close(): Promise<void> {}
}

const english = languageFor(1);
const audio = (samples: number) => new Int16Array(samples);

describe('TenantLimitedSpeechToText', () => {
  it("makes a tenant past its share wait, in order and with its audio kept, while other tenants still get recognisers, up to the node's", async () => {
    const inner = new CountingRecogniser();
    const stt = new TenantLimitedSpeechToText(inner, { maxConcurrent: 3, maxConcurrentPerTenant: 2 });
    const a1 = stt.open(english, { tenant: 'user:a' });
    const a2 = stt.open(english, { tenant: 'user:a' });
    const a3 = stt.open(english, { tenant: 'user:a' });
    const b1 = stt.open(english, { tenant: 'user:b' });
    const c1 = stt.open(english, { tenant: 'user:c' });
    expect([a1, a2, a3, b1, c1].map((stream) => stream.isWaiting)).toEqual([false, false, true, false, true]);
    expect(inner.opened).toBe(3);
    a3.write(audio(160));
    c1.write(audio(320));
    // a1 finishing frees a slot of the node and of tenant a: a3 was first in line.
    expect(await a1.finish()).toBe('0');
    expect(a3.isWaiting).toBe(false);
    expect(c1.isWaiting).toBe(true);
    a3.write(audio(40));
    expect(await a3.finish()).toBe('200');
    // Tenant a is at its share again (a2); b's abort frees the slot c waited for.
    b1.abort();
    b1.abort();
    expect(await c1.finish()).toBe('320');
    a2.abort();
  });

  it('offers checkpoints where the recogniser has them, answered in order with the audio even while the utterance waits for a slot', async () => {
    const without = new TenantLimitedSpeechToText(new CountingRecogniser(), { maxConcurrent: 1, maxConcurrentPerTenant: 1 });
    expect(typeof without.open(english).checkpoint).toBe('undefined');
    const stt = new TenantLimitedSpeechToText(new CountingRecogniser(false, true), { maxConcurrent: 1, maxConcurrentPerTenant: 1 });
    const first = stt.open(english);
    const second = stt.open(english);
    second.write(audio(160));
    const soFar = second.checkpoint!();
    second.write(audio(40));
    expect(second.isWaiting).toBe(true);
    first.abort();
    expect(await soFar).toBe('160');
    expect(await second.checkpoint!()).toBe('200');
    expect(await second.finish()).toBe('200');
  });

  it('passes over a tenant at its share, so a later tenant is not held up behind it', () => {
    const stt = new TenantLimitedSpeechToText(new CountingRecogniser(), { maxConcurrent: 2, maxConcurrentPerTenant: 1 });
    stt.open(english, { tenant: 'user:a' });
    const a2 = stt.open(english, { tenant: 'user:a' });
    const b1 = stt.open(english, { tenant: 'user:b' });
    expect(a2.isWaiting).toBe(true);
    expect(b1.isWaiting).toBe(false);
  });

  it('asks the candidate to type (a SpeechError) when the turn has ended and no recogniser freed in time, on the Scheduler', async () => {
    const scheduler = new TestScheduler(new TestClock());
    const stt = new TenantLimitedSpeechToText(new CountingRecogniser(), { maxConcurrent: 1, maxConcurrentPerTenant: 1 }, scheduler);
    const held = stt.open(english);
    const waiting = stt.open(english);
    let outcome: unknown = null;
    waiting.finish().catch((error: unknown) => (outcome = error));
    await scheduler.advance(MAX_WAIT_AFTER_TURN_MS - 1);
    expect(outcome).toBeNull();
    await scheduler.advance(1);
    expect(String(outcome)).toMatch(/counting: every recogniser of this node stayed busy for 5 s$/);
    // It left the line: the next free slot goes to a newer utterance.
    const later = stt.open(english);
    held.abort();
    expect(later.isWaiting).toBe(false);
  });

  it('holds a slot only for the request of a recogniser that decodes at finish (a remote server), not while the candidate speaks', async () => {
    const inner = new CountingRecogniser(true);
    const stt = new TenantLimitedSpeechToText(inner, { maxConcurrent: 1, maxConcurrentPerTenant: 1 });
    const streams = Array.from({ length: 5 }, () => stt.open(english));
    expect(streams.some((stream) => stream.isWaiting)).toBe(false);
    for (const [i, stream] of streams.entries()) stream.write(audio(i + 1));
    expect(await Promise.all(streams.map((stream) => stream.finish()))).toEqual(['1', '2', '3', '4', '5']);
    expect(inner.finishing).toBe(5);
  });

  it('a granted utterance still waits while the recogniser behind the bound has no free decoder', () => {
    let innerWaiting = true;
    const inner: SpeechToText = {
      name: 'busy',
      open: () => ({
        write: () => {},
        finish: async () => '',
        abort: () => {},
        get isWaiting() {
          return innerWaiting;
        },
      }),
      supports: () => true,
      close: async () => {},
    };
    const stream = new TenantLimitedSpeechToText(inner, { maxConcurrent: 2, maxConcurrentPerTenant: 2 }).open(english);
    expect(stream.isWaiting).toBe(true);
    innerWaiting = false;
    expect(stream.isWaiting).toBe(false);
  });
});
