// `cli erase` on an interview that has ended while its results pipeline has
// not run yet (no job worker here): from then on the candidate link writes
// nothing. The camera upload, its completion, the feedback, the page and the
// session socket all answer 410, and the spool of the upload that was in
// progress is gone and stays gone.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { playInterview } from '../src/cli/candidate-client.js';
import { interviewPrefix, spoolPrefix } from '../src/media/media-storage.js';
import { runTs } from './helpers/processes.js';
import { createJobInterview, details, GOOD_ANSWERS } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { makeCameraWebm } from './helpers/camera-upload.js';

let t: TestServer;
let key: string;
let dir: string;
let webm: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'erase-'));
  webm = await makeCameraWebm(dir, 2);
  // No job worker: the interview ends and its pipeline does not run, so the upload stays open for the grace.
  t = await startTestServer({ JOBS_WORKER: 'false', VIDEO_END_GRACE_SECONDS: '120' });
  key = await t.createKey();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runTs('src/cli/main.ts', args, { ...t.database.env, LOG_LEVEL: 'silent' });
const video = (id: string, suffix: string, init: RequestInit = {}) => fetch(`${t.url}/candidate/interviews/${id}/video${suffix}`, init);
const put = (id: string, chunk: number, body: Buffer) =>
  video(id, `/${chunk}`, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: new Uint8Array(body) });

/** The status the server answers a WebSocket upgrade with (101 when a socket opens). */
function upgradeStatus(id: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/candidate/interviews/${id}/session`);
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('an erased interview', () => {
  it('refuses every candidate route (410) after cli erase, and no spool file remains', async () => {
    const id = await createJobInterview(t, key);
    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
    const half = Math.floor(webm.length / 2);
    // Within the end grace the page's last chunks are still taken.
    expect((await put(id, 0, webm.subarray(0, half))).status).toBe(201);
    // The chunk is in the shared store (any node may remux it); this node keeps nothing of it.
    const { storage, candidateAudio } = t.server.container.media;
    // A piece of the candidate's microphone a voice session left there too.
    await candidateAudio.append(id, Date.now(), new Int16Array(1_600).fill(500));
    const spooled = (await storage.list(spoolPrefix(id))).map((object) => object.key);
    expect(spooled).toContain(`${spoolPrefix(id)}video/000000.webm`);
    expect(spooled.filter((key) => key.startsWith(`${spoolPrefix(id)}candidate/`))).toHaveLength(1);
    const spool = path.join(t.database.env.DATA_DIR!, 'media', 'spool', id);
    expect(existsSync(spool)).toBe(false);
    expect((await details(t, key, id)).archival_status).toBe(0);

    const erased = await cli('erase', id);
    expect(erased.stderr).toBe('');
    expect(erased.code).toBe(0);

    const chunk = await put(id, 1, webm.subarray(half));
    expect(chunk.status).toBe(410);
    expect((await chunk.json()).detail).toMatch(/erased/);
    expect((await video(id, '/complete', { method: 'POST' })).status).toBe(410);
    expect((await video(id, '')).status).toBe(410);
    const feedback = await fetch(`${t.url}/candidate/interviews/${id}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 5, comment: 'my name is Jane Doe' }),
    });
    expect(feedback.status).toBe(410);
    const page = await fetch(`${t.url}/interview?iid=${id}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toMatch(/erased/);
    expect(await upgradeStatus(id)).toBe(410);

    // Nothing the candidate sent stays: no spool, no feedback.
    expect(await storage.list(interviewPrefix(id))).toEqual([]);
    expect(existsSync(spool)).toBe(false);
    const record = (await (await t.api(key, `/interview/details/${id}`)).json()) as { feedback: unknown };
    expect(record.feedback).toBeNull();
  }, 120_000);
});
