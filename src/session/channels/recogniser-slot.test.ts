import { describe, expect, it } from 'vitest';
import { FakeSpeechToText, type FakeStream } from '../../../test/helpers/voice-fakes.js';
import { ENGLISH } from '../../languages/index.js';
import { RecogniserSlot } from './recogniser-slot.js';

/** Slow decoding: each stream's finish() waits until the test resolves it (`decoding`, in order). */
function setup(options: { maxWaitingSamples?: number } = {}) {
  const decoding: ((text: string) => void)[] = [];
  const stt = new FakeSpeechToText(() => new Promise<string>((resolve) => decoding.push(resolve)));
  const said = { failed: [] as unknown[], waiting: 0, overflowed: 0 };
  const slot = new RecogniserSlot(
    stt,
    { failed: (error) => said.failed.push(error), waiting: () => (said.waiting += 1), overflowed: () => (said.overflowed += 1) },
    options.maxWaitingSamples,
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { stt, slot, said, decoding, settle };
}

const samples = (n: number) => new Int16Array(n).fill(1);

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

  it('keeps at most the bound of waiting audio, says so once per utterance, and recognises what it kept', async () => {
    const { slot, stt, said, decoding, settle } = setup({ maxWaitingSamples: 1_000 });
    void slot.open(ENGLISH, 'user:a')!.finish();
    const second = slot.open(ENGLISH, 'user:a')!;
    second.write(samples(800));
    second.write(samples(400));
    second.write(samples(400));
    expect(said.overflowed).toBe(1);
    const third = slot.open(ENGLISH, 'user:a')!;
    // The bound is for the whole line: the second utterance holds most of it.
    third.write(samples(300));
    expect(said.overflowed).toBe(2);
    third.write(samples(200));
    decoding[0]!('one');
    void second.finish();
    await settle();
    expect(stt.streams[1]!.written).toBe(800);
    // Handed over, the second's audio no longer counts against the line.
    third.write(samples(700));
    expect(said.overflowed).toBe(2);
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
