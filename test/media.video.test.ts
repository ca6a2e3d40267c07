// The camera recording: the page uploads a MediaRecorder WebM in chunks while
// the session runs (here: a real VP8/Opus WebM made by ffmpeg, cut into
// chunks); a reconnect resumes where the server says; hostile uploads get
// clear 4xx and change nothing; after the interview the recording is a
// seekable WebM with a duration, its video and the mixed audio.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { createJobInterview, eventually, details, GOOD_ANSWERS } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { makeCameraWebm, startedInterview } from './helpers/camera-upload.js';

const run = promisify(execFile);
const CHUNK = 16 * 1024;

let t: TestServer;
let key: string;
let dir: string;
let webm: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'video-'));
  webm = await makeCameraWebm(dir, 4);
  t = await startTestServer({
    JOBS_POLL_SECONDS: '0.1',
    VIDEO_MAX_CHUNK_BYTES: String(CHUNK),
    VIDEO_MAX_BYTES: String(webm.length + CHUNK),
  });
  key = await t.createKey();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const put = (id: string, chunk: number | string, body: Buffer, type = 'video/webm') =>
  fetch(`${t.url}/candidate/interviews/${id}/video/${chunk}`, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  });
const complete = (id: string) => fetch(`${t.url}/candidate/interviews/${id}/video/complete`, { method: 'POST' });
const progress = async (id: string) =>
  (await (await fetch(`${t.url}/candidate/interviews/${id}/video`)).json()) as { next_chunk: number; bytes: number };
const chunksOf = (bytes: Buffer) =>
  Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK));

async function probe(file: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file]);
  return JSON.parse(stdout) as { format: { duration?: string }; streams: { codec_type: string }[] };
}

describe('the camera upload', () => {
  it('takes nothing before the candidate has started the interview', async () => {
    const id = await createJobInterview(t, key);
    const early = await put(id, 0, chunksOf(webm)[0]!);
    expect(early.status).toBe(409);
    expect((await early.json()).detail).toMatch(/has not started/);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  });

  it('refuses hostile chunks with clear errors and stores nothing', async () => {
    const id = await startedInterview(t, key);
    const notWebm = await put(id, 0, Buffer.from('RIFF....WAVEfmt '));
    expect(notWebm.status).toBe(415);
    expect((await notWebm.json()).detail).toMatch(/WebM/);
    const tooLarge = await put(id, 0, Buffer.alloc(CHUNK + 1, 1));
    expect(tooLarge.status).toBe(413);
    // The limit named is the chunk limit (VIDEO_MAX_CHUNK_BYTES), not the global body limit.
    expect((await tooLarge.json()).detail).toBe(`Request body is larger than ${CHUNK} bytes`);
    const outOfOrder = await put(id, 2, chunksOf(webm)[2]!);
    expect(outOfOrder.status).toBe(409);
    expect((await outOfOrder.json()).detail).toBe('Expected video chunk 0, got 2');
    expect((await put(id, 'x1', webm.subarray(0, 10))).status).toBe(422);
    expect((await put(id, 0, webm.subarray(0, 10), 'text/plain')).status).toBe(415);
    expect((await put('00000000-0000-4000-8000-000000000000', 0, webm.subarray(0, 10))).status).toBe(404);
    expect((await put('not-an-id', 0, webm.subarray(0, 10))).status).toBe(404);
    expect((await complete('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await complete('not-an-id')).status).toBe(404);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  });

  it('resumes after a reconnect and yields a seekable WebM with a duration, video and the mixed audio', async () => {
    const id = await startedInterview(t, key);
    const chunks = chunksOf(webm);
    const half = Math.floor(chunks.length / 2);
    for (let i = 0; i < half; i++) expect((await put(id, i, chunks[i]!)).status).toBe(201);
    // The connection dropped after the last chunk was stored but before its answer: the page sends it again, then asks where to go on.
    expect((await put(id, half - 1, chunks[half - 1]!)).status).toBe(200);
    const resumed = await progress(id);
    expect(resumed).toEqual({ next_chunk: half, bytes: chunks.slice(0, half).reduce((n, c) => n + c.length, 0) });
    // Another interview's upload does not mix in.
    const other = await startedInterview(t, key);
    expect((await put(other, half, chunks[half]!)).status).toBe(409);
    for (let i = resumed.next_chunk; i < chunks.length; i++) expect((await put(id, i, chunks[i]!)).status).toBe(201);
    expect((await progress(id)).bytes).toBe(webm.length);
    // The page stopped recording and says so: the media step need not wait for more chunks.
    const completed = await complete(id);
    expect(completed.status).toBe(200);
    expect(await completed.json()).toEqual({ next_chunk: chunks.length, bytes: webm.length });

    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
    await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 30_000);
    // The recording is being made or done: no more chunks.
    expect((await put(id, chunks.length, chunks[0]!)).status).toBe(409);
    expect((await complete(id)).status).toBe(409);
    // The upload's spool goes once the recording was stored (just after the commit); the refused calls did not make it again.
    await eventually(async () => expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 }));

    const { interview_video_recording: url } = (await (await t.api(key, `/interview/get-video-recording/${id}`)).json()) as {
      interview_video_recording: string;
    };
    const link = new URL(url);
    const response = await fetch(`${t.url}${link.pathname}${link.search}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/webm');
    const file = path.join(dir, 'downloaded.webm');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const probed = await probe(file);
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Number(probed.format.duration)).toBeGreaterThan(3);
  }, 120_000);
});
