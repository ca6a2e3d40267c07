// End to end: a typed interview over the real WebSocket ends; the results
// pipeline synthesises the interviewer (the configured TTS_PROVIDER, eSpeak NG), assembles and stores the MP3, fills
// every video_time and video_timeline, and only then notifies, with the URL.
// Once with local storage (signed links served by the service), once with
// S3 (a real S3-protocol server, presigned download).

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateClient, playInterview } from '../src/cli/candidate-client.js';
import { VOICE_PROTOCOL_VERSION } from '../src/session/protocol.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { createJobInterview, details, GOOD_ANSWERS, logs, say } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createEndpoint, DELIVERY_ENV, FAST_WORKER } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const run = promisify(execFile);

interface Payload {
  interview: { id: string; archival_status: number; duration_secs: number; has_video: boolean };
  media: { audio_url: string; video_url: string };
  transcript: { role: string; video_time: { begin: number; end: number; formatted: string } | null }[];
  evaluation: { questions: { id: string; video_timeline: { begin: number; end: number; formatted: string } | null }[] };
}

async function probeDuration(bytes: Buffer): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'probe-'));
  try {
    writeFileSync(path.join(dir, 'r.mp3'), bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name',
      '-of',
      'json',
      path.join(dir, 'r.mp3'),
    ]);
    const probe = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['mp3']);
    return Number(probe.format.duration);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function recordingScenario(name: string, storageEnv: () => Record<string, string>, reachable: (t: TestServer, url: string) => string) {
  describe(name, () => {
    let t: TestServer;
    let key: string;
    let receiver: Receiver;

    beforeAll(async () => {
      t = await startTestServer({ ...DELIVERY_ENV, JOBS_POLL_SECONDS: '0.1', ...storageEnv() }, FAST_WORKER);
      key = await t.createKey();
      receiver = await startReceiver();
      await createEndpoint(t, key, { url: receiver.url, name: 'ATS' });
    });
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    it('a typed interview yields an MP3 with the interviewer voice, placed transcript and questions, and one webhook with its URL', async () => {
      const id = await createJobInterview(t, key);
      // Not ready before the interview even ran: the spec's retryable error.
      const early = await t.api(key, `/interview/get-recording/${id}`);
      expect(early.status).toBe(500);
      expect(await early.json()).toEqual({ detail: 'RecordingCreationException' });

      const played = await playInterview(t.url, id, GOOD_ANSWERS);
      expect(played.endingReason).toBe(1);
      const [request] = await receiver.waitFor(1, {
        match: (r) => (r.body.interview as { id?: string } | null)?.id === id,
        timeoutMs: 60_000,
      });
      const payload = request!.body as unknown as Payload;

      // Emitted only after archival, with the URL filled.
      expect(payload.interview.archival_status).toBe(1);
      expect(payload.media.audio_url).not.toBe('');
      expect(payload.media.video_url).toBe('');
      expect(payload.interview.has_video).toBe(false);
      expect((await details(t, key, id)).archival_status).toBe(1);

      const audio = await fetch(reachable(t, payload.media.audio_url));
      expect(audio.status).toBe(200);
      const duration = await probeDuration(Buffer.from(await audio.arrayBuffer()));
      expect(Math.abs(duration - payload.interview.duration_secs)).toBeLessThanOrEqual(1);

      // Every entry has its place; they follow each other and stay within the recording.
      let previousBegin = 0;
      for (const entry of payload.transcript) {
        expect(entry.video_time).not.toBeNull();
        const { begin, end, formatted } = entry.video_time!;
        expect(begin).toBeGreaterThanOrEqual(previousBegin);
        expect(end).toBeGreaterThanOrEqual(begin);
        expect(end).toBeLessThanOrEqual(Math.ceil(duration));
        expect(formatted).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
        previousBegin = begin;
      }
      // The interviewer's words take real time: its greeting lasts at least a second.
      expect(payload.transcript[0]!.video_time!.end - payload.transcript[0]!.video_time!.begin).toBeGreaterThanOrEqual(1);
      for (const question of payload.evaluation.questions) expect(question.video_timeline).toMatchObject({ formatted: expect.any(String) });
      const report = (await (await t.api(key, `/interview/transcript/${id}`)).json()) as { transcript: Payload['transcript'] };
      expect(report.transcript.map((e) => e.video_time)).toEqual(payload.transcript.map((e) => e.video_time));

      // A fresh URL on request; no camera: the video URL is empty, not an error.
      const again = await t.api(key, `/interview/get-recording/${id}`);
      expect(again.status).toBe(200);
      const { interview_recording } = (await again.json()) as { interview_recording: string };
      const download = await fetch(reachable(t, interview_recording), { headers: { range: 'bytes=0-99' } });
      expect(download.status).toBe(206);
      expect((await download.arrayBuffer()).byteLength).toBe(100);
      const video = await t.api(key, `/interview/get-video-recording/${id}`);
      expect(video.status).toBe(200);
      expect(await video.json()).toEqual({ interview_video_recording: '' });

      const log = await logs(t, key, id);
      expect(log).toMatch(/media: recording assembled \(\d\d:\d\d, \d+ KiB MP3\); archival_status 4/);
      expect(log).toMatch(
        /archive: recording stored \((local|s3) storage; 1 uploaded, 0 already there\); transcript, evaluation and log archived beside it/,
      );
      await t.server.container.jobRunner.whenIdle();
      expect(receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id)).toHaveLength(1);
    });

    it.runIf(name === 'recordings in local storage')(
      'an interview begun over protocol v1 and consented to on a v2 resume keeps its first answer in its own time',
      { timeout: 120_000 },
      async () => {
        const id = await createJobInterview(t, key);
        const first = await CandidateClient.connect(t.url, id);
        await first.next('session');
        await first.turn();
        // The candidate thinks longer than the greeting lasts, so the answer has a span of its own.
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        await say(first, GOOD_ANSWERS[0]!);
        await first.close();
        const resumed = await CandidateClient.connect(t.url, id, { version: VOICE_PROTOCOL_VERSION });
        expect(await resumed.next('session')).toMatchObject({ consent_required: true, resumed: true });
        resumed.send({ type: 'start', consent: true, mode: 'text' });
        await resumed.turn();
        resumed.send({ type: 'end' });
        await resumed.next('ended');
        const [request] = await receiver.waitFor(1, {
          match: (r) => (r.body.interview as { id?: string } | null)?.id === id,
          timeoutMs: 60_000,
        });
        const payload = request!.body as unknown as Payload;
        // The timeline starts at the first entry, not at the later consent (which would squash the answer to nothing).
        const answer = payload.transcript.find((e) => e.role === 'user')!.video_time!;
        expect(answer.end - answer.begin).toBeGreaterThanOrEqual(3);
        expect(payload.interview.duration_secs).toBeGreaterThanOrEqual(12);
      },
    );
  });
}

function onServer(t: TestServer, url: string): string {
  const parsed = new URL(url);
  return `${t.url}${parsed.pathname}${parsed.search}`;
}

recordingScenario('recordings in local storage', () => ({}), onServer);

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());
recordingScenario(
  'recordings in S3-compatible storage',
  () => s3.env,
  (_t, url) => url,
);
