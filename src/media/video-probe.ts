// The first chunk of a camera upload is probed before anything is spooled:
// only a WebM (EBML DocType "webm") with VP8/VP9/AV1 video and Opus/Vorbis
// audio is taken, because anything else (H.264 in Matroska starts with the
// same EBML bytes) would only fail later in the remux, after costing it. And a
// chunk packed with tiny packets (millions of them make a remux run for
// minutes) is refused by its packet rate. ffmpeg copies the packets into its
// framecrc muxer (no decoding) and stops after a bounded number of packets.

import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Scheduler } from '../common/clock.js';
import { FFMPEG_PATH } from './ffmpeg.js';

export const VIDEO_CODECS: readonly string[] = ['vp8', 'vp9', 'av1'];
export const AUDIO_CODECS: readonly string[] = ['opus', 'vorbis'];
/** A camera at 60 fps with Opus audio (50 packets a second) sends about 110 packets a second. */
export const MAX_PACKETS_PER_SECOND = 300;
/** Packets read from the first chunk: enough to measure the rate, few enough to stay cheap. */
const PROBED_PACKETS = 3_000;
const PROBE_TIMEOUT_MS = 15_000;

export type ProbeVerdict = { ok: true } | { ok: false; code: 'not_webm' | 'unsupported_codec' | 'packet_flood'; detail: string };

interface StreamInfo {
  type: string;
  codec: string;
  /** Seconds per timestamp unit. */
  timeBase: number;
}

/** The EBML header's DocType ("webm", "matroska"), or null when the bytes do not start an EBML document. */
export function ebmlDocType(head: Buffer): string | null {
  const header = readElement(head, 0);
  if (!header || header.id !== 0x1a45dfa3) return null;
  const end = Math.min(head.length, header.dataStart + header.size);
  for (let at = header.dataStart; at < end;) {
    const child = readElement(head, at);
    if (!child) return null;
    if (child.id === 0x4282)
      return head
        .subarray(child.dataStart, child.dataStart + child.size)
        .toString('latin1')
        .replace(/\0+$/, '');
    at = child.dataStart + child.size;
  }
  return null;
}

/** An EBML element's id (with its length marker) and data size at `at`. */
function readElement(buffer: Buffer, at: number): { id: number; size: number; dataStart: number } | null {
  const idLength = vintLength(buffer[at]);
  if (idLength === 0 || idLength > 4 || at + idLength > buffer.length) return null;
  const id = buffer.readUIntBE(at, idLength);
  const sizeAt = at + idLength;
  const sizeLength = vintLength(buffer[sizeAt]);
  if (sizeLength === 0 || sizeAt + sizeLength > buffer.length) return null;
  let size = buffer[sizeAt]! & (0xff >> sizeLength);
  for (let i = 1; i < sizeLength; i++) size = size * 256 + buffer[sizeAt + i]!;
  return { id, size, dataStart: sizeAt + sizeLength };
}

function vintLength(first: number | undefined): number {
  if (first === undefined || first === 0) return 0;
  return Math.clz32(first) - 23;
}

/** The verdict on a file holding the first chunk of an upload. */
export async function probeFirstChunk(file: string, scheduler: Scheduler): Promise<ProbeVerdict> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(256);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const docType = ebmlDocType(head);
  if (docType !== 'webm') {
    return {
      ok: false,
      code: 'not_webm',
      detail: `The camera recording must be WebM (EBML DocType "webm"); this one is ${docType === null ? 'not a WebM file' : `"${docType}"`}`,
    };
  }
  const packets = await readPackets(file, scheduler);
  if (packets.streams.size === 0) return { ok: false, code: 'not_webm', detail: 'The first video chunk holds no readable WebM tracks' };
  for (const stream of packets.streams.values()) {
    const allowed = stream.type === 'video' ? VIDEO_CODECS : stream.type === 'audio' ? AUDIO_CODECS : [];
    if (!allowed.includes(stream.codec)) {
      return {
        ok: false,
        code: 'unsupported_codec',
        detail: `The camera recording must be WebM with ${VIDEO_CODECS.join('/')} video and ${AUDIO_CODECS.join('/')} audio; it has ${stream.type} in ${stream.codec}`,
      };
    }
  }
  const span = packets.lastSeconds - packets.firstSeconds;
  if (packets.count > MAX_PACKETS_PER_SECOND * Math.max(1, span)) {
    return {
      ok: false,
      code: 'packet_flood',
      detail: `The camera recording holds ${packets.count} packets in ${span.toFixed(2)} s of media; at most ${MAX_PACKETS_PER_SECOND} per second are taken`,
    };
  }
  return { ok: true };
}

/** The streams and up to PROBED_PACKETS packets of the file, by ffmpeg's framecrc muxer (a stream copy: nothing decoded). */
function readPackets(
  file: string,
  scheduler: Scheduler,
): Promise<{ streams: Map<number, StreamInfo>; count: number; firstSeconds: number; lastSeconds: number }> {
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framecrc', '-'];
  const child = spawn(FFMPEG_PATH, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const streams = new Map<number, StreamInfo>();
  const stream = (index: number): StreamInfo => {
    let info = streams.get(index);
    if (!info) streams.set(index, (info = { type: '', codec: '', timeBase: 0.001 }));
    return info;
  };
  let count = 0;
  let firstSeconds = Infinity;
  let lastSeconds = -Infinity;
  const timer = scheduler.setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const header = /^#(tb|media_type|codec_id) (\d+): (.+)$/.exec(line);
    if (header) {
      const info = stream(Number(header[2]));
      if (header[1] === 'media_type') info.type = header[3]!.trim();
      else if (header[1] === 'codec_id') info.codec = header[3]!.trim();
      else {
        const [num, den] = header[3]!.split('/').map(Number);
        if (num && den) info.timeBase = num / den;
      }
      return;
    }
    const packet = /^(\d+),\s*(-?\d+),\s*(-?\d+),/.exec(line);
    if (!packet) return;
    const seconds = Number(packet[3]) * stream(Number(packet[1])).timeBase;
    firstSeconds = Math.min(firstSeconds, seconds);
    lastSeconds = Math.max(lastSeconds, seconds);
    if (++count >= PROBED_PACKETS) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      timer.clear();
      reject(error);
    });
    // A truncated chunk makes ffmpeg exit with an error after its last packet: what it read is the verdict.
    child.once('close', () => {
      timer.clear();
      resolve({ streams, count, firstSeconds: count ? firstSeconds : 0, lastSeconds: count ? lastSeconds : 0 });
    });
  });
}
