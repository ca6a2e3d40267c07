// The interviewer's voice for the recording, made while the interview runs so
// that assembly does not wait for it: each utterance the session sends is
// synthesised in the background, one at a time, as a whole text (as the
// assembler would; the audio a voice session streams is made sentence by
// sentence, with other pauses, and may be cut short by a barge-in). Files are
// named by a hash of the language and the text (the transcript entry's
// content), as 16 kHz PCM16; the assembler takes them as they are and
// synthesises only what is missing. Best effort: a failure here only means
// the assembler does it.
//
// The session node and the assembling worker may be different machines: what
// a session prepares goes to the shared store (interviews/<id>/spool/speech/
// <hash>.pcm); the assembly copies it into its work folder, or synthesises it
// there and stores it too, so an assembly resumed on another worker does not
// synthesise it again.

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../languages/language.js';
import { resample } from '../speech/audio.js';
import type { TextToSpeech } from '../speech/tts/text-to-speech.js';
import { CANDIDATE_AUDIO_RATE } from './candidate-audio.js';
import { spoolPrefix, type MediaStorage } from './media-storage.js';
import { pcmBytes } from './pcm.js';

const INTERVIEW_ID = /^[0-9a-f-]{36}$/;
const MAX_RELEASED = 10_000;

export class RecordingSpeech {
  /** Background syntheses, one at a time: the live sessions' own speech comes first. */
  private queue: Promise<void> = Promise.resolve();
  /** Interviews whose folder the assembly has taken over (or discarded): a late background synthesis writes nothing there. */
  private readonly released = new Set<string>();

  constructor(
    /** DATA_DIR/media/work: one folder per interview, on the node that assembles. */
    private readonly workRoot: string,
    /** The shared store, where the session nodes put what they prepare. */
    private readonly storage: MediaStorage,
    private readonly tts: TextToSpeech | null,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The utterance in the assembling node's work folder. */
  fileOf(interviewId: string, language: Language, text: string): string {
    return path.join(this.workRoot, interviewId, `speech-${hashOf(interviewId, language, text)}.pcm`);
  }

  /** The utterance in the shared store. */
  keyOf(interviewId: string, language: Language, text: string): string {
    return `${spoolPrefix(interviewId)}speech/${hashOf(interviewId, language, text)}.pcm`;
  }

  /** Synthesises the utterance into the store in the background unless it is already there. */
  prepare(interviewId: string, language: Language, text: string): void {
    const wanted = () => !this.released.has(interviewId);
    const next = this.queue
      .then(() => (wanted() ? this.store(interviewId, language, text, wanted) : null))
      .then(
        () => {},
        (error: unknown) => this.onError(error),
      );
    this.queue = next;
  }

  /**
   * The assembly owns the interview's folder from now on (it synthesises what is missing itself), and may
   * discard it: background syntheses still queued for it are dropped, so none recreates the folder later.
   */
  release(interviewId: string): void {
    this.released.add(interviewId);
    // Bounded: only a straggler queued just before the release needs it.
    if (this.released.size > MAX_RELEASED) this.released.delete(this.released.values().next().value!);
  }

  /** Resolves once the background syntheses queued so far are done (tests, bench). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async store(interviewId: string, language: Language, text: string, stillWanted: () => boolean): Promise<void> {
    const key = this.keyOf(interviewId, language, text);
    if (await this.storage.stat(key)) return;
    const samples = await this.synthesize(language, text);
    if (samples && stillWanted()) await this.storage.putBytes(key, pcmBytes(samples), 'application/octet-stream');
  }

  /**
   * The utterance's file in the work folder and its length in samples: taken
   * from the store when a session prepared it, synthesised now (and stored) if
   * missing; null when no voice can say it.
   */
  async get(
    interviewId: string,
    language: Language,
    text: string,
    signal?: AbortSignal,
  ): Promise<{ file: string; samples: number } | null> {
    const file = this.fileOf(interviewId, language, text);
    const existing = await stat(file).catch(() => null);
    if (existing) return { file, samples: existing.size / 2 };
    const key = this.keyOf(interviewId, language, text);
    const stored = await this.storage.getBytes(key);
    if (stored) {
      await this.write(file, stored);
      return { file, samples: stored.length / 2 };
    }
    const samples = await this.synthesize(language, text, signal);
    if (!samples) return null;
    const bytes = pcmBytes(samples);
    await this.write(file, bytes);
    // Best effort: an assembly resumed elsewhere would only synthesise it again.
    await this.storage.putBytes(key, bytes, 'application/octet-stream').catch(this.onError);
    return { file, samples: samples.length };
  }

  private async synthesize(language: Language, text: string, signal?: AbortSignal): Promise<Int16Array | null> {
    const tts = this.tts;
    if (!tts || !tts.supports(language) || text.trim() === '') return null;
    // Nobody is listening for it: the live sessions' speech on this node goes first.
    return resample(await tts.synthesize(text, language, signal, 'background'), CANDIDATE_AUDIO_RATE).samples;
  }

  /** Written under a unique temporary name and renamed: a reader never sees half an utterance, two writers do not collide. */
  private async write(file: string, bytes: Buffer): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
}

function hashOf(interviewId: string, language: Language, text: string): string {
  if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
  return createHash('sha256').update(`${language.code}\n${text}`).digest('hex').slice(0, 32);
}
