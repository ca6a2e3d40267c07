// Media work neither holds up nor breaks an interview's results. A candidate
// upload that makes the remux slow (a packet flood made by ffmpeg) does not
// delay another tenant's hand-off and evaluation; past its deadline the remux
// is killed and logged; and a camera upload no video can be made of (H.264 in
// Matroska) still leaves the MP3, the archive and the webhook, saying why the
// video is missing. The upload route refuses both files at their first chunk
// now; the recordings are put in the spool as a node of an earlier version
// left them (spoolCamera), since the media step must hold for those too.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { spoolPrefix } from '../src/media/media-storage.js';
import { makeH264Matroska, makePacketFlood, spoolCamera, startedInterview } from './helpers/camera-upload.js';
import { details, eventually, GOOD_ANSWERS, logs } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { expectValid, mediaProcessedSchema } from './helpers/webhook-envelope-schema.js';
import { createEndpoint, DELIVERY_ENV, FAST_WORKER } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const CHUNK = 16 * 1024 * 1024;

let dir: string;
let flood: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'media-work-'));
  // About 3 million packets (78 MB): the remux takes about 12 s of a core on a quiet machine, 20 s or more on a busy one.
  flood = await makePacketFlood(dir, 150);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recordingUrl = async (t: TestServer, key: string, id: string, kind: 'recording' | 'video-recording') => {
  const response = await t.api(key, `/interview/get-${kind}/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as Record<string, string>;
  return kind === 'recording' ? body.interview_recording! : body.interview_video_recording!;
};

describe("one tenant's slow media work", () => {
  let t: TestServer;

  beforeAll(async () => {
    // A generous deadline: here the slow remux is allowed to finish.
    t = await startTestServer({ JOBS_POLL_SECONDS: '0.1', VIDEO_MAX_CHUNK_BYTES: String(CHUNK), MEDIA_DEADLINE_BASE_SECONDS: '900' });
  });
  afterAll(async () => t?.close(), 180_000);

  it("does not delay another tenant's interview being handed over and evaluated", async () => {
    const keyA = await t.createKey({ user: `tenant-a-${process.pid}` });
    const keyB = await t.createKey({ user: `tenant-b-${process.pid}` });
    const a = await startedInterview(t, keyA);
    await spoolCamera(t, a, flood);
    const b = await startedInterview(t, keyB);
    expect((await playInterview(t.url, a, GOOD_ANSWERS)).endingReason).toBe(1);
    // Tenant A's recording is being made (its remux is the slow part) when tenant B's interview ends.
    await eventually(async () => expect((await details(t, keyA, a)).archival_status).toBe(2), 60_000);
    expect((await playInterview(t.url, b, GOOD_ANSWERS)).endingReason).toBe(1);
    const endedB = Date.now();
    await eventually(async () => expect((await t.api(keyB, `/interview/evaluation-report/${b}`)).status).toBe(200), 120_000);
    const handOverMs = Date.now() - endedB;
    expect(await logs(t, keyB, b)).toMatch(/handed over to the results pipeline[\s\S]*evaluation stored/);
    // ...while A's media step is still at it.
    expect((await details(t, keyA, a)).archival_status).toBe(2);
    expect(await logs(t, keyA, a)).not.toMatch(/recording assembled/);
    console.info(`tenant B: evaluation stored ${handOverMs} ms after its interview ended, during tenant A's remux`);

    // A's own work is not cut short: it ends with the video.
    await eventually(async () => expect((await details(t, keyA, a)).archival_status).toBe(1), 300_000);
    expect(await recordingUrl(t, keyA, a, 'video-recording')).not.toBe('');
  }, 480_000);
});

describe('a camera upload no video can be made of', () => {
  let t: TestServer;
  let key: string;
  let receiver: Receiver;
  let mediaRoot: string;

  beforeAll(async () => {
    // A tight deadline: the MP3 of these short interviews takes a fraction of a second (seconds on a loaded machine), the
    // flood's remux 12 s or more (10 s was too near that on a quiet machine: the remux once finished in time).
    t = await startTestServer(
      {
        ...DELIVERY_ENV,
        JOBS_POLL_SECONDS: '0.1',
        VIDEO_MAX_CHUNK_BYTES: String(CHUNK),
        MEDIA_DEADLINE_BASE_SECONDS: '6',
        MEDIA_DEADLINE_PER_RECORDING_SECOND: '0',
      },
      FAST_WORKER,
    );
    key = await t.createKey();
    receiver = await startReceiver();
    await createEndpoint(t, key, { url: receiver.url, name: 'ATS' });
    mediaRoot = path.join(t.server.container.config.dataDir, 'media');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  }, 180_000); // closing waits for media work in flight: minutes on a loaded machine

  /** Ends the interview; once archived, the MP3 is served, the video is "", and the webhook says why it is missing. */
  async function archivedWithoutVideo(id: string, reason: string) {
    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
    await eventually(async () => expect((await details(t, key, id)).archival_status, await logs(t, key, id)).toBe(1), 120_000);
    // Signed for PUBLIC_BASE_URL: fetched from the test server's own port.
    const link = new URL(await recordingUrl(t, key, id, 'recording'));
    const audio = await fetch(`${t.url}${link.pathname}${link.search}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(await recordingUrl(t, key, id, 'video-recording')).toBe('');
    const [delivery] = await receiver.waitFor(1, { timeoutMs: 120_000, match: (r) => (r.body.interview as { id: string }).id === id });
    const payload = delivery!.body as { interview: { has_video: boolean; archival_status: number }; media: Record<string, unknown> };
    expectValid(mediaProcessedSchema('job_interview', 0), payload);
    expect(payload.interview).toMatchObject({ has_video: false, archival_status: 1 });
    expect(payload.media).toMatchObject({ video_url: '', video_missing_reason: reason });
    expect(payload.media.audio_url).not.toBe('');
    // The spool (candidate audio, camera upload, in the store) and the work folder are gone.
    await eventually(async () => {
      expect(await t.server.container.media.storage.list(spoolPrefix(id))).toEqual([]);
      expect(existsSync(path.join(mediaRoot, 'spool', id))).toBe(false);
      expect(existsSync(path.join(mediaRoot, 'work', id))).toBe(false);
    });
    return logs(t, key, id);
  }

  it('H.264 in Matroska: the MP3 and the rest are archived, the webhook says unsupported_codec', async () => {
    const id = await startedInterview(t, key);
    await spoolCamera(t, id, await makeH264Matroska(dir));
    const log = await archivedWithoutVideo(id, 'unsupported_codec');
    expect(log).toMatch(/media: no video from the camera upload \(unsupported_codec: the camera upload's video is h264/);
    expect(log).not.toMatch(/attempt \d of 5 failed/);
  }, 240_000);

  it('a remux past its deadline is killed and logged; the MP3 and the rest are archived', async () => {
    const id = await startedInterview(t, key);
    await spoolCamera(t, id, flood);
    const log = await archivedWithoutVideo(id, 'remux_timed_out');
    expect(log).toMatch(/media: no video from the camera upload \(remux_timed_out: ffmpeg killed after its deadline of 6\.0 s\)/);
  }, 240_000);
});
