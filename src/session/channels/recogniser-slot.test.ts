import { describe, expect, it } from 'vitest';
import { FakeSpeechToText, type FakeStream } from '../../../test/helpers/voice-fakes.js';
import { ENGLISH } from '../../languages/index.js';
import { MAX_WAITING, RecogniserSlot } from './recogniser-slot.js';

/** Slow decoding: each stream's finish() waits until the test resolves it (`decoding`, in order). */
function setup(options: { maxWaitingSamples?: number } = {}) {
  const decoding: ((text: string) => void)[] = [];
  const stt = new FakeSpeechToText(() => new Promise<string>((resolve) => decoding.push(resolve)));
  const said = { failed: [] as unknown[], waiting: 0, overflowed: 0, full: 0 };
  const slot = new RecogniserSlot(
    stt,
    {
      failed: (error) => said.failed.push(error),
      waiting: () => (said.waiting += 1),
      overflowed: () => (said.overflowed += 1),
      full: () => (said.full += 1),
    },
    options.maxWaitingSamples,
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { stt, slot, said, decoding, settle };
}

const samples = (n: number, value = 1) => new Int16Array(n).fill(value);

describe('the one recogniser of a voice session', () => {
  it('opens no second stream while the first is still decoding: the next utterance waits, its audio kept, and is decoded once the first is done', async () => {
    const { slot, stt, said, decoding, settle } = setup();
    const first = slot.open(ENGLISH, 'user:a')!;
    first.write(samples(100));
    const firstText = first.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    second.write(samples(300));
    second.write(samples(200));
    const secondText = second.finish();
    expect(said.waiting).toBe(1);
    // One recogniser at a time: the second has not been opened.
    expect(stt.streams).toHaveLength(1);
    decoding[0]!('i build services');
    expect(await firstText).toBe('i build services');
    await settle();
    expect(stt.streams).toHaveLength(2);
    const opened: FakeStream = stt.streams[1]!;
    expect(opened.written).toBe(500);
    expect(opened.state).toBe('finished');
    decoding[1]!('and lead a team');
    expect(await secondText).toBe('and lead a team');
    expect(stt.tenants).toEqual(['user:a', 'user:a']);
  });

  it('utterances waiting in line are opened in the order they started, one at a time; an abandoned one leaves the line', async () => {
    const { slot, stt, decoding, settle } = setup();
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    const dropped = slot.open(ENGLISH, 'user:a')!;
    const third = slot.open(ENGLISH, 'user:a')!;
    for (const waiting of [second, dropped, third]) waiting.write(samples(10));
    const secondText = second.finish();
    const thirdText = third.finish();
    dropped.abort();
    await expect(dropped.finish()).rejects.toThrow(/abort/i);
    decoding[0]!('one');
    await settle();
    expect(stt.streams).toHaveLength(2);
    decoding[1]!('two');
    expect(await secondText).toBe('two');
    await settle();
    expect(stt.streams).toHaveLength(3);
    decoding[2]!('three');
    expect(await thirdText).toBe('three');
  });

  it('a waiting utterance that goes on after it was opened is fed straight through, with its partial results', async () => {
    const { slot, stt, decoding, settle } = setup();
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    const partials: string[] = [];
    second.onPartial?.((text) => partials.push(text));
    second.write(samples(100));
    decoding[0]!('one');
    await settle();
    second.write(samples(50));
    expect(stt.streams[1]!.written).toBe(150);
    stt.streams[1]!.partial('and');
    expect(partials).toEqual(['and']);
  });

  it('keeps at most the bound of waiting audio, says so once until the line is empty, and recognises what it kept', async () => {
    const { slot, stt, said, decoding, settle } = setup({ maxWaitingSamples: 1_000 });
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    second.write(samples(800));
    second.write(samples(400));
    second.write(samples(400));
    expect(said.overflowed).toBe(1);
    const third = slot.open(ENGLISH, 'user:a')!;
    // The bound is for the whole line: the second utterance holds most of it.
    third.write(samples(100));
    third.write(samples(300));
    expect(said.overflowed).toBe(1);
    decoding[0]!('one');
    void second.finish();
    await settle();
    expect(stt.streams[1]!.written).toBe(800);
    const fourth = slot.open(ENGLISH, 'user:a')!;
    // Handed over, the second's audio no longer counts against the line, but the third keeps nothing
    // after its overflow: no hole in the middle of its words.
    third.write(samples(200));
    fourth.write(samples(700));
    void third.finish();
    decoding[1]!('two');
    await settle();
    expect(stt.streams[2]!.written).toBe(100);
    expect(said.overflowed).toBe(1);
    // The line emptied: the next episode is told again.
    decoding[2]!('three');
    await settle();
    const fifth = slot.open(ENGLISH, 'user:a')!;
    fifth.write(samples(1_200));
    expect(said.overflowed).toBe(2);
  });

  it('an utterance that overflows keeps nothing after, even once room frees (no hole in the middle)', async () => {
    const { slot, stt, decoding, settle } = setup({ maxWaitingSamples: 100 });
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    second.write(samples(60, 1));
    const third = slot.open(ENGLISH, 'user:a')!;
    third.write(samples(20, 2));
    third.write(samples(40, 3));
    decoding[0]!('one');
    await settle();
    // The second is handed over: its 60 samples are free again.
    third.write(samples(40, 4));
    const thirdText = third.finish();
    void second.finish();
    decoding[1]!('two');
    await settle();
    decoding[2]!('three');
    expect(await thirdText).toBe('three');
    expect(stt.streams[2]!.written).toBe(20);
  });

  it('lets at most MAX_WAITING utterances wait: past it, none is opened, and the session is told once until the line is empty', async () => {
    const { slot, stt, said, decoding, settle } = setup();
    void slot.open(ENGLISH, 'user:a')!.finish();
    const waiting = Array.from({ length: MAX_WAITING }, () => slot.open(ENGLISH, 'user:a')!);
    expect(waiting.every((stream) => stream !== null)).toBe(true);
    expect(slot.open(ENGLISH, 'user:a')).toBeNull();
    expect(slot.open(ENGLISH, 'user:a')).toBeNull();
    expect(said.full).toBe(1);
    expect(said.failed).toEqual([]);
    for (const stream of waiting) stream.write(samples(10));
    const texts = waiting.map((stream) => stream.finish());
    for (let i = 0; i <= MAX_WAITING; i++) {
      decoding[i]!(`t${i}`);
      await settle();
    }
    expect(await Promise.all(texts)).toEqual(['t1', 't2', 't3']);
    expect(stt.streams).toHaveLength(1 + MAX_WAITING);
    void slot.open(ENGLISH, 'user:a')!.finish();
    for (let i = 0; i <= MAX_WAITING; i++) slot.open(ENGLISH, 'user:a');
    expect(said.full).toBe(2);
  });

  it('a waiting utterance that kept no audio finishes with no words, without opening a recogniser', async () => {
    const { slot, stt, decoding, settle } = setup({ maxWaitingSamples: 100 });
    void slot.open(ENGLISH, 'user:a')!.finish();
    const silent = slot.open(ENGLISH, 'user:a')!;
    const silentText = silent.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    second.write(samples(100));
    const overflowed = slot.open(ENGLISH, 'user:a')!;
    overflowed.write(samples(10));
    decoding[0]!('one');
    expect(await silentText).toBe('');
    await settle();
    // The silent one opened nothing: the second has the recogniser.
    expect(stt.streams).toHaveLength(2);
    expect(stt.streams[1]!.written).toBe(100);
    const overflowedText = overflowed.finish();
    void second.finish();
    decoding[1]!('two');
    expect(await overflowedText).toBe('');
    await settle();
    expect(stt.streams).toHaveLength(2);
    expect(slot.isTaken).toBe(false);
  });

  it('a recogniser that breaks while the waiting audio is handed over frees the slot, and the turn fails at its finish', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (error: unknown) => unhandled.push(error);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { slot, stt, decoding, settle } = setup();
      void slot.open(ENGLISH, 'user:a')!.finish();
      const second = slot.open(ENGLISH, 'user:a')!;
      second.write(samples(10));
      const secondText = second.finish();
      const third = slot.open(ENGLISH, 'user:a')!;
      third.write(samples(10));
      const thirdText = third.finish();
      const open = stt.open.bind(stt);
      stt.open = (...args) => {
        stt.open = open;
        const stream = open(...args);
        stream.write = () => {
          throw new Error('EPIPE');
        };
        return stream;
      };
      decoding[0]!('one');
      await expect(secondText).rejects.toThrow('EPIPE');
      expect(stt.streams[1]!.state).toBe('aborted');
      await settle();
      // The next in line has the recogniser.
      expect(stt.streams).toHaveLength(3);
      decoding[1]!('three');
      expect(await thirdText).toBe('three');
      await settle();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('is free again at once after an abort', () => {
    const { slot } = setup();
    slot.open(ENGLISH, 'user:a')!.abort();
    expect(slot.isTaken).toBe(false);
  });

  it('a recogniser that refuses (at capacity) is reported and leaves the slot free', () => {
    const { slot, stt, said } = setup();
    stt.refuse = new Error('at capacity');
    expect(slot.open(ENGLISH, 'user:a')).toBeNull();
    expect(said.failed).toEqual([stt.refuse]);
    expect(slot.isTaken).toBe(false);
  });

  it('a waiting utterance whose recogniser refuses fails at its finish, and the next in line is opened', async () => {
    const { slot, stt, decoding } = setup();
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    const third = slot.open(ENGLISH, 'user:a')!;
    second.write(samples(10));
    third.write(samples(10));
    const secondText = second.finish();
    const open = stt.open.bind(stt);
    stt.open = () => {
      stt.open = open;
      throw new Error('at capacity');
    };
    decoding[0]!('one');
    await expect(secondText).rejects.toThrow('at capacity');
    expect(stt.streams).toHaveLength(2);
    const thirdText = third.finish();
    decoding[1]!('three');
    expect(await thirdText).toBe('three');
  });

  it('drops the utterances still waiting when the session ends', async () => {
    const { slot, stt, decoding, settle } = setup();
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    const secondText = second.finish();
    slot.dropWaiting();
    await expect(secondText).rejects.toThrow(/abort/i);
    decoding[0]!('one');
    await settle();
    expect(stt.streams).toHaveLength(1);
    expect(slot.isTaken).toBe(false);
  });
});
