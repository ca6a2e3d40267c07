// The camera upload is authorised before a byte of its body is read: an
// upload that will be refused (no such interview, not agreed to, another
// site's page, past the end grace) is answered at once and its connection
// closed, while the client has sent only the first bytes of a declared 8 MiB
// body (raw sockets, so nothing buffers for us). Concurrent uploads are capped
// per interview and per client address.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { holdUpload, type HeldUpload } from './helpers/raw-upload.js';
import { createJobInterview, GOOD_ANSWERS } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { makeCameraWebm, startedInterview } from './helpers/camera-upload.js';

const EIGHT_MIB = 8 * 1024 * 1024;

let t: TestServer;
let key: string;
let dir: string;
let webm: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'upload-security-'));
  webm = await makeCameraWebm(dir, 2);
  t = await startTestServer({
    // A server that waited for the body would not answer within any test's time.
    HTTP_REQUEST_TIMEOUT_SECONDS: '900',
    // No results pipeline: an ended interview's upload is never sealed, so only the end grace can refuse it.
    JOBS_WORKER: 'false',
    VIDEO_END_GRACE_SECONDS: '0',
    VIDEO_UPLOADS_PER_INTERVIEW: '2',
    VIDEO_UPLOADS_PER_ADDRESS: '3',
  });
  key = await t.createKey();
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const progress = async (id: string) =>
  (await (await fetch(`${t.url}/candidate/interviews/${id}/video`)).json()) as { next_chunk: number; bytes: number };

/** Declares an 8 MiB chunk, sends 64 KiB of it and waits for the answer without sending more. */
async function refusedEarly(id: string, chunk: number, headers: Record<string, string> = {}) {
  const upload = holdUpload(t.url, `/candidate/interviews/${id}/video/${chunk}`, {
    declaredLength: EIGHT_MIB,
    first: webm.subarray(0, 64 * 1024),
    headers,
  });
  const answer = await upload.answer;
  // The server closes the connection instead of reading (or waiting for) the rest.
  await upload.closed;
  return { status: answer.status, detail: (JSON.parse(answer.body) as { detail: string }).detail, headers: answer.headers };
}

describe('camera uploads are authorised before their body is read', () => {
  it('an unknown interview is answered 404 with the body unread and the connection closed', async () => {
    const refused = await refusedEarly(randomUUID(), 0);
    expect(refused.status).toBe(404);
    expect(refused.detail).toBe('InterviewNotExist');
    expect(refused.headers.connection).toBe('close');
  }, 120_000);

  it('an interview the candidate has not agreed to yet is answered 409 before its body', async () => {
    const id = await createJobInterview(t, key);
    const refused = await refusedEarly(id, 0);
    expect(refused.status).toBe(409);
    expect(refused.detail).toMatch(/has not started/);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  }, 120_000);

  it("another site's page may neither upload (403 before the body) nor complete the upload", async () => {
    const id = await startedInterview(t, key);
    const refused = await refusedEarly(id, 0, { Origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.detail).toMatch(/origin/);
    const complete = await fetch(`${t.url}/candidate/interviews/${id}/video/complete`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(complete.status).toBe(403);
    // The candidate page's own origin is still let through.
    const own = await fetch(`${t.url}/candidate/interviews/${id}/video/0`, {
      method: 'PUT',
      headers: { origin: t.url, 'content-type': 'video/webm' },
      body: new Uint8Array(webm),
    });
    expect(own.status).toBe(201);
  }, 120_000);

  it('an ended interview past its end grace is answered 409 before the body', async () => {
    const id = await createJobInterview(t, key);
    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
    // The end is known to a tenth of a second (call_length): step past it rather than race it.
    t.clock.advance(1_000);
    const refused = await refusedEarly(id, 0);
    expect(refused.status).toBe(409);
    expect(refused.detail).toMatch(/does not take video now/);
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
  }, 180_000); // a whole interview is played first: minutes on a loaded machine

  it('caps the uploads in flight per interview and per client address (429), and frees them once answered', async () => {
    const [a, b, c] = [await startedInterview(t, key), await startedInterview(t, key), await startedInterview(t, key)];
    const held: HeldUpload[] = [];
    // An upload past all checks is being written to a file of its own in the interview's spool folder.
    const inFlight = (id: string) => {
      try {
        return readdirSync(path.join(t.database.env.DATA_DIR!, 'media', 'spool', id)).filter((name) => name.startsWith('incoming-')).length;
      } catch {
        return 0;
      }
    };
    const hold = async (id: string) => {
      const before = inFlight(id);
      const upload = holdUpload(t.url, `/candidate/interviews/${id}/video/0`, {
        declaredLength: webm.length,
        first: webm.subarray(0, 1024),
      });
      held.push(upload);
      await expect.poll(() => inFlight(id), { timeout: 60_000 }).toBe(before + 1);
      return upload;
    };
    // Once admitted, refused for its bytes (not a WebM): stores nothing.
    const probe = (id: string) =>
      fetch(`${t.url}/candidate/interviews/${id}/video/0`, {
        method: 'PUT',
        headers: { 'content-type': 'video/webm' },
        body: new Uint8Array(Buffer.from('not a webm file')),
      });
    try {
      const first = await hold(a);
      const second = await hold(a);
      // Two in flight for interview a: a third for it waits its turn.
      const third = await probe(a);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('1');
      expect((await third.json()).detail).toMatch(/in flight/);
      // Three in flight from this address (a, a, b): an upload for another interview is refused too.
      const other = await hold(b);
      expect((await probe(c)).status).toBe(429);

      for (const upload of [first, second, other]) upload.send(webm.subarray(1024));
      const answers = await Promise.all([first.answer, second.answer, other.answer]);
      // The same chunk twice with the same bytes: one stored, one an idempotent repeat.
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201, 201]);
      expect(await progress(a)).toEqual({ next_chunk: 1, bytes: webm.length });
      // Answered: the slots are free again.
      expect((await probe(c)).status).toBe(415);
    } finally {
      for (const upload of held) upload.destroy();
    }
  }, 120_000);
});
