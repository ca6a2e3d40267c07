// PocketSphinx, Debian's `pocketsphinx` + `pocketsphinx-en-us`: offline and
// English only. It has no Node binding, so each utterance gets its own
// `pocketsphinx_continuous` process, started when the utterance opens and fed
// raw 16 kHz PCM on stdin while the candidate speaks: the model loads and the
// decoding runs during the speech, and finish() only waits for the last frames.
//
// `-infile /dev/stdin` needs a real pipe: Node gives a child a socket, which
// the binary cannot open as a file, so a `cat` in front turns it into one.
// The pair runs in its own process group, and abort kills the group.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import type { Language } from '../../languages/language.js';
import { CANDIDATE_SAMPLE_RATE, pcmToBytes } from '../audio.js';
import { abortError, SpeechError } from '../speech-error.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';

export const POCKETSPHINX_BINARY = 'pocketsphinx_continuous';
/** Where pocketsphinx-en-us puts the US English model. */
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/**
 * Decoder arguments on top of the library's defaults, for the warm decoder and the process per
 * utterance alike. Empty: `-topn 2 -maxhmmpf 3000 -pl_window 3` halves the CPU per second of
 * audio (1.97x) with no word lost on the recordings of `npm run bench:voice:args`, but heard two
 * more of the 62 words of test/voice.e2e.test.ts wrong (27.4 % against 24.2 %), and the word error
 * rate through the pipeline may not get worse (issue 20); the table is in bench/README.md.
 */
export const POCKETSPHINX_SPEED_ARGS: readonly string[] = [];

/** Audio past this in one utterance is not decoded (a stuck microphone must not grow a process without end). */
const MAX_UTTERANCE_SECONDS = 300;
/** finish() waits at most this long beyond the audio's own length before giving up on the process. */
const FINISH_GRACE_MS = 15_000;
const STDERR_TAIL_CHARS = 2_000;

export interface PocketsphinxOptions {
  /** The binary (a name on PATH or a path). */
  binary?: string;
  /** Decoder processes at once (about 110 MB each); one more open() is a SpeechError instead of exhausting the machine. */
  maxStreams?: number;
  /** Arguments added to the defaults, e.g. ['-fwdflat', 'no'] for speed over accuracy. */
  extraArgs?: readonly string[];
}

export class PocketsphinxSpeechToText implements SpeechToText {
  readonly name = 'pocketsphinx';
  private readonly binary: string;
  private readonly extraArgs: readonly string[];
  private readonly maxStreams: number;
  private readonly streams = new Set<PocketsphinxStream>();

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? POCKETSPHINX_BINARY;
    this.extraArgs = options.extraArgs ?? [];
    this.maxStreams = options.maxStreams ?? 64;
  }

  /** Why PocketSphinx cannot run here, or null when the binary and the English model are installed. */
  static missing(binary: string = POCKETSPHINX_BINARY): string | null {
    if (!isExecutable(binary)) return `${binary} is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`;
    if (!isDirectory(POCKETSPHINX_MODEL_DIR))
      return `the English model is missing at ${POCKETSPHINX_MODEL_DIR} (Debian: apt-get install pocketsphinx-en-us)`;
    return null;
  }

  supports(language: Language): boolean {
    return language.speech.pocketsphinx;
  }

  open(language: Language): RecognitionStream {
    if (!this.supports(language)) throw new SpeechError(this.name, `no model for ${language.englishName}`);
    if (this.streams.size >= this.maxStreams) throw new SpeechError(this.name, `${this.maxStreams} recognitions are already running`);
    const stream = new PocketsphinxStream(this.binary, this.extraArgs, () => this.streams.delete(stream));
    this.streams.add(stream);
    return stream;
  }

  async close(): Promise<void> {
    for (const stream of [...this.streams]) stream.abort();
  }
}

class PocketsphinxStream implements RecognitionStream {
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; error: Error | null }>;
  private stdout = '';
  private stderr = '';
  private written = 0;
  private finishing: Promise<string> | null = null;
  private aborted = false;

  constructor(
    binary: string,
    extraArgs: readonly string[],
    private readonly onDone: () => void,
  ) {
    const args = [
      '-infile',
      '/dev/stdin',
      '-samprate',
      String(CANDIDATE_SAMPLE_RATE),
      '-logfn',
      '/dev/null',
      ...POCKETSPHINX_SPEED_ARGS,
      ...extraArgs,
    ];
    this.child = spawn('sh', ['-c', 'cat | exec "$0" "$@"', binary, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true, // its own process group, so abort reaches cat and the decoder
    });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_CHARS)));
    // A decoder that died early closes the pipe; the write errors are reported by finish().
    this.child.stdin!.on('error', () => {});
    this.exited = new Promise((resolve) => {
      let error: Error | null = null;
      this.child.once('error', (spawnError) => {
        error = spawnError;
        resolve({ code: null, error });
      });
      this.child.once('close', (code) => resolve({ code, error }));
    });
    void this.exited.then(() => this.onDone());
  }

  write(samples: Int16Array): void {
    if (this.aborted || this.finishing || samples.length === 0) return;
    if (this.written + samples.length > MAX_UTTERANCE_SECONDS * CANDIDATE_SAMPLE_RATE) return;
    this.written += samples.length;
    this.child.stdin!.write(pcmToBytes(samples));
  }

  finish(): Promise<string> {
    this.finishing ??= this.collect();
    return this.finishing;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.kill();
  }

  private async collect(): Promise<string> {
    if (this.aborted) throw abortError();
    this.child.stdin!.end();
    const limitMs = FINISH_GRACE_MS + (this.written / CANDIDATE_SAMPLE_RATE) * 1000;
    // Node's timer, not the Scheduler: a watchdog over a real child process, whose work takes real time.
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), limitMs)));
    const outcome = await Promise.race([this.exited, timedOut]).finally(() => clearTimeout(timer));
    if (this.aborted) throw abortError();
    if (outcome === 'timeout') {
      this.kill();
      throw new SpeechError('pocketsphinx', `no result within ${Math.round(limitMs / 1000)} s`);
    }
    if (outcome.error) throw new SpeechError('pocketsphinx', `cannot run: ${outcome.error.message}`, { cause: outcome.error });
    if (outcome.code !== 0) {
      const detail = this.stderr.trim().split('\n').pop() ?? '';
      throw new SpeechError('pocketsphinx', `exited with code ${outcome.code}${detail ? `: ${detail}` : ''}`);
    }
    // One line per stretch of speech it found; the utterance is all of them.
    return this.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join(' ');
  }

  private kill(): void {
    const pid = this.child.pid;
    if (pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Whether the shell finds the binary (as spawn will, on the same PATH). */
function isExecutable(binary: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$0" >/dev/null', binary], { stdio: 'ignore' }).status === 0;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
