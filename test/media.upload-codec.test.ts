// What a camera upload may hold, decided on its first chunk before anything
// is spooled (files made by ffmpeg here): WebM with VP8/VP9/AV1 video and
// Opus/Vorbis audio at a camera's packet rate. H.264 in Matroska (the same
// EBML magic bytes), H.264 under a forged "webm" DocType and a flood of tiny
// packets are refused with a clear 4xx; a chunk number already stored is taken
// again only with the same bytes.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { startedInterview } from './helpers/camera-upload.js';

const run = promisify(execFile);

let t: TestServer;
let key: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'upload-codec-'));
  t = await startTestServer();
  key = await t.createKey();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function make(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return readFileSync(file);
}

const put = (id: string, chunk: number, body: Buffer) =>
  fetch(`${t.url}/candidate/interviews/${id}/video/${chunk}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/webm' },
    body: new Uint8Array(body),
  });
const progress = async (id: string) =>
  (await (await fetch(`${t.url}/candidate/interviews/${id}/video`)).json()) as { next_chunk: number; bytes: number };

describe('the first camera chunk is probed before it is spooled', () => {
  it('refuses H.264 in Matroska (415) though it starts with the same EBML bytes', async () => {
    const mkv = await make('h264.mkv', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10',
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-f',
      'matroska',
    ]);
    expect(mkv.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    const id = await startedInterview(t, key);
    const refused = await put(id, 0, mkv);
    expect(refused.status).toBe(415);
    expect((await refused.json()).detail).toMatch(/must be WebM .*"matroska"/);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  });

  it('refuses H.264 under a forged "webm" DocType (415), naming the codec', async () => {
    const mkv = await make('h264-forged.mkv', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '2', '-c:v', 'libx264', '-c:a', 'libopus', '-f', 'matroska'],
    ]);
    // DocType "matroska" (8 bytes) becomes "webm" padded with NULs, as EBML allows.
    const at = mkv.indexOf('matroska');
    expect(at).toBeGreaterThan(0);
    Buffer.from('webm\0\0\0\0', 'latin1').copy(mkv, at);
    const id = await startedInterview(t, key);
    const refused = await put(id, 0, mkv);
    expect(refused.status).toBe(415);
    expect((await refused.json()).detail).toMatch(/VP8|vp8/);
    expect((await put(id, 0, mkv)).status).toBe(415);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  });

  it('refuses a WebM packed with tiny packets (422) before it can cost a remux', async () => {
    // 1,000 VP8 frames a second: far beyond any camera, cheap to make and ruinous to remux at scale.
    const flood = await make('flood.webm', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=16x16:rate=1000', '-t', '3'],
      ...['-c:v', 'libvpx', '-b:v', '50k', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm'],
    ]);
    const id = await startedInterview(t, key);
    const refused = await put(id, 0, flood);
    expect(refused.status).toBe(422);
    expect((await refused.json()).detail).toMatch(/packets/);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  });

  it('takes VP8 with Opus, and a repeated chunk only with the same bytes (409 otherwise)', async () => {
    const webm = await make('camera.webm', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '2', '-c:v', 'libvpx', '-b:v', '150k', '-c:a', 'libopus', '-f', 'webm'],
    ]);
    const id = await startedInterview(t, key);
    const half = Math.floor(webm.length / 2);
    const [first, second] = [webm.subarray(0, half), webm.subarray(half)];
    expect((await put(id, 0, first)).status).toBe(201);
    expect((await put(id, 1, second)).status).toBe(201);
    // The same number and length, other bytes: not the chunk that was stored.
    const forged = Buffer.from(second);
    forged.writeUInt8(forged.readUInt8(forged.length - 1) ^ 0xff, forged.length - 1);
    const conflict = await put(id, 1, forged);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).detail).toBe('Video chunk 1 was already stored with other bytes; send chunk 2');
    // The real repeat (an answer lost on the way) is still an idempotent 200.
    expect((await put(id, 1, second)).status).toBe(200);
    expect(await progress(id)).toEqual({ next_chunk: 2, bytes: webm.length });
  });
});
