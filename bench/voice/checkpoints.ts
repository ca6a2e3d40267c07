// Word error rate of warm PocketSphinx with checkpoints in the pauses, as the
// voice listener takes them once an utterance is past CHECKPOINT_AFTER_MS
// (voice-listener.ts; here in every pause, whatever the length): each answer is fed in 20 ms
// frames through Silero VAD, and after `ms` of silence following speech the
// stream is asked for a checkpoint (once per pause), which closes the decoder's
// stretch there and so loses the language model's context across it. "off"
// takes none: the text of one decode of the whole answer, as finish-and-restart
// gives. The answers: the interview answers in four flite voices, the e2e voice
// test's four answers, and answers with a pause of 150-1,200 ms inside them.
//
//   npx tsx bench/voice/checkpoints.ts [--ms off,100,150,200,300]
//
// Prints a Markdown table; nothing is asserted.

import { loadavg } from 'node:os';
import { benchArgs, numberArg } from '../cli-args.js';
import { concatSamples, silence, trimSilence } from '../../test/helpers/spoken-audio.js';
import { SPOKEN_ANSWERS, speakWithFlite } from '../../test/helpers/speech.js';
import { languageByTag } from '../../src/languages/index.js';
import { CANDIDATE_SAMPLE_RATE } from '../../src/speech/audio.js';
import { WarmPocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx-warm.js';
import { SileroVad } from '../../src/speech/vad/silero-vad.js';
import { wordErrors, words } from '../../src/speech/word-error-rate.js';

const flags = benchArgs('npx tsx bench/voice/checkpoints.ts', {
  ms: { type: 'string', default: 'off,100,150,200,300', help: 'pause lengths that take a checkpoint, comma-separated (off: none)' },
});
const settings = flags.ms.split(',').map((value) => (value === 'off' ? null : numberArg('ms', value)));
const english = languageByTag('en')!;
const FRAME = CANDIDATE_SAMPLE_RATE / 50;

const E2E_ANSWERS = [
  'I am a backend engineer with six years of experience building services and leading small teams.',
  'A race condition is when two threads change shared state and the timing decides the result.',
  'In my last team two people disagreed about a design. I explained the situation to both, and the resolution was a small prototype.',
  'No, thank you. I have no questions.',
];

interface Answer {
  set: string;
  text: string;
  samples: Int16Array;
}
const answers: Answer[] = [];
for (const voice of ['slt', 'rms', 'awb', 'kal'])
  for (const text of SPOKEN_ANSWERS)
    answers.push({
      set: `interview answers, flite ${voice}`,
      text,
      samples: concatSamples(speakWithFlite(text, voice).samples, silence(600)),
    });
for (const text of E2E_ANSWERS)
  answers.push({ set: 'e2e voice test answers, flite slt', text, samples: concatSamples(speakWithFlite(text).samples, silence(600)) });
for (const pauseMs of [150, 300, 600, 1200]) {
  for (let i = 0; i + 1 < SPOKEN_ANSWERS.length; i += 2) {
    const [a, b] = [SPOKEN_ANSWERS[i]!, SPOKEN_ANSWERS[i + 1]!];
    const samples = concatSamples(
      silence(300),
      trimSilence(speakWithFlite(a).samples),
      silence(pauseMs),
      trimSilence(speakWithFlite(b).samples),
      silence(600),
    );
    answers.push({ set: `two answers, ${pauseMs} ms pause between`, text: `${a} ${b}`, samples });
  }
}

const stt = new WarmPocketsphinxSpeechToText({ processes: 1, maxStreams: 2 });
const vad = await SileroVad.load({ silenceMs: 400 });

/** The answer's text with a checkpoint after `ms` of each pause (null: none), and how many were taken. */
async function recognise(answer: Answer, ms: number | null): Promise<{ text: string; checkpoints: number }> {
  const stream = stt.open(english);
  let silentMs = 0;
  let spoke = false;
  let checkpoints = 0;
  const detector = vad.create({
    onSpeechStart: () => {},
    onSpeechEnd: () => {},
    onWindow: (voiced, durationMs) => {
      if (voiced) {
        spoke = true;
        silentMs = 0;
        return;
      }
      const before = silentMs;
      silentMs += durationMs;
      if (ms !== null && spoke && before < ms && silentMs >= ms) {
        checkpoints += 1;
        void stream.checkpoint!().catch(() => {});
      }
    },
  });
  for (let at = 0; at < answer.samples.length; at += FRAME) {
    const frame = answer.samples.subarray(at, at + FRAME);
    // Audio first, then the detector: a checkpoint covers everything heard up to its window.
    stream.write(frame);
    await detector.push(frame);
  }
  detector.close();
  return { text: await stream.finish(), checkpoints };
}

const sets = [...new Set(answers.map((answer) => answer.set))];
const errors = new Map<string, { errors: number; words: number; checkpoints: number }>();
for (const answer of answers) {
  for (const ms of settings) {
    const { text, checkpoints } = await recognise(answer, ms);
    const key = `${answer.set}|${ms ?? 'off'}`;
    const entry = errors.get(key) ?? { errors: 0, words: 0, checkpoints: 0 };
    entry.errors += wordErrors(answer.text, text);
    entry.words += words(answer.text).length;
    entry.checkpoints += checkpoints;
    errors.set(key, entry);
  }
}

console.log(
  `Load average: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}\n`,
);
console.log(`| answers | ${settings.map((ms) => (ms === null ? 'no checkpoint' : `checkpoint after ${ms} ms`)).join(' | ')} |`);
console.log(`|---|${settings.map(() => '---:').join('|')}|`);
const totals = settings.map(() => ({ errors: 0, words: 0 }));
for (const set of sets) {
  const cells = settings.map((ms, i) => {
    const entry = errors.get(`${set}|${ms ?? 'off'}`)!;
    totals[i]!.errors += entry.errors;
    totals[i]!.words += entry.words;
    return `${((entry.errors / entry.words) * 100).toFixed(1)} % (${entry.checkpoints})`;
  });
  console.log(`| ${set} | ${cells.join(' | ')} |`);
}
console.log(`| all | ${totals.map((total) => `${((total.errors / total.words) * 100).toFixed(1)} %`).join(' | ')} |`);
console.log('\n(In brackets: checkpoints taken.)');
await stt.close();
await vad.close();
