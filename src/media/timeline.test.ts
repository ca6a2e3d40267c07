import { describe, expect, it } from 'vitest';
import { buildTimeline, estimateSpeechMs, toSecondsRange } from './timeline.js';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');

describe('the recording timeline', () => {
  it('places the interviewer at its entry time and the answer from the end of the question to the moment it was taken', () => {
    const timeline = buildTimeline({
      startMs: T0,
      sessionEndMs: T0 + 30_000,
      entries: [
        { seq: 1, role: 'assistant', atMs: T0 + 500 },
        { seq: 2, role: 'user', atMs: T0 + 12_000 },
        { seq: 3, role: 'assistant', atMs: T0 + 12_300 },
      ],
      speechMs: new Map([
        [1, 4_000],
        [3, 5_000],
      ]),
      candidate: [],
    });
    expect(timeline.entries).toEqual([
      { seq: 1, role: 'assistant', beginMs: 500, endMs: 4_500 },
      { seq: 2, role: 'user', beginMs: 4_500, endMs: 12_000 },
      { seq: 3, role: 'assistant', beginMs: 12_300, endMs: 17_300 },
    ]);
    expect(timeline.durationMs).toBe(30_000);
  });

  it('never lets the interviewer talk over itself: a second utterance waits for the first', () => {
    const timeline = buildTimeline({
      startMs: T0,
      sessionEndMs: null,
      entries: [
        { seq: 1, role: 'assistant', atMs: T0 },
        { seq: 2, role: 'assistant', atMs: T0 + 100 },
      ],
      speechMs: new Map([
        [1, 3_000],
        [2, 2_000],
      ]),
      candidate: [],
    });
    expect(timeline.entries.map((e) => [e.beginMs, e.endMs])).toEqual([
      [0, 3_000],
      [3_000, 5_000],
    ]);
    expect(timeline.durationMs).toBe(5_000);
  });

  it('lasts until the last sound when that is after the recorded session end, and ignores time before consent', () => {
    const timeline = buildTimeline({
      startMs: T0,
      sessionEndMs: T0 + 1_000,
      entries: [{ seq: 1, role: 'assistant', atMs: T0 - 5_000 }],
      speechMs: new Map([[1, 2_000]]),
      candidate: [{ startMs: T0 + 2_500, durationMs: 1_500 }],
    });
    expect(timeline.entries[0]).toMatchObject({ beginMs: 0, endMs: 2_000 });
    expect(timeline.durationMs).toBe(4_000);
  });

  it('video_time seconds cover the sound and stay within the recording', () => {
    expect(toSecondsRange({ seq: 1, role: 'user', beginMs: 4_500, endMs: 12_001 }, 30_000)).toEqual({ begin: 4, end: 13 });
    expect(toSecondsRange({ seq: 1, role: 'user', beginMs: 29_900, endMs: 31_000 }, 30_000)).toEqual({ begin: 29, end: 30 });
    expect(estimateSpeechMs('one two three four five')).toBe(2_000);
  });
});
