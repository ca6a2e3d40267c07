// The interviewer's voice for the recording, made while the interview runs so
// that assembly does not wait for it: each utterance the session sends is
// synthesised in the background, one at a time, as a whole text (as the
// assembler would; the audio a voice session streams is made sentence by
// sentence, with other pauses, and may be cut short by a barge-in). Files live in the interview's work folder, named by a
// hash of the language and the text (the transcript entry's content), as
// 16 kHz PCM16; the assembler takes them as they are and synthesises only what
// is missing. Best effort: a failure here only means the assembler does it.

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../languages/language.js';
import { resample } from '../speech/audio.js';
import type { TextToSpeech } from '../speech/tts/text-to-speech.js';
import { CANDIDATE_AUDIO_RATE } from './candidate-audio.js';
import { pcmBytes } from './pcm.js';

const INTERVIEW_ID = /^[0-9a-f-]{36}$/;
const MAX_RELEASED = 10_000;

export class RecordingSpeech {
  /** Background syntheses, one at a time: the live sessions' own speech comes first. */
  private queue: Promise<void> = Promise.resolve();
  /** Interviews whose folder the assembly has taken over (or discarded): a late background synthesis writes nothing there. */
  private readonly released = new Set<string>();

  constructor(
    /** DATA_DIR/media/work: one folder per interview. */
    private readonly workRoot: string,
    private readonly tts: TextToSpeech | null,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  fileOf(interviewId: string, language: Language, text: string): string {
    if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
    const hash = createHash('sha256').update(`${language.code}\n${text}`).digest('hex').slice(0, 32);
    return path.join(this.workRoot, interviewId, `speech-${hash}.pcm`);
  }

  /** Synthesises the utterance in the background unless it is already there. */
  prepare(interviewId: string, language: Language, text: string): void {
    const wanted = () => !this.released.has(interviewId);
    const next = this.queue
      .then(() => (wanted() ? this.get(interviewId, language, text, undefined, wanted) : null))
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

  /** The utterance's file and length in samples, synthesised now if missing; null when no voice can say it. */
  async get(
    interviewId: string,
    language: Language,
    text: string,
    signal?: AbortSignal,
    stillWanted: () => boolean = () => true,
  ): Promise<{ file: string; samples: number } | null> {
    const file = this.fileOf(interviewId, language, text);
    const existing = await stat(file).catch(() => null);
    if (existing) return { file, samples: existing.size / 2 };
    const tts = this.tts;
    if (!tts || !tts.supports(language) || text.trim() === '') return null;
    const samples = resample(await tts.synthesize(text, language, signal), CANDIDATE_AUDIO_RATE).samples;
    if (!stillWanted()) return null;
    await this.write(file, samples);
    return { file, samples: samples.length };
  }

  /** Written under a unique temporary name and renamed: a reader never sees half an utterance, two writers do not collide. */
  private async write(file: string, samples: Int16Array): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await writeFile(partial, pcmBytes(samples), { mode: 0o600 });
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
}
