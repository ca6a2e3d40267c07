import { describe, expect, it } from 'vitest';
import { hearingSummary } from './simulate-voice.js';

describe('the voice simulation summary', () => {
  it('counts a misheard answer as misheard, not as heard, beside the unheard and the unscored', () => {
    const summary = hearingSummary([
      { spoken: 'I am a backend engineer.', heard: 'i am a backend engineer', wordErrorRate: 0 },
      // eSpeak NG's "No, thank you. I have no questions." as PocketSphinx heard it.
      { spoken: 'No, thank you. I have no questions.', heard: 'q do you', wordErrorRate: 6 / 7 },
      { spoken: 'Two threads race.', heard: '', wordErrorRate: 1 },
      { spoken: 'answer-4.wav', heard: 'something', wordErrorRate: null },
    ]);
    expect(summary).toBe(
      '4 answer(s): 1 heard, 1 misheard (half or more of the words wrong), 1 not heard, 1 from WAV files heard (not scored); ' +
        'word error rate 60 % over 15 spoken words',
    );
  });
});
