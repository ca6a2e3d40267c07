// `cli simulate --voice`: a candidate who speaks over protocol version 2.
// Each answer is a WAV file (any rate; it is resampled to 16 kHz) or text
// spoken by the candidate's synthesizer (flite where it has a voice, which the
// offline recogniser hears best). What the server recognised is printed beside
// what was spoken, judged by word error rate, with each turn's latency from the
// end of speech to the reply's first audio.

import { readFileSync } from 'node:fs';
import { languageFor, phrasesFor } from '../languages/index.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav, resample } from '../speech/audio.js';
import type { TextToSpeech } from '../speech/tts/text-to-speech.js';
import { wordErrorRate } from '../speech/word-error-rate.js';
import { SimulationInputError } from './simulate.js';
import { VoiceCandidate, type VoiceClientOptions } from './voice-client.js';

/** A spoken answer: recorded audio, or text for the synthesizer. */
export type VoiceAnswer = { kind: 'audio'; source: string; samples: Int16Array } | { kind: 'text'; text: string };

/** Answers file entries ending in .wav are read as audio (relative to the working directory); others are text. */
export function loadVoiceAnswers(entries: readonly string[]): VoiceAnswer[] {
  return entries.map((entry) => {
    if (!/\.wav$/i.test(entry)) return { kind: 'text', text: entry };
    try {
      const audio = decodeWav(readFileSync(entry));
      return { kind: 'audio', source: entry, samples: resample(audio, CANDIDATE_SAMPLE_RATE).samples };
    } catch (error) {
      throw new SimulationInputError(`cannot read ${entry}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

export interface VoicePlayResult {
  endingReason: number;
  state: number;
  /** Per spoken turn: what was meant (text, or the file name), what the server heard. */
  turns: SpokenAnswer[];
  /** Client-observed end of speech -> first reply audio, ms. */
  replyAudioMs: number[];
  lines: string[];
}

export interface SpokenAnswer {
  spoken: string;
  heard: string;
  /** Text answers: the share of its words the server got wrong; null for WAV files (what they say is unknown). */
  wordErrorRate: number | null;
}

/** Half or more of the words wrong: the interviewer answered something else than what was said. */
const MISHEARD_WER = 0.5;

export interface VoicePlayOptions extends VoiceClientOptions {
  url?: string;
  onLine?: (line: string) => void;
  /** Speaks text answers; without one, text answers are refused. */
  tts?: TextToSpeech | null;
  /** Wait for the interviewer's audio to play out before answering (as a polite candidate would). */
  waitForPlayback?: boolean;
  maxTurns?: number;
}

export async function playVoiceInterview(
  baseUrl: string,
  interviewId: string,
  answers: readonly VoiceAnswer[],
  options: VoicePlayOptions = {},
): Promise<VoicePlayResult> {
  const lines: string[] = [];
  const print = (line: string) => {
    lines.push(line);
    options.onLine?.(line);
  };
  const candidate = await VoiceCandidate.connect(baseUrl, interviewId, options);
  const turns: VoicePlayResult['turns'] = [];
  const replyAudioMs: number[] = [];
  try {
    const { session, opening } = await candidate.start();
    if (session.speech?.recognition !== 'server') {
      throw new Error(`the server cannot recognise speech in this interview (recognition: ${session.speech?.recognition ?? 'none'})`);
    }
    const language = languageFor(session.language_code);
    if (answers.some((a) => a.kind === 'text') && !language.speech.fliteVoice) {
      print(
        `note: in ${language.englishName} the candidate speaks with eSpeak NG, which recognisers often mishear; WAV recordings of a real voice test fairer`,
      );
    }
    const nothingMore: VoiceAnswer = { kind: 'text', text: phrasesFor(session.language_code).candidateNothingMore };
    let said = opening.said;
    let ended = opening.ended;
    let next = 0;
    for (let turn = 0; !ended && turn < (options.maxTurns ?? 30); turn++) {
      for (const utterance of said) print(`interviewer [${utterance.control_id}]: ${utterance.text}`);
      if (options.waitForPlayback) await candidate.waitForPlayback();
      const answer = answers[next++] ?? nothingMore;
      const spoken = answer.kind === 'audio' ? answer.source : answer.text;
      const samples = answer.kind === 'audio' ? answer.samples : await synthesize(answer.text, options.tts ?? null, language);
      const result = await candidate.speak(samples);
      const judged: SpokenAnswer = {
        spoken,
        heard: result.heard,
        wordErrorRate: answer.kind === 'text' ? wordErrorRate(answer.text, result.heard) : null,
      };
      turns.push(judged);
      print(`candidate (spoke ${answer.kind === 'audio' ? 'file ' : ''}"${spoken}"; heard "${result.heard}")${verdict(judged)}`);
      if (result.replyAudioMs !== null) {
        replyAudioMs.push(result.replyAudioMs);
        print(`  reply audio after ${Math.round(result.replyAudioMs)} ms from the end of speech`);
      }
      said = result.said;
      ended = result.ended;
    }
    for (const utterance of said) print(`interviewer [${utterance.control_id}]: ${utterance.text}`);
    if (!ended) throw new Error('the interview did not end within the turn limit');
    print(`-- ended: state ${ended.state}, ending reason ${ended.ending_reason} (${ended.ending_reason_name})`);
    return { endingReason: ended.ending_reason, state: ended.state, turns, replyAudioMs, lines };
  } finally {
    await candidate.close();
  }
}

function verdict(answer: SpokenAnswer): string {
  if (!answer.heard) return ': not heard';
  if (answer.wordErrorRate === null) return '';
  const percent = `${Math.round(answer.wordErrorRate * 100)} % of the words wrong`;
  return answer.wordErrorRate >= MISHEARD_WER ? `: misheard (${percent})` : ` (${percent})`;
}

/** How well the server heard the candidate: each answer counted once, as heard, misheard or not heard. */
export function hearingSummary(turns: readonly SpokenAnswer[]): string {
  const unheard = turns.filter((t) => !t.heard);
  const scored = turns.filter((t) => t.heard && t.wordErrorRate !== null);
  const misheard = scored.filter((t) => t.wordErrorRate! >= MISHEARD_WER).length;
  const unscored = turns.length - unheard.length - scored.length;
  const judged = turns.filter((t) => t.wordErrorRate !== null);
  const words = judged.reduce((sum, t) => sum + t.spoken.split(/\s+/).filter(Boolean).length, 0);
  const errors = judged.reduce((sum, t) => sum + t.wordErrorRate! * t.spoken.split(/\s+/).filter(Boolean).length, 0);
  return (
    `${turns.length} answer(s): ${scored.length - misheard} heard, ${misheard} misheard (half or more of the words wrong), ` +
    `${unheard.length} not heard` +
    (unscored > 0 ? `, ${unscored} from WAV files heard (not scored)` : '') +
    (words > 0 ? `; word error rate ${((errors / words) * 100).toFixed(0)} % over ${words} spoken words` : '')
  );
}

async function synthesize(text: string, tts: TextToSpeech | null, language: ReturnType<typeof languageFor>): Promise<Int16Array> {
  if (!tts?.supports(language))
    throw new SimulationInputError(`no synthesizer can speak "${text.slice(0, 40)}" in ${language.englishName}; give WAV files`);
  const audio = await tts.synthesize(text, language);
  return resample(audio, CANDIDATE_SAMPLE_RATE).samples;
}
