// Real test speech: Debian's flite speaks a sentence (PocketSphinx hears its
// "slt" voice far better than eSpeak's), as 16 kHz PCM ready for a recogniser.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CANDIDATE_SAMPLE_RATE, decodeWav, resample, type PcmAudio } from '../../src/speech/audio.js';

export function speakWithFlite(text: string, voice = 'slt'): PcmAudio {
  // flite seeks back to finish the header, so it writes a file, not a pipe.
  const dir = mkdtempSync(join(tmpdir(), 'flite-'));
  try {
    const file = join(dir, 'speech.wav');
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', file]);
    return resample(decodeWav(readFileSync(file)), CANDIDATE_SAMPLE_RATE);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A WAV for Chromium's fake microphone (which loops it): flite speaks the text, at 16 kHz, with
 * `beforeSeconds` of silence before and `afterSeconds` after (for the VAD to close the turn).
 */
export function fakeMicrophoneWav(dir: string, text: string, pad: { beforeSeconds?: number; afterSeconds: number }): string {
  const spoken = join(dir, 'spoken.wav');
  const wav = join(dir, 'microphone.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', spoken]);
  execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', String(pad.beforeSeconds ?? 0), String(pad.afterSeconds)]);
  return wav;
}

/** Interview-style answers the recogniser tests and the STT benchmark speak. */
export const SPOKEN_ANSWERS: readonly string[] = [
  'I have five years of experience building web services.',
  'In my last job I led a team of four engineers.',
  'We moved the billing system to a new database without any downtime.',
  'I would start by talking to the customer to understand the problem.',
  'My biggest strength is that I stay calm when things go wrong.',
  'I am looking for a role where I can learn and grow with the team.',
];
