// The cut-off rate: how often the interviewer would take the turn while the
// candidate was only pausing. A labelled set of spoken answers with a natural
// pause in the middle (0.6 to 1.5 s, after a conjunction, a filler or in the
// middle of a clause), made with flite and sox at bench time, goes through the
// server's own end of turn (VoiceListener over Silero VAD and PocketSphinx,
// frames at microphone pace) twice at once: with the fixed hang-over
// (SESSION_VAD_ADAPTIVE=false) and with the adaptive end of turn. An answer is
// cut off when its turn ends before the words after the pause have ended.
// Also measured: the hang-over after the answer's real end.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VoiceConfig } from '../../src/config.js';
import { languageByTag } from '../../src/languages/index.js';
import { detectorSilenceMs, turnSilenceMs, turnSilences } from '../../src/session/channels/turn-end.js';
import { VoiceListener } from '../../src/session/channels/voice-listener.js';
import { earlyCheckpointMs, earlyFinishMs } from '../../src/session/channels/voice-pipeline.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav } from '../../src/speech/audio.js';
import type { SpeechToText } from '../../src/speech/stt/speech-to-text.js';
import { SileroVad } from '../../src/speech/vad/silero-vad.js';

type PauseKind = 'conjunction' | 'filler' | 'mid-clause';

/** Answers cut where a speaker pauses to think; each is spoken once with a shorter and once with a longer pause. */
const ANSWERS: { before: string; after: string; kind: PauseKind }[] = [
  { before: 'I moved the billing service to a new database and', after: 'it was twice as fast afterwards.', kind: 'conjunction' },
  { before: 'We chose Postgres because', after: 'the team already knew it well.', kind: 'conjunction' },
  { before: 'I talked to both engineers but', after: 'they still disagreed about the design.', kind: 'conjunction' },
  { before: 'My biggest strength is, um,', after: 'staying calm when things go wrong.', kind: 'filler' },
  { before: 'I would start with, uh,', after: 'talking to the customer about the problem.', kind: 'filler' },
  { before: 'In my last job I was, um,', after: 'leading a team of four engineers.', kind: 'filler' },
  { before: 'I have five years of experience with the', after: 'design of web services.', kind: 'mid-clause' },
  { before: 'We deployed it on a cluster of', after: 'twelve machines in two regions.', kind: 'mid-clause' },
  { before: 'The main problem was that our', after: 'tests were too slow to run.', kind: 'mid-clause' },
];
const PAUSES_MS = [
  [600, 1_200],
  [900, 1_500],
];
const FRAME = CANDIDATE_SAMPLE_RATE / 50;

export interface PausedAnswer {
  text: string;
  kind: PauseKind;
  pauseMs: number;
  samples: Int16Array;
  /** Sample where the words after the pause end (a turn ending before it cut the candidate off). */
  speechEnd: number;
}

/** flite speaks each half; sox joins them at 16 kHz with the pause between, 0.3 s before and 3 s after. */
export function pausedAnswers(): PausedAnswer[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pauses-'));
  try {
    return ANSWERS.flatMap((answer, i) =>
      PAUSES_MS[i % 2]!.map((pauseMs) => {
        const first = path.join(dir, `a${i}.wav`);
        const second = path.join(dir, `b${i}.wav`);
        const joined = path.join(dir, `answer-${i}-${pauseMs}.wav`);
        execFileSync('flite', ['-voice', 'slt', '-t', answer.before, '-o', first]);
        execFileSync('flite', ['-voice', 'slt', '-t', answer.after, '-o', second]);
        // flite's own silence at the ends is trimmed, so the pause is the one said.
        const trim = ['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'];
        const firstTrimmed = path.join(dir, `a${i}t.wav`);
        const secondTrimmed = path.join(dir, `b${i}t.wav`);
        execFileSync('sox', [first, '-r', '16000', '-c', '1', '-b', '16', firstTrimmed, ...trim, 'pad', '0.3', String(pauseMs / 1000)]);
        execFileSync('sox', [second, '-r', '16000', '-c', '1', '-b', '16', secondTrimmed, ...trim]);
        const secondSamples = decodeWav(readFileSync(secondTrimmed)).samples.length;
        execFileSync('sox', [firstTrimmed, secondTrimmed, joined, 'pad', '0', '3']);
        const { samples } = decodeWav(readFileSync(joined));
        const speechEnd = samples.length - 3 * CANDIDATE_SAMPLE_RATE;
        if (speechEnd - secondSamples <= 0) throw new Error(`sox joined ${joined} wrongly`);
        return { text: `${answer.before} … ${answer.after}`, kind: answer.kind, pauseMs, samples, speechEnd };
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TurnOutcome {
  /** The turn ended before the answer did. */
  cutOff: boolean;
  /** When it was not: the silence from the answer's end to the turn's end, ms. */
  hangoverMs: number | null;
}

/** One answer through the server's end of turn, at microphone pace (20 ms frames every 20 ms). */
async function endOfTurn(answer: PausedAnswer, vad: SileroVad, stt: SpeechToText, settings: VoiceConfig): Promise<TurnOutcome> {
  const english = languageByTag('en')!;
  const silences = turnSilences(settings);
  const ends: number[] = [];
  const listener = new VoiceListener(
    (events) => vad.create(events),
    settings.bargeInMs,
    {
      isListening: () => ends.length === 0,
      isPlaying: () => false,
      speechStarted: () => {},
      openRecognition: () => stt.open(english),
      speechEnded: (recognition, timing) => {
        ends.push(timing.detectedAtMs);
        if (recognition && !(recognition instanceof Promise)) recognition.abort();
        else recognition?.catch(() => {});
      },
      detectorFailed: (error) => {
        throw error;
      },
      silenceNeeded: silences ? (heard, isRecognising) => turnSilenceMs({ text: heard, isRecognising }, english, silences) : undefined,
    },
    // As the pipeline does.
    earlyFinishMs(detectorSilenceMs(settings)),
    earlyCheckpointMs(detectorSilenceMs(settings)),
  );
  const started = performance.now();
  for (let at = 0, frame = 0; at < answer.samples.length && ends.length === 0; at += FRAME, frame += 1) {
    const wait = started + frame * 20 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await listener.push(answer.samples.slice(at, at + FRAME));
  }
  listener.close();
  const endMs = (answer.speechEnd / CANDIDATE_SAMPLE_RATE) * 1000;
  const detected = ends[0];
  if (detected === undefined) return { cutOff: false, hangoverMs: null };
  return detected < endMs ? { cutOff: true, hangoverMs: null } : { cutOff: false, hangoverMs: detected - endMs };
}

export interface CutoffResult {
  answers: PausedAnswer[];
  fixed: TurnOutcome[];
  adaptive: TurnOutcome[];
}

/** Every answer through the fixed and the adaptive end of turn at once (the same audio, the same moment). */
export async function measureCutoffs(stt: SpeechToText, adaptive: VoiceConfig): Promise<CutoffResult> {
  const fixed: VoiceConfig = { ...adaptive, vadAdaptive: false };
  const answers = pausedAnswers();
  const fixedVad = await SileroVad.load({ silenceMs: detectorSilenceMs(fixed), threshold: fixed.vadThreshold });
  const adaptiveVad = await SileroVad.load({ silenceMs: detectorSilenceMs(adaptive), threshold: adaptive.vadThreshold });
  const result: CutoffResult = { answers, fixed: [], adaptive: [] };
  // Warm-up: the recogniser's decoders loaded, its files in the page cache.
  await Promise.all(
    [0, 1].map(async (i) => {
      const stream = stt.open(languageByTag('en')!);
      stream.write(answers[i]!.samples);
      await stream.finish();
    }),
  );
  try {
    for (const answer of answers) {
      const [a, b] = await Promise.all([endOfTurn(answer, fixedVad, stt, fixed), endOfTurn(answer, adaptiveVad, stt, adaptive)]);
      result.fixed.push(a);
      result.adaptive.push(b);
    }
  } finally {
    await fixedVad.close();
    await adaptiveVad.close();
  }
  return result;
}

/** A Markdown table: cut-offs per kind of pause, fixed vs adaptive, and the hang-over after the real end. */
export function formatCutoffs(result: CutoffResult, fixedMs: number): string {
  const lines = [
    `| pauses | answers | cut off, fixed ${fixedMs} ms | cut off, adaptive | hang-over after the end, fixed (mean) | adaptive (mean) |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  const mean = (values: number[]) => (values.length ? (values.reduce((a, b) => a + b, 0) / values.length).toFixed(0) : '-');
  const groups: [string, (a: PausedAnswer) => boolean][] = [
    ['after a conjunction', (a) => a.kind === 'conjunction'],
    ['after a filler', (a) => a.kind === 'filler'],
    ['mid-clause', (a) => a.kind === 'mid-clause'],
    ['0.6-0.9 s', (a) => a.pauseMs <= 900],
    ['1.2-1.5 s', (a) => a.pauseMs >= 1_200],
    ['all', () => true],
  ];
  for (const [name, pick] of groups) {
    const at = result.answers.flatMap((a, i) => (pick(a) ? [i] : []));
    const cut = (outcomes: TurnOutcome[]) => at.filter((i) => outcomes[i]!.cutOff).length;
    const hang = (outcomes: TurnOutcome[]) =>
      at.flatMap((i) => {
        const { hangoverMs } = outcomes[i]!;
        return hangoverMs === null ? [] : [hangoverMs];
      });
    lines.push(
      `| ${name} | ${at.length} | ${cut(result.fixed)} | ${cut(result.adaptive)} | ${mean(hang(result.fixed))} | ${mean(hang(result.adaptive))} |`,
    );
  }
  return lines.join('\n');
}
