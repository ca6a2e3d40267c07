// The comparison issue 10 asks for: ffmpeg (@ffmpeg-installer/ffmpeg, what the
// service uses) against pure TypeScript. MP3: the same mixed PCM encoded by
// ffmpeg's libmp3lame and by @breezystack/lamejs. WebM: mediabunny has no Opus
// encoder in Node (it needs WebCodecs' AudioEncoder), so it cannot make the
// service's WebM alone; what it can do is the container remux with the streams
// copied, measured against ffmpeg doing the same.

import { spawn, execFile } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { Mp3Encoder } from '@breezystack/lamejs';
import { ALL_FORMATS, Conversion, FilePathSource, FilePathTarget, Input, Output, WebMOutputFormat, canEncodeAudio } from 'mediabunny';
import { FFMPEG_PATH, mp3EncodeArgs } from '../../src/media/ffmpeg.js';

const run = promisify(execFile);

export interface Measured {
  label: string;
  wallMs: number;
  /** CPU of this process and of the children it waited for (ffmpeg), user + system. */
  cpuMs: number;
  /** Peak resident memory of whatever did the work: this process's growth over its start, or the ffmpeg child's high-water mark. */
  peakBytes: number;
  outBytes: number;
  /** ffprobe's duration of the output, seconds (null: ffprobe could not read it). */
  probedSecs: number | null;
}

/** User + system CPU of this process and of its waited-for children, ms (/proc/self/stat utime..cstime). */
function cpuWithChildrenMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based, man 5 proc).
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks * 10; // CLK_TCK is 100 on Linux
}

function childPeakBytes(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // already gone
  }
}

export async function probeDuration(file: string): Promise<number | null> {
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
    const secs = Number(stdout.trim());
    return Number.isFinite(secs) ? secs : null;
  } catch {
    return null;
  }
}

async function measure(label: string, out: string, work: (track: (bytes: number) => void) => Promise<void>): Promise<Measured> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - rssBefore)), 20);
  const cpuBefore = cpuWithChildrenMs();
  const started = performance.now();
  await work((bytes) => (peak = Math.max(peak, bytes)));
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  return {
    label,
    wallMs,
    cpuMs: cpuWithChildrenMs() - cpuBefore,
    peakBytes: peak,
    outBytes: statSync(out).size,
    probedSecs: await probeDuration(out),
  };
}

/** ffmpeg with the service's arguments, the PCM file streamed into its stdin; peak = the child's VmHWM. */
export function mp3WithFfmpeg(pcm: string, sampleRate: number, out: string): Promise<Measured> {
  return measure('ffmpeg libmp3lame (child process)', out, async (track) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...mp3EncodeArgs(sampleRate, out)], {
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    const sampler = setInterval(() => track(childPeakBytes(child.pid!)), 5);
    const exited = once(child, 'close');
    createReadStream(pcm, { highWaterMark: sampleRate * 2 * 10 }).pipe(child.stdin);
    const [code] = (await exited) as [number];
    clearInterval(sampler);
    if (code !== 0) throw new Error(`ffmpeg exited ${code}`);
  });
}

/** @breezystack/lamejs in this process, ten seconds of PCM at a time, at the service's 48 kbit/s. */
export function mp3WithLamejs(pcm: string, sampleRate: number, out: string): Promise<Measured> {
  return measure('@breezystack/lamejs (in process)', out, async () => {
    const encoder = new Mp3Encoder(1, sampleRate, 48);
    const input = await open(pcm, 'r');
    const output = createWriteStream(out);
    const chunk = Buffer.alloc(sampleRate * 2 * 10);
    try {
      for (;;) {
        const { bytesRead } = await input.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        const samples = new Int16Array(chunk.buffer, chunk.byteOffset, bytesRead >> 1);
        const mp3 = encoder.encodeBuffer(samples);
        if (mp3.length > 0 && !output.write(Buffer.from(mp3))) await once(output, 'drain');
      }
      output.end(Buffer.from(encoder.flush()));
      await once(output, 'finish');
    } finally {
      await input.close();
    }
  });
}

/** ffmpeg's container remux with every stream copied (what mediabunny can do in Node). */
export function remuxCopyWithFfmpeg(webm: string, out: string): Promise<Measured> {
  return measure('ffmpeg, streams copied', out, async (track) => {
    const child = spawn(
      FFMPEG_PATH,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', webm, '-c', 'copy', '-f', 'webm', '-y', out],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const sampler = setInterval(() => track(childPeakBytes(child.pid!)), 5);
    const [code] = (await once(child, 'close')) as [number];
    clearInterval(sampler);
    if (code !== 0) throw new Error(`ffmpeg exited ${code}`);
  });
}

/** mediabunny's Conversion WebM -> WebM: packets copied, duration and cues written (Node: FilePathSource/Target). */
export function remuxCopyWithMediabunny(webm: string, out: string): Promise<Measured> {
  return measure('mediabunny, streams copied (in process)', out, async () => {
    const input = new Input({ source: new FilePathSource(webm), formats: ALL_FORMATS });
    const output = new Output({ format: new WebMOutputFormat(), target: new FilePathTarget(out) });
    const conversion = await Conversion.init({ input, output });
    if (!conversion.isValid) throw new Error('mediabunny refused the conversion');
    await conversion.execute();
  });
}

/** Whether mediabunny could encode the mixed audio to Opus here (it needs WebCodecs, which Node lacks). */
export function mediabunnyCanEncodeOpus(): Promise<boolean> {
  return canEncodeAudio('opus');
}
