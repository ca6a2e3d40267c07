// Audio decoded per spoken second for long answers with pauses: each answer
// (flite slt sentences joined by 300-500 ms pauses, 45-60 s in all) goes
// through the server's listener (VoiceListener over Silero VAD and warm
// PocketSphinx, 20 ms frames, fed as fast as they are taken) with the early
// finish and restart in every pause ("restart always", as before
// CHECKPOINT_AFTER_MS), with checkpoints once the utterance is past
// CHECKPOINT_AFTER_MS (the listener's default), and with a checkpoint in every
// pause (the reverted change, for reference). Counted: the seconds of audio
// written to recognition streams (a restart writes the utterance again from its
// start), the decoder process's CPU time, and the word error rate of the turn's
// text. The listener's timings are the pipeline's with the adaptive end of turn
// (early finish after 200 ms of silence, checkpoint after 150 ms) over a fixed
// 700 ms hang-over, so that the pauses do not end the turn.
//
//   npx tsx bench/voice/long-answers.ts
//
// Prints a Markdown table; nothing is asserted.

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { concatSamples, silence, trimSilence } from '../../test/helpers/spoken-audio.js';
import { speakWithFlite } from '../../test/helpers/speech.js';
import { languageByTag } from '../../src/languages/index.js';
import { CHECKPOINT_AFTER_MS, VoiceListener } from '../../src/session/channels/voice-listener.js';
import { earlyCheckpointMs, earlyFinishMs } from '../../src/session/channels/voice-pipeline.js';
import { CANDIDATE_SAMPLE_RATE } from '../../src/speech/audio.js';
import { WarmPocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx-warm.js';
import type { RecognitionStream } from '../../src/speech/stt/speech-to-text.js';
import { SileroVad } from '../../src/speech/vad/silero-vad.js';
import { wordErrors, words } from '../../src/speech/word-error-rate.js';

const english = languageByTag('en')!;
const FRAME = CANDIDATE_SAMPLE_RATE / 50;
/** The adaptive end of turn's short silence: the pipeline's early finish and checkpoint timings for it. */
const SHORT_SILENCE_MS = 400;
const HANGOVER_MS = 700;
const PAUSES_MS = [300, 400, 500];

/** Two long answers, a sentence between pauses. */
const LONG_ANSWERS: string[][] = [
  [
    'I have five years of experience building web services.',
    'Most of that time I worked on the billing platform of a small company.',
    'We moved the billing system to a new database without any downtime.',
    'To do that we wrote every change to both databases for a few weeks.',
    'Then we compared the results every night and fixed the differences.',
    'When they had matched for a month we switched the reads over.',
    'The old database was turned off a week later.',
    'In my last job I led a team of four engineers.',
    'I would start by talking to the customer to understand the problem.',
    'My biggest strength is that I stay calm when things go wrong.',
    'When an outage starts I first make sure the right people know about it.',
    'Then I look at what changed most recently, because that is usually the cause.',
    'Afterwards we write down what happened and what we will do differently.',
  ],
  [
    'A race condition is when two threads change shared state and the timing decides the result.',
    'We had one in our payment service last year.',
    'Two requests for the same order could both see it as unpaid.',
    'Both of them then charged the customer.',
    'We found it because a customer wrote to us about a double charge.',
    'The fix was a unique constraint in the database and a retry.',
    'After that we added a test that sends the same request twice at once.',
    'I am looking for a role where I can learn and grow with the team.',
    'I would like to work on systems that many people depend on.',
    'I also enjoy helping newer engineers find their way around a large code base.',
    'In my current team I run a short session every week where we read code together.',
    'People ask questions there that they would not ask in a review.',
    'That has made our reviews shorter and friendlier.',
  ],
];

interface Answer {
  text: string;
  samples: Int16Array;
  pauses: number;
}
const answers: Answer[] = LONG_ANSWERS.map((sentences) => {
  const parts: Int16Array[] = [silence(300)];
  sentences.forEach((sentence, i) => {
    if (i > 0) parts.push(silence(PAUSES_MS[i % PAUSES_MS.length]!));
    parts.push(trimSilence(speakWithFlite(sentence).samples));
  });
  parts.push(silence(1_000));
  return { text: sentences.join(' '), samples: concatSamples(...parts), pauses: sentences.length - 1 };
});

const stt = new WarmPocketsphinxSpeechToText({ processes: 1, maxStreams: 2 });
const vad = await SileroVad.load({ silenceMs: HANGOVER_MS });

/** CPU seconds (user + system) the decoder processes have used so far. */
function decoderCpuSeconds(): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of stt.processIds()) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // Not on Linux, or the process is gone.
    }
  }
  return total;
}

interface Outcome {
  writtenSeconds: number;
  streams: number;
  checkpoints: number;
  cpuSeconds: number;
  errors: number;
  text: string;
}

/** One answer through the listener; `checkpointAfterMs` as the listener takes it (Infinity: never). */
async function run(answer: Answer, checkpointAfterMs: number): Promise<Outcome> {
  let written = 0;
  let streams = 0;
  let checkpoints = 0;
  const open = (): RecognitionStream => {
    const inner = stt.open(english);
    streams += 1;
    return {
      write: (samples) => {
        written += samples.length;
        inner.write(samples);
      },
      finish: () => inner.finish(),
      checkpoint: () => {
        checkpoints += 1;
        return inner.checkpoint!();
      },
      abort: () => inner.abort(),
      onPartial: (listener) => inner.onPartial?.(listener),
    };
  };
  const turns: Promise<string>[] = [];
  const listener = new VoiceListener(
    (events) => vad.create(events),
    400,
    {
      isListening: () => true,
      isPlaying: () => false,
      speechStarted: () => {},
      openRecognition: open,
      speechEnded: (recognition) => {
        turns.push(recognition instanceof Promise ? recognition : (recognition?.finish() ?? Promise.resolve('')));
      },
      detectorFailed: (error) => {
        throw error;
      },
    },
    earlyFinishMs(SHORT_SILENCE_MS),
    earlyCheckpointMs(SHORT_SILENCE_MS),
    checkpointAfterMs,
  );
  const cpuBefore = decoderCpuSeconds();
  for (let at = 0; at < answer.samples.length; at += FRAME) await listener.push(answer.samples.slice(at, at + FRAME));
  listener.close();
  const text = (await Promise.all(turns)).join(' ');
  // The decoder is idle again once the turn's text is in (aborted streams are dropped by then).
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    writtenSeconds: written / CANDIDATE_SAMPLE_RATE,
    streams,
    checkpoints,
    cpuSeconds: decoderCpuSeconds() - cpuBefore,
    errors: wordErrors(answer.text, text),
    text,
  };
}

const settings: { name: string; checkpointAfterMs: number }[] = [
  { name: 'restart always (no checkpoints)', checkpointAfterMs: Infinity },
  { name: `checkpoints past ${CHECKPOINT_AFTER_MS / 1000} s (CHECKPOINT_AFTER_MS)`, checkpointAfterMs: CHECKPOINT_AFTER_MS },
  { name: 'checkpoint in every pause (reverted)', checkpointAfterMs: 0 },
];

// Warm-up: the decoder loaded, its files in the page cache.
{
  const stream = stt.open(english);
  stream.write(answers[0]!.samples.subarray(0, CANDIDATE_SAMPLE_RATE * 3));
  await stream.finish();
}

const spokenSeconds = answers.reduce((sum, answer) => sum + answer.samples.length / CANDIDATE_SAMPLE_RATE, 0);
const totalWords = answers.reduce((sum, answer) => sum + words(answer.text).length, 0);
const rows: string[] = [];
for (const setting of settings) {
  const sum = { writtenSeconds: 0, streams: 0, checkpoints: 0, cpuSeconds: 0, errors: 0, turns: 0 };
  for (const answer of answers) {
    const outcome = await run(answer, setting.checkpointAfterMs);
    sum.writtenSeconds += outcome.writtenSeconds;
    sum.streams += outcome.streams;
    sum.checkpoints += outcome.checkpoints;
    sum.cpuSeconds += outcome.cpuSeconds;
    sum.errors += outcome.errors;
    if (process.env.VERBOSE) console.error(`${setting.name}: ${outcome.text}`);
  }
  rows.push(
    `| ${setting.name} | ${sum.writtenSeconds.toFixed(1)} s | ${(sum.writtenSeconds / spokenSeconds).toFixed(2)} | ${sum.cpuSeconds.toFixed(1)} s | ${sum.streams} | ${sum.checkpoints} | ${((sum.errors / totalWords) * 100).toFixed(1)} % |`,
  );
}

console.log(
  `${answers.length} answers, ${spokenSeconds.toFixed(1)} s of audio (${answers.map((a) => `${(a.samples.length / CANDIDATE_SAMPLE_RATE).toFixed(1)} s, ${a.pauses} pauses`).join('; ')}), ${totalWords} words. Load average: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}\n`,
);
console.log('| listener | audio decoded | per second of answer | decoder CPU | streams | checkpoints | word errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
await stt.close();
await vad.close();
