// ffmpeg from the npm registry (@ffmpeg-installer/ffmpeg ships the binary in
// the package, so it installs offline). Audio goes in through stdin and out to
// a file: nothing of a recording is held in memory.

import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

export const FFMPEG_PATH: string = ffmpegInstaller.path;

export interface FfmpegRun {
  /** Writes to ffmpeg's stdin, waiting while its pipe is full (back-pressure). */
  write(chunk: Buffer): Promise<void>;
  /** Closes stdin and waits for ffmpeg to finish; rejects with its last error lines. */
  finish(): Promise<void>;
  kill(): void;
}

export function runFfmpeg(args: readonly string[], signal?: AbortSignal): FfmpegRun {
  const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    ...(signal ? { signal } : {}),
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, killed) => {
      if (code === 0) resolve();
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
export async function hasVideoStream(file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', () => resolve(/Stream #\d+:\d+.*: Video:/.test(stderr)));
  });
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
