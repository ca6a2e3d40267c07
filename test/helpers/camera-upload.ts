// Camera uploads for media tests: recordings made by ffmpeg (the system's, as
// a browser or an attacker would make them), put in the spool of an interview
// the candidate has started.

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { connect, createJobInterview } from './session.js';
import type { TestServer } from './test-server.js';
import { spoolPrefix } from '../../src/media/media-storage.js';

const run = promisify(execFile);

/** A camera recording as a browser makes it: VP8 video (a test pattern) and Opus audio (a tone) in WebM. */
export async function makeCameraWebm(dir: string, seconds: number): Promise<Buffer> {
  const file = path.join(dir, `camera-${seconds}s.webm`);
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(seconds), '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '150k', '-c:a', 'libopus', '-f', 'webm', file],
  ]);
  return readFileSync(file);
}

/** H.264 in Matroska: the same EBML magic as a WebM, so the upload takes it, but no WebM can hold the video. */
export async function makeH264Matroska(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'camera-h264.mkv');
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '4', '-c:v', 'libx264', '-c:a', 'libopus', '-f', 'matroska', file],
  ]);
  return readFileSync(file);
}

/**
 * A VP8 WebM of `loops` x 20,000 tiny packets (16x16 frames at 1000 fps, the
 * first 20 s looped by stream copy): cheap to upload per byte, costly to remux
 * per packet (about 7 us each for the service's ffmpeg on an idle core).
 */
export async function makePacketFlood(dir: string, loops: number): Promise<Buffer> {
  const seed = path.join(dir, 'flood-seed.webm');
  const file = path.join(dir, 'flood.webm');
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'color=black:size=16x16:rate=1000', '-t', '20'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '10k', '-f', 'webm', seed],
  ]);
  await run('ffmpeg', ['-v', 'error', '-stream_loop', String(loops - 1), '-i', seed, '-c', 'copy', '-f', 'webm', file]);
  return readFileSync(file);
}

/** An interview the candidate has started (nothing is recorded before), its session closed again. */
export async function startedInterview(t: TestServer, key: string): Promise<string> {
  const id = await createJobInterview(t, key);
  const client = await connect(t, id);
  await client.turn();
  await client.close();
  return id;
}

/**
 * Puts a whole camera recording into the interview's spool as an upload the page
 * said is complete, the way a node of an earlier version (without the first
 * chunk's probe) left it during an upgrade: the upload route now refuses such
 * files (test/media.upload-codec.test.ts), and the media step must still hold
 * its deadline and degrade for a spool it is handed anyway.
 */
export async function spoolCamera(t: TestServer, id: string, bytes: Buffer): Promise<void> {
  const { storage } = t.server.container.media;
  await storage.putBytes(`${spoolPrefix(id)}video/000000.webm`, bytes, 'video/webm');
  const meta = { next_chunk: 1, bytes: bytes.length, lastChunkBytes: bytes.length, complete: true, sealed: false };
  await storage.putBytes(`${spoolPrefix(id)}video.json`, JSON.stringify(meta), 'application/json');
}
