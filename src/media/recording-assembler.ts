// Builds an interview's mixed MP3 after it ended: every interviewer entry is
// synthesised on the server (so a typed interview has the interviewer's voice
// too), placed on the timeline with the candidate's spooled audio, mixed a
// second at a time and piped into ffmpeg. Its inputs come from the shared
// store (the candidate's audio pieces and the utterances the sessions
// prepared: any node may have run the session) into this node's work folder;
// the utterances it has to synthesise itself go to the store too, so an
// assembly interrupted by a crash resumes, here or on another worker, without
// synthesising again. The MP3 is written under a temporary name and renamed,
// so a half-written recording is never taken for a finished one.

import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../languages/language.js';
import { CANDIDATE_AUDIO_RATE, type StoredCandidateAudio } from './candidate-audio.js';
import { mp3EncodeArgs, runFfmpeg } from './ffmpeg.js';
import type { MediaDeadlines } from './media-deadline.js';
import { mixSources, type PcmSource } from './mixer.js';
import type { RecordingSpeech } from './recording-speech.js';
import { buildTimeline, estimateSpeechMs, type PlacedEntry } from './timeline.js';

const RATE = CANDIDATE_AUDIO_RATE;
const SAMPLES_PER_MS = RATE / 1000;

export interface AssemblyEntry {
  seq: number;
  role: string;
  content: string;
  atMs: number;
}

export interface AssemblyInput {
  interviewId: string;
  language: Language;
  startMs: number;
  sessionEndMs: number | null;
  entries: readonly AssemblyEntry[];
}

export interface AssembledRecording {
  file: string;
  bytes: number;
  durationMs: number;
  entries: PlacedEntry[];
  /** Interviewer entries no voice could say (no synthesizer for the language, or it failed): silent, with an estimated length. */
  unspoken: number;
}

export interface MixPlan {
  sources: PcmSource[];
  totalSamples: number;
  durationMs: number;
  entries: PlacedEntry[];
  unspoken: number;
}

export interface RecordingAssemblerDeps {
  /** DATA_DIR/media/work: one folder per interview, removed once the recording is stored. */
  workRoot: string;
  /** The candidate's audio pieces in the shared store. */
  spool: StoredCandidateAudio;
  /** The interviewer's speech: prepared by the sessions, or synthesised here (shared with the voice channels). */
  speech: RecordingSpeech;
  /** Bounds the MP3 encode by the recording's length (none: unbounded, for the bench). */
  deadlines?: MediaDeadlines;
}

export class RecordingAssembler {
  private readonly speech: RecordingSpeech;

  constructor(private readonly deps: RecordingAssemblerDeps) {
    this.speech = deps.speech;
  }

  workDir(interviewId: string): string {
    return path.join(this.deps.workRoot, interviewId);
  }

  /** The finished local recording, once assembled (the archive step uploads it). */
  recordingFile(interviewId: string): string {
    return path.join(this.workDir(interviewId), 'recording.mp3');
  }

  /** The remuxed camera recording, once the page uploaded one. */
  videoFile(interviewId: string): string {
    return path.join(this.workDir(interviewId), 'recording.webm');
  }

  async assemble(input: AssemblyInput, signal?: AbortSignal): Promise<AssembledRecording> {
    const plan = await this.plan(input, signal);
    const output = this.recordingFile(input.interviewId);
    const partial = `${output}.part`;
    const ffmpeg = runFfmpeg(mp3EncodeArgs(RATE, partial), signal, this.deps.deadlines?.forRecording(plan.durationMs));
    try {
      // Ten seconds at a time: 320 KB per chunk, whatever the interview's length.
      await mixSources(plan.sources, plan.totalSamples, RATE * 10, (chunk) => ffmpeg.write(chunk));
      await ffmpeg.finish();
    } catch (error) {
      ffmpeg.kill();
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, output);
    return { file: output, bytes: (await stat(output)).size, durationMs: plan.durationMs, entries: plan.entries, unspoken: plan.unspoken };
  }

  /** Where every sound goes on the timeline (synthesising what the work folder lacks); mixSources() plays it. */
  async plan(input: AssemblyInput, signal?: AbortSignal): Promise<MixPlan> {
    const dir = this.workDir(input.interviewId);
    this.speech.release(input.interviewId);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const speechMs = new Map<number, number>();
    const sources: PcmSource[] = [];
    const speechFiles = new Map<number, { file: string; samples: number }>();
    let unspoken = 0;
    for (const entry of input.entries) {
      if (entry.role !== 'assistant') continue;
      const speech = await this.speechOf(input.interviewId, entry, input.language, signal);
      if (speech) {
        speechFiles.set(entry.seq, speech);
        speechMs.set(entry.seq, speech.samples / SAMPLES_PER_MS);
      } else {
        unspoken++;
        speechMs.set(entry.seq, estimateSpeechMs(entry.content));
      }
    }
    // Collected afresh each time: a piece a late node stored after an earlier attempt is not missed.
    const spoolFile = path.join(dir, 'candidate.pcm');
    const segments = await this.deps.spool.collect(input.interviewId, spoolFile);
    const timeline = buildTimeline({
      startMs: input.startMs,
      sessionEndMs: input.sessionEndMs,
      entries: input.entries,
      speechMs,
      candidate: segments.map((s) => ({ startMs: s.startMs, durationMs: s.samples / SAMPLES_PER_MS })),
    });
    for (const placed of timeline.entries) {
      const speech = speechFiles.get(placed.seq);
      if (speech)
        sources.push({ file: speech.file, byteOffset: 0, samples: speech.samples, atSample: Math.round(placed.beginMs * SAMPLES_PER_MS) });
    }
    for (const segment of segments) {
      sources.push({
        file: spoolFile,
        byteOffset: segment.byteOffset,
        samples: segment.samples,
        atSample: Math.round((segment.startMs - input.startMs) * SAMPLES_PER_MS),
      });
    }
    return {
      sources,
      totalSamples: Math.ceil(timeline.durationMs * SAMPLES_PER_MS),
      durationMs: timeline.durationMs,
      entries: timeline.entries,
      unspoken,
    };
  }

  async discard(interviewId: string): Promise<void> {
    this.speech.release(interviewId);
    // An assembly still running (a reset during the media step) may add a file while the folder goes: retry.
    await rm(this.workDir(interviewId), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  /** The utterance as 16 kHz PCM in the work folder (made during the session, or now, once); null when no voice can say it. */
  private async speechOf(
    interviewId: string,
    entry: AssemblyEntry,
    language: Language,
    signal: AbortSignal | undefined,
  ): Promise<{ file: string; samples: number } | null> {
    try {
      return await this.speech.get(interviewId, language, entry.content, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      return null;
    }
  }
}
