// `cli simulate --voice`: a candidate who speaks over protocol version 2.
// Each answer is a WAV file (any rate; it is resampled to 16 kHz) or text
// spoken by the configured synthesizer in the interview's language. What the
// server recognised is printed beside what was spoken, with each turn's
// latency from the end of speech to the reply's first audio.

import { readFileSync } from 'node:fs';
import { languageFor, phrasesFor } from '../languages/index.js';
import { CANDIDATE_SAMPLE_RATE, decodeWav, resample } from '../speech/audio.js';
import type { TextToSpeech } from '../speech/tts/text-to-speech.js';
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
  turns: { spoken: string; heard: string }[];
  /** Client-observed end of speech -> first reply audio, ms. */
  replyAudioMs: number[];
  lines: string[];
}

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
      turns.push({ spoken, heard: result.heard });
      print(`candidate (spoke ${answer.kind === 'audio' ? 'file ' : ''}"${spoken}"; heard "${result.heard}")`);
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

async function synthesize(text: string, tts: TextToSpeech | null, language: ReturnType<typeof languageFor>): Promise<Int16Array> {
  if (!tts?.supports(language))
    throw new SimulationInputError(`no synthesizer can speak "${text.slice(0, 40)}" in ${language.englishName}; give WAV files`);
  const audio = await tts.synthesize(text, language);
  return resample(audio, CANDIDATE_SAMPLE_RATE).samples;
}
