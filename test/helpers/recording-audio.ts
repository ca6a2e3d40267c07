// Listening to a recording: a stretch of an MP3 (or WebM) decoded by ffmpeg to
// the candidate format, and the words PocketSphinx hears in it.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ENGLISH } from '../../src/languages/registry.js';
import { CANDIDATE_SAMPLE_RATE } from '../../src/speech/audio.js';
import { PocketsphinxSpeechToText } from '../../src/speech/stt/pocketsphinx.js';
import { transcribe } from '../../src/speech/stt/speech-to-text.js';
import { words } from '../../src/speech/word-error-rate.js';

const run = promisify(execFile);

/** The file between two times (seconds), decoded to 16 kHz mono PCM16. */
export async function decodeRange(file: string, from: number, to: number): Promise<Int16Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(from),
      '-t',
      String(to - from),
      '-i',
      file,
      '-f',
      's16le',
      '-ac',
      '1',
      '-ar',
      String(CANDIDATE_SAMPLE_RATE),
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const pcm = stdout as unknown as Buffer;
  return new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.length & ~1)));
}

/**
 * The words PocketSphinx hears between `begin` and `end` (seconds) of the file, in overlapping
 * 5 s windows: a range's edges may hold the interviewer's neighbouring utterances, which throw
 * PocketSphinx off for a whole long window.
 */
export async function wordsHeardOnRecording(file: string, begin: number, end: number): Promise<Set<string>> {
  const stt = new PocketsphinxSpeechToText();
  try {
    const heard = new Set<string>();
    for (let from = begin; from < end + 1; from += 2.5) {
      const samples = await decodeRange(file, from, Math.min(from + 5, end + 1));
      for (const word of words(await transcribe(stt, ENGLISH, { sampleRate: CANDIDATE_SAMPLE_RATE, samples }))) heard.add(word);
    }
    return heard;
  } finally {
    await stt.close();
  }
}
