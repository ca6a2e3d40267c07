import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FakeTextToSpeech } from '../../../test/helpers/voice-fakes.js';
import { ENGLISH } from '../../languages/index.js';
import type { ServerEvent } from '../protocol.js';
import { VoiceSpeaker } from './voice-speaker.js';

function setup() {
  const events: ServerEvent[] = [];
  const missed: string[] = [];
  const clock = { now: 0 };
  let frames = 0;
  const speaker = new VoiceSpeaker(new FakeTextToSpeech(1_000), {
    event: (event) => events.push(event),
    audio: () => (frames += 1),
    firstFrame: () => {},
    failed: () => {},
    missed: (line) => missed.push(line),
    now: () => clock.now,
  });
  return { speaker, events, missed, clock, frames: () => frames };
}

describe('the interviewer’s voice', () => {
  it('without playback reports, counts an utterance as playing for its duration plus the page’s slack', async () => {
    const { speaker, clock } = setup();
    speaker.speak('One sentence.', 'q1', ENGLISH);
    await speaker.drained();
    expect(speaker.isPlaying()).toBe(true);
    clock.now = 1_299;
    expect(speaker.isPlaying()).toBe(true);
    clock.now = 1_300;
    expect(speaker.isPlaying()).toBe(false);
    expect(speaker.stop('barge_in')).toBe(false);
  });

  it('once the page reports, its reports decide what is playing', async () => {
    const { speaker, clock } = setup();
    speaker.speak('One sentence.', 'q1', ENGLISH);
    await speaker.drained();
    speaker.onPlayback('a1', 'started');
    clock.now = 5_000;
    expect(speaker.isPlaying()).toBe(true);
    speaker.onPlayback('a1', 'ended');
    expect(speaker.isPlaying()).toBe(false);
  });

  it('a stream the candidate did not hear to its end becomes one line for the interview log', async () => {
    const { speaker, missed } = setup();
    speaker.speak('Hello and welcome. Thank you for coming.', 'greeting', ENGLISH);
    await speaker.drained();
    speaker.onPlayed('a1', 1_400, 'barge_in');
    speaker.onPlayed('a1', 1_400, 'barge_in');
    expect(missed).toEqual([
      'the candidate heard 1.4 s of 2.0 s of the interviewer\'s "Hello and welcome. Thank you for coming." (barge_in)',
    ]);
  });

  it('stop tells the page which streams to stop and drops what was queued', async () => {
    const { speaker, events, frames } = setup();
    speaker.speak('First.', 'q1', ENGLISH);
    await speaker.drained();
    speaker.speak('Second.', 'q2', ENGLISH);
    expect(speaker.stop('repeat')).toBe(true);
    await speaker.drained();
    expect(events.filter((e) => e.type === 'stop_audio')).toEqual([{ type: 'stop_audio', id: 'a1', reason: 'repeat' }]);
    expect(events.filter((e) => e.type === 'audio_start')).toHaveLength(1);
    expect(frames()).toBe(10);
  });

  it('a long interview of prepared replies holds no audio after it is played (no listener per reply until a barge-in)', async () => {
    const { speaker } = setup();
    for (let turn = 1; turn <= 50; turn++) {
      const text = `Reply number ${turn}.`;
      speaker.prepare(text, ENGLISH);
      speaker.speak(text, `q${turn}`, ENGLISH);
      await speaker.drained();
    }
    const { signal } = (speaker as unknown as { abort: AbortController }).abort;
    expect(getEventListeners(signal, 'abort').length).toBeLessThanOrEqual(1);
  });
});
