// ffmpeg from the npm registry (@ffmpeg-installer/ffmpeg ships the binary in
// the package, so it installs offline). Audio goes in through stdin and out to
// a file: nothing of a recording is held in memory.

import { spawn, type ChildProcess } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Scheduler } from '../common/clock.js';

export const FFMPEG_PATH: string = ffmpegInstaller.path;

export interface FfmpegRun {
  /** Writes to ffmpeg's stdin, waiting while its pipe is full (back-pressure). */
  write(chunk: Buffer): Promise<void>;
  /** Closes stdin and waits for ffmpeg to finish; rejects with its last error lines. */
  finish(): Promise<void>;
  kill(): void;
}

/** How long one ffmpeg run may take before it is killed (timed on the service's Scheduler). */
export interface FfmpegDeadline {
  ms: number;
  scheduler: Scheduler;
}

/** ffmpeg ran past its deadline and was killed: its input costs more than its recording's length allows. */
export class FfmpegDeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number) {
    super(`ffmpeg killed after its deadline of ${(deadlineMs / 1000).toFixed(1)} s`);
    this.name = 'FfmpegDeadlineExceeded';
  }
}

export function runFfmpeg(args: readonly string[], signal?: AbortSignal, deadline?: FfmpegDeadline): FfmpegRun {
  const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    ...(signal ? { signal } : {}),
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const timer = killAtDeadline(child, deadline);
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => {
      timer.clear();
      reject(error);
    });
    child.once('close', (code, killed) => {
      timer.clear();
      if (timer.fired && deadline) reject(new FfmpegDeadlineExceeded(deadline.ms));
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${killed ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
  // A write error (ffmpeg died) surfaces through `exited`. When the caller gives up
  // before finish() (and kills it), nobody awaits `exited`: that is not an unhandled rejection.
  child.stdin.on('error', () => {});
  exited.catch(() => {});
  return {
    async write(chunk) {
      if (!child.stdin.write(chunk)) {
        await Promise.race([new Promise<void>((resolve) => child.stdin.once('drain', () => resolve())), exited]);
      }
    },
    async finish() {
      child.stdin.end();
      await exited;
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}

/** Arguments encoding raw PCM16 mono from stdin to an MP3 file. */
export function mp3EncodeArgs(sampleRate: number, output: string): string[] {
  return [
    '-f',
    's16le',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    // LAME quality 7: about half the CPU of the default for speech that sounds the same.
    '-compression_level',
    '7',
    '-f',
    'mp3',
    '-y',
    output,
  ];
}

/** Whether the file has a video stream (ffmpeg prints the streams of its input, then refuses to run without an output). */
export async function hasVideoStream(file: string, deadline?: FfmpegDeadline): Promise<boolean> {
  return (await videoCodecOf(file, deadline)) !== null;
}

/** The codec of the file's first video stream as ffmpeg names it (vp8, vp9, av1, h264, ...); null without one. */
export async function videoCodecOf(file: string, deadline?: FfmpegDeadline): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    const timer = killAtDeadline(child, deadline);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // The stream list comes first; a crafted file must not grow this without bound.
      if (stderr.length < 64_000) stderr += chunk.toString();
    });
    child.once('error', (error) => {
      timer.clear();
      reject(error);
    });
    child.once('close', () => {
      timer.clear();
      if (timer.fired && deadline) reject(new FfmpegDeadlineExceeded(deadline.ms));
      else resolve(/Stream #\d+:\d+.*?: Video: ([\w-]+)/.exec(stderr)?.[1] ?? null);
    });
  });
}

/** Arms the deadline: SIGKILL once it passes (ffmpeg gets no chance to finish a file). */
function killAtDeadline(child: ChildProcess, deadline: FfmpegDeadline | undefined): { fired: boolean; clear(): void } {
  const state = { fired: false, clear: () => {} };
  if (!deadline) return state;
  const handle = deadline.scheduler.setTimeout(() => {
    state.fired = true;
    child.kill('SIGKILL');
  }, deadline.ms);
  state.clear = () => handle.clear();
  return state;
}

/**
 * The uploaded camera recording's video with the mixed audio of the recording,
 * into a WebM that players can seek (ffmpeg writes the duration and cues that
 * a MediaRecorder stream lacks). The video is copied, not re-encoded.
 */
export function webmRemuxArgs(video: string, mixedAudio: string, output: string): string[] {
  return [
    '-i',
    video,
    '-i',
    mixedAudio,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0',
    '-c:v',
    'copy',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    // Speech: the VoIP mode at the lowest complexity encodes several times faster at this bit rate.
    '-application',
    'voip',
    '-compression_level',
    '0',
    '-f',
    'webm',
    '-y',
    output,
  ];
}
