// npx tsx bench/media/resample.ts [--seconds 10] [--rounds 9]
// The resampler's cost per second of audio for the rate pairs a node meets:
// synthesizers' output to the recording's 16 kHz (eSpeak NG 22.05 kHz, 24 and
// 48 kHz hosted voices), and a pair with no short period (computed tap by tap).
// Prints the median of `--rounds` runs, after one warm-up run per pair. Run it
// from two checkouts to compare: the figures are CPU time on the main thread.

import { availableParallelism, loadavg } from 'node:os';
import { benchArgs, countArg, numberArg } from '../cli-args.js';
import { resample } from '../../src/speech/audio.js';

const values = benchArgs('npx tsx bench/media/resample.ts', {
  seconds: { type: 'string', default: '10', help: 'seconds of audio per run' },
  rounds: { type: 'string', default: '9', help: 'runs per rate pair (the median is printed)' },
});
const SECONDS = numberArg('seconds', values.seconds, 0.1);
const ROUNDS = countArg('rounds', values.rounds, 1);
const PAIRS: readonly [number, number][] = [
  [22_050, 16_000],
  [24_000, 16_000],
  [48_000, 16_000],
  [16_000, 48_000],
  [44_101, 16_000],
];

/** Speech-like test audio: two tones and noise, deterministic. */
function audioAt(sampleRate: number): Int16Array {
  const samples = new Int16Array(sampleRate * SECONDS);
  let seed = 1;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    samples[i] = Math.round(
      8_000 * Math.sin((2 * Math.PI * 220 * i) / sampleRate) +
        4_000 * Math.sin((2 * Math.PI * 3_100 * i) / sampleRate) +
        (seed / 2 ** 31 - 0.5) * 3_000,
    );
  }
  return samples;
}

console.log(
  `Load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores, Node ${process.version}`,
);
console.log('| from Hz | to Hz | ms per audio second (median) |\n|---:|---:|---:|');
for (const [from, to] of PAIRS) {
  const samples = audioAt(from);
  resample({ sampleRate: from, samples }, to);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    resample({ sampleRate: from, samples }, to);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${from} | ${to} | ${(times[Math.floor(ROUNDS / 2)]! / SECONDS).toFixed(2)} |`);
}
