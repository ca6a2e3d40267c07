// Warm PocketSphinx's decoder arguments, measured: for each candidate set, the
// decoder's CPU per second of audio and the word error rate on the same
// recordings as `bench:voice:stt` (the real JFK sample, the six interview
// answers in five synthetic voices) and on the four flite answers that
// `bench:voice` speaks. Whole utterances, one warm decoding process per
// candidate; the candidates take turns recording by recording, so a change in
// the machine's load falls on all of them alike.
//
// CPU is the decoding process's own (user + system, /proc/<pid>/stat), from
// after a first utterance (the model loaded) to the end: what the process
// costs a core while it keeps up with live audio, whatever else runs.
//
//   npm run bench:voice:args
//   npm run bench:voice:args -- --candidates 0,3      # by index in CANDIDATES
//
// Prints a Markdown table; nothing is asserted.

import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { argError, benchArgs, countListArg } from '../cli-args.js';
import { languageByTag } from '../../src/languages/index.js';
import { CANDIDATE_SAMPLE_RATE, pcmDurationMs, type PcmAudio } from '../../src/speech/audio.js';
import { POCKETSPHINX_SPEED_ARGS } from '../../src/speech/stt/pocketsphinx.js';
import { WarmPocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx-warm.js';
import { wordErrors, words } from '../../src/speech/word-error-rate.js';
import { speakWithFlite } from '../../test/helpers/speech.js';
import { realRecordingSets, syntheticRecordingSets, VOICE_BENCH_ANSWERS, type RecordingSet } from './recordings.js';

/** Library defaults are what `pocketsphinx_continuous` prints; every set below is on top of them. */
const CANDIDATES: [string, string[]][] = [
  ['library defaults', []],
  ['the default now', [...POCKETSPHINX_SPEED_ARGS]],
  ['-maxhmmpf 3000', ['-maxhmmpf', '3000']],
  ['-maxhmmpf 2000', ['-maxhmmpf', '2000']],
  ['-maxhmmpf 1500', ['-maxhmmpf', '1500']],
  ['-topn 2', ['-topn', '2']],
  ['-lpbeam 1e-30 -lponlybeam 1e-20', ['-lpbeam', '1e-30', '-lponlybeam', '1e-20']],
  ['-maxhmmpf 2000 -lpbeam 1e-30 -lponlybeam 1e-20', ['-maxhmmpf', '2000', '-lpbeam', '1e-30', '-lponlybeam', '1e-20']],
  ['-maxhmmpf 2000 -topn 2 -wbeam 1e-20', ['-maxhmmpf', '2000', '-topn', '2', '-wbeam', '1e-20']],
  ['-beam 1e-40 -pbeam 1e-40', ['-beam', '1e-40', '-pbeam', '1e-40']],
  ['-ds 2', ['-ds', '2']],
  ['-fwdflat no -bestpath no', ['-fwdflat', 'no', '-bestpath', 'no']],
  // Second round (indices 12-): -topn 2 cost no accuracy above, so it is the base.
  ['-topn 2 -maxhmmpf 3000', ['-topn', '2', '-maxhmmpf', '3000']],
  ['-topn 2 -maxhmmpf 2000', ['-topn', '2', '-maxhmmpf', '2000']],
  [
    '-topn 2 -maxhmmpf 3000 -fwdflatefwid 2 -fwdflatsfwin 10',
    ['-topn', '2', '-maxhmmpf', '3000', '-fwdflatefwid', '2', '-fwdflatsfwin', '10'],
  ],
  [
    '-topn 2 -maxhmmpf 3000 -fwdflatbeam 1e-40 -fwdflatwbeam 1e-20',
    ['-topn', '2', '-maxhmmpf', '3000', '-fwdflatbeam', '1e-40', '-fwdflatwbeam', '1e-20'],
  ],
  ['-topn 2 -maxhmmpf 3000 -wbeam 1e-20', ['-topn', '2', '-maxhmmpf', '3000', '-wbeam', '1e-20']],
  ['-topn 2 -pl_window 3', ['-topn', '2', '-pl_window', '3']],
  ['-topn 2 -pl_window 8 -maxhmmpf 3000', ['-topn', '2', '-pl_window', '8', '-maxhmmpf', '3000']],
  ['-topn 2 -maxhmmpf 3000 -lponlybeam 1e-20', ['-topn', '2', '-maxhmmpf', '3000', '-lponlybeam', '1e-20']],
  // Third round (indices 20-).
  ['-topn 2 -maxhmmpf 3000 -pl_window 3', ['-topn', '2', '-maxhmmpf', '3000', '-pl_window', '3']],
  ['-topn 2 -maxhmmpf 3000 -pl_window 3 -lponlybeam 1e-20', ['-topn', '2', '-maxhmmpf', '3000', '-pl_window', '3', '-lponlybeam', '1e-20']],
];

const flags = benchArgs('npm run bench:voice:args', {
  candidates: {
    type: 'string',
    default: '',
    help: `which argument sets, by index 0..${CANDIDATES.length - 1}, comma-separated (none: all)`,
  },
});
const chosen = flags.candidates
  ? countListArg('candidates', flags.candidates).map((i) => CANDIDATES[i] ?? argError(`--candidates: there is no set ${i}`))
  : CANDIDATES;
const english = languageByTag('en')!;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function hear(stt: WarmPocketsphinxSpeechToText, audio: PcmAudio): Promise<string> {
  const stream = stt.open(english);
  stream.write(audio.samples);
  return stream.finish();
}

interface Tally {
  errors: Map<string, number>;
  cpu: number;
  wall: number;
}

async function main(): Promise<void> {
  const notes: string[] = [];
  const sets: RecordingSet[] = [
    ...realRecordingSets((line) => notes.push(line)),
    ...syntheticRecordingSets(),
    {
      name: 'bench:voice answers (flite `slt`)',
      kind: 'synthetic',
      recordings: VOICE_BENCH_ANSWERS.map((text) => ({ text, audio: speakWithFlite(text) })),
    },
  ];
  const audioSeconds = sets.flatMap((set) => set.recordings).reduce((sum, r) => sum + pcmDurationMs(r.audio) / 1000, 0);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`Load average at start: ${load()} on ${availableParallelism()} cores; ${audioSeconds.toFixed(1)} s of audio per candidate\n`);

  const runs = chosen.map(([name, args]) => ({
    name,
    stt: new WarmPocketsphinxSpeechToText({ processes: 1, maxStreams: 1, extraArgs: args }),
    tally: { errors: new Map<string, number>(), cpu: 0, wall: 0 },
  }));
  const silence: PcmAudio = { sampleRate: CANDIDATE_SAMPLE_RATE, samples: new Int16Array(CANDIDATE_SAMPLE_RATE) };
  for (const run of runs) await hear(run.stt, silence); // the model loaded, outside the figures
  for (const set of sets)
    for (const recording of set.recordings)
      for (const run of runs) {
        const pid = run.stt.processIds()[0]!;
        const cpuBefore = cpuSeconds(pid);
        const started = performance.now();
        const heard = await hear(run.stt, recording.audio);
        run.tally.wall += (performance.now() - started) / 1000;
        run.tally.cpu += cpuSeconds(pid) - cpuBefore;
        run.tally.errors.set(set.name, (run.tally.errors.get(set.name) ?? 0) + wordErrors(recording.text, heard));
      }
  for (const run of runs) await run.stt.close();

  const totalWords = (filter: (set: RecordingSet) => boolean) =>
    sets.filter(filter).reduce((sum, set) => sum + set.recordings.reduce((n, r) => n + words(r.text).length, 0), 0);
  const errorsOf = (tally: Tally, filter: (set: RecordingSet) => boolean) =>
    sets.filter(filter).reduce((sum, set) => sum + tally.errors.get(set.name)!, 0);
  const percent = (errors: number, of: number) => `${((errors / of) * 100).toFixed(1)} %`;
  const baseCpu = runs[0]!.tally.cpu;
  console.log(`| arguments | CPU s / audio s | CPU vs first | wall RTF | ${sets.map((set) => set.name).join(' | ')} | all words |`);
  console.log(`|---|---:|---:|---:|${sets.map(() => '---:|').join('')}---:|`);
  for (const { name, tally } of runs) {
    const cells = sets.map(
      (set) =>
        `${tally.errors.get(set.name)} (${percent(
          tally.errors.get(set.name)!,
          totalWords((s) => s === set),
        )})`,
    );
    console.log(
      `| ${name} | ${(tally.cpu / audioSeconds).toFixed(3)} | ${(baseCpu / tally.cpu).toFixed(2)}x faster | ${(tally.wall / audioSeconds).toFixed(3)} | ${cells.join(' | ')} | ${percent(
        errorsOf(tally, () => true),
        totalWords(() => true),
      )} |`,
    );
  }
  console.log(`\nCells: word errors (WER). Load average at end: ${load()}`);
  for (const line of notes) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
