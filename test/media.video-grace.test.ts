// The media step's wait for the page's last camera chunk when the page never
// says its upload is complete (it crashed, or lost its network at the end):
// the wait lasts VIDEO_END_GRACE_SECONDS after the session's end on the
// service's clock and scheduler, so here, on virtual time, the grace passes
// when the test moves the clock, not after two real minutes. A chunk that
// arrives within the grace is in the recording.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { makeCameraWebm, startedInterview } from './helpers/camera-upload.js';
import { details, eventually, GOOD_ANSWERS } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

const run = promisify(execFile);
const CHUNK = 16 * 1024;
const GRACE_SECONDS = 120;

let t: TestServer;
let key: string;
let dir: string;
let webm: Buffer;
// Virtual time moves only when the test says so: the ffmpeg deadlines and the job lease are far longer than any step here.
useTestServer(
  {
    JOBS_POLL_SECONDS: '0.1',
    JOBS_LEASE_SECONDS: '86400',
    MEDIA_DEADLINE_BASE_SECONDS: '86400',
    VIDEO_END_GRACE_SECONDS: String(GRACE_SECONDS),
    VIDEO_MAX_CHUNK_BYTES: String(CHUNK),
  },
  (server, k) => ([t, key] = [server, k]),
  { virtualTimers: true },
);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'video-grace-'));
  webm = await makeCameraWebm(dir, 4);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const put = (id: string, chunk: number, body: Buffer) =>
  fetch(`${t.url}/candidate/interviews/${id}/video/${chunk}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/webm' },
    body: new Uint8Array(body),
  });

async function videoDuration(id: string): Promise<number> {
  const { interview_video_recording: url } = (await (await t.api(key, `/interview/get-video-recording/${id}`)).json()) as {
    interview_video_recording: string;
  };
  const link = new URL(url);
  const file = path.join(dir, `${id}.webm`);
  writeFileSync(file, Buffer.from(await (await fetch(`${t.url}${link.pathname}${link.search}`)).arrayBuffer()));
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

describe('the wait for the last camera chunk', () => {
  it('takes a chunk within VIDEO_END_GRACE_SECONDS of virtual time and makes the recording once the grace has passed', async () => {
    const advance = (seconds: number) => t.scheduler!.advance(seconds * 1000);
    const id = await startedInterview(t, key);
    const chunks = Array.from({ length: Math.ceil(webm.length / CHUNK) }, (_, i) => webm.subarray(i * CHUNK, (i + 1) * CHUNK));
    const last = chunks.length - 1;
    for (let i = 0; i < last; i++) expect((await put(id, i, chunks[i]!)).status).toBe(201);
    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);

    // Half the grace later the page's last chunk arrives (and the page never says it is done): still taken.
    await advance(GRACE_SECONDS / 2);
    expect((await put(id, last, chunks[last]!)).status).toBe(201);
    expect((await details(t, key, id)).archival_status).not.toBe(1);

    // The grace runs out on the service's clock: the media step stops waiting at once, seals the upload and remuxes.
    await advance(GRACE_SECONDS / 2 + 1);
    await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 60_000);
    expect((await put(id, chunks.length, chunks[0]!)).status).toBe(409);
    // The whole 4 s picture, its last chunk included.
    expect(await videoDuration(id)).toBeGreaterThan(3.5);
  }, 120_000);
});
