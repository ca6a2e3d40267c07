import { describe, expect, it } from 'vitest';
import { FakeSpeechToText } from '../../../test/helpers/voice-fakes.js';
import { ENGLISH } from '../../languages/index.js';
import { RecogniserSlot } from './recogniser-slot.js';

function setup() {
  const stt = new FakeSpeechToText();
  const said = { failed: [] as unknown[], busy: 0 };
  const slot = new RecogniserSlot(stt, { failed: (error) => said.failed.push(error), busy: () => (said.busy += 1) });
  return { stt, slot, said };
}

describe('the one recogniser of a voice session', () => {
  it('opens no second stream while the first is still decoding, and is free again once it has finished', async () => {
    const { slot, stt, said } = setup();
    const first = slot.open(ENGLISH, 'user:a')!;
    expect(slot.open(ENGLISH, 'user:a')).toBeNull();
    expect(said.busy).toBe(1);
    await first.finish();
    expect(slot.open(ENGLISH, 'user:a')).not.toBeNull();
    expect(stt.tenants).toEqual(['user:a', 'user:a']);
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
});
