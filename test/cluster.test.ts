// The reference topology as processes (deploy/local-cluster.ts): two session
// nodes and a worker on PostgreSQL + Redis + s3rver behind HAProxy. Simulated
// candidates go through the balancer; one session node is SIGKILLed
// mid-interview, the other drained with SIGTERM, the worker SIGKILLed right
// after the interviews end. Every interview completes with each answer once,
// exactly one signed interview.media_processed, and a downloadable MP3.
// Then a voice candidate in Chromium speaks (flite through the fake
// microphone) with the camera on: PocketSphinx on a session node hears it,
// and the worker, another process, assembles the MP3 that holds those words
// and the WebM from the camera chunks the session nodes took. Last, a voice
// candidate as `cli simulate --voice` speaks (flite audio, no second
// Chromium): its session node is SIGKILLed mid-answer, it comes back through
// the balancer with its resume token, and the interview ends with each answer
// once and the MP3 holding them. And the failed-authentication throttle,
// counted in Redis, applies per real client behind the balancer (TRUSTED_PROXIES).
//
// It starts many processes, so it runs only when CLUSTER_TESTS=1 (CI runs it
// once, on its own); it needs PostgreSQL and Redis (CLUSTER_DATABASE_URL,
// CLUSTER_REDIS_URL, defaults on 127.0.0.1).

import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../deploy/local-cluster.js';
import { Redis } from 'ioredis';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { words } from '../src/speech/word-error-rate.js';
import { candidateSessionUrl, VOICE_PROTOCOL_VERSION } from '../src/session/protocol.js';
import { verifyWebhookSignature } from '../src/webhooks/signer.js';
import { launchChromium, withoutBrowserRecognition } from './helpers/chromium.js';
import { wordsHeardOnRecording } from './helpers/recording-audio.js';
import { GOOD_ANSWERS, eventually } from './helpers/session.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { speakWithFlite } from './helpers/spoken-audio.js';
import { jobInterviewRequest } from './helpers/test-server.js';
import { DELIVERY_ENV } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

const enabled = process.env.CLUSTER_TESTS === '1';
const CANDIDATES = 4;
const SCRIPT = [...GOOD_ANSWERS, 'No questions, thank you.'];
// One answer that fits every prompt: content for the introduction and the questions, "no questions" at the end.
const SPOKEN = 'I have six years of experience building services, and I have no questions.';
const run = promisify(execFile);

let cluster: Cluster;
let receiver: Receiver;
let key: string;
let secret: string;
let dir: string;

const api = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(cluster.url + path, {
    method: init.method ?? 'GET',
    headers: {
      'x-application-secret-key': key,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

/** The status of an API call made through the balancer from a chosen loopback address (a client of its own). */
function statusFrom(localAddress: string, apiKey: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${cluster.url}/interview/details/00000000-0000-4000-8000-000000000000`,
      { localAddress, headers: { 'x-application-secret-key': apiKey } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject).end();
  });
}

/** A job interview with one question: the introduction, the question and the closing are its spoken turns. */
async function createOneQuestionInterview(): Promise<string> {
  const request = jobInterviewRequest();
  const created = await api('/interview/create-from-questions', {
    method: 'POST',
    json: { ...request, questions: (request.questions as unknown[]).slice(0, 1) },
  });
  expect(created.status).toBe(200);
  return ((await created.json()) as { interview_id: string }).interview_id;
}

/** Opens after the test calls open(); candidates wait on it between answers. */
class Gate {
  private release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));
  open(): void {
    this.release();
  }
}

interface Outcome {
  endingReason: number;
  /** From a socket's close to the next accepted session, ms. */
  resumeGaps: number[];
  closeCodes: number[];
}

/**
 * A candidate as the page behaves: reconnects after any close that is not final, and retries a
 * refusal (the dead node's lease) until it gets in. What to answer next comes from the transcript
 * the server sends on resume, so an answer cut off by a crash is sent again, and one stored is not.
 */
async function candidate(id: string, gates: Gate[], progress: (answered: number) => void): Promise<Outcome> {
  const resumeGaps: number[] = [];
  const closeCodes: number[] = [];
  let closedAt: number | null = null;
  for (;;) {
    let client: CandidateClient | null = null;
    let answered = 0;
    const deadline = Date.now() + 60_000;
    while (!client) {
      try {
        const attempt = await CandidateClient.connect(cluster.url, id);
        const first = await attempt.next(['session', 'INTERVIEW_NOT_ALLOWED'], 20_000);
        if (first.type === 'session') {
          client = attempt;
          answered = first.transcript.filter((e) => e.role === 'user').length;
        } else {
          await attempt.close();
          if (first.reason === 'interview_ended') return { endingReason: first.ending_reason ?? -1, resumeGaps, closeCodes };
        }
      } catch {
        // Connection refused or closed before `session`: the balancer has not noticed yet; try again.
      }
      if (!client) {
        if (Date.now() > deadline) throw new Error(`candidate of ${id} could not get back in`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    if (closedAt !== null) resumeGaps.push(Date.now() - closedAt);
    const current = client;
    void current.closed.then((close) => {
      closedAt = Date.now();
      closeCodes.push(close.code);
    });
    try {
      for (;;) {
        const { ended } = await current.turn(60_000);
        if (ended) {
          await current.close();
          return { endingReason: ended.ending_reason, resumeGaps, closeCodes };
        }
        progress(answered);
        // A close while waiting is noticed at once: the page reconnects on close, not at its next answer.
        await Promise.race([gates[answered]?.opened, current.closed]);
        if (current.isClosed) break;
        current.send({ type: 'answer', text: SCRIPT[answered] ?? 'No questions, thank you.' });
        answered += 1;
      }
    } catch (error) {
      if (!current.isClosed) throw error;
    }
    await current.closed;
  }
}

const deliveries = (id: string) => receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id);

/** The object behind a media link from the API (a presigned S3 URL here), saved under `name`. */
async function download(url: string, name: string): Promise<string> {
  expect(url).not.toBe('');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

describe.skipIf(!enabled)('a cluster: two session nodes and a worker behind HAProxy', () => {
  beforeAll(async () => {
    receiver = await startReceiver();
    dir = mkdtempSync(path.join(tmpdir(), 'cluster-test-'));
    cluster = await startCluster({
      databaseUrl: process.env.CLUSTER_DATABASE_URL,
      redisUrl: process.env.CLUSTER_REDIS_URL,
      env: { ...DELIVERY_ENV, NODE_HEARTBEAT_SECONDS: '0.5', SESSION_LEASE_SECONDS: '60', JOBS_POLL_SECONDS: '1' },
    });
    const setup = await createContainer(loadConfig({ ...cluster.env, DATA_DIR: path.join(dir, 'cli') }));
    key = (await setup.auth.createKey({ userLabel: 'cluster-test' })).key;
    await setup.close();
    const endpoint = await api('/webhooks/endpoints', { method: 'POST', json: { url: receiver.url } });
    expect(endpoint.status).toBe(201);
    secret = ((await endpoint.json()) as { secret: string }).secret;
  }, 600_000);
  afterAll(async () => {
    await cluster?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('counts failed authentication per real client behind the balancer, across both session nodes', async () => {
    const wrongKey = `sk_int_${'A'.repeat(32)}`;
    // AUTH_FAILURES_PER_MINUTE (20) failures from one client, spread over both nodes by the balancer: the next is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await statusFrom('127.0.0.2', wrongKey));
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another client behind the same balancer is not affected, and the first one's right key still works.
    expect(await statusFrom('127.0.0.3', wrongKey)).toBe(401);
    expect(await statusFrom('127.0.0.2', key)).toBe(404);
  });

  it('loses nothing when a session node is killed, the other drained and the worker killed', { timeout: 900_000 }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < CANDIDATES; i++) {
      const created = await api('/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() });
      expect(created.status).toBe(200);
      ids.push(((await created.json()) as { interview_id: string }).interview_id);
    }
    // gates[n]: the candidates wait there before their answer n.
    const gates = [new Gate(), new Gate(), new Gate(), new Gate(), new Gate()];
    gates[0]!.open();
    const reached = ids.map(() => 0);
    const waitAll = (answered: number) => eventually(async () => expect(Math.min(...reached)).toBeGreaterThanOrEqual(answered), 120_000);
    const runs = ids.map((id, i) => candidate(id, gates, (n) => (reached[i] = Math.max(reached[i]!, n))));

    // Every candidate has introduced themselves and faces q1: one session node dies.
    await waitAll(1);
    await cluster.stop('session1', 'SIGKILL');
    gates[1]!.open();
    await waitAll(2);
    // It comes back (an upgrade would do the same), and the other one is drained with SIGTERM.
    await cluster.restart('session1');
    await cluster.stop('session2', 'SIGTERM');
    gates[2]!.open();
    await waitAll(3);
    await cluster.restart('session2');
    gates[3]!.open();
    gates[4]!.open();
    const outcomes = await Promise.all(runs);
    // The interviews are over: the worker dies inside the results pipeline and comes back.
    await cluster.stop('worker', 'SIGKILL');
    await cluster.restart('worker');

    for (const outcome of outcomes) {
      expect(outcome.endingReason).toBe(1);
      // Far under the 60 s lease, with room for a loaded machine (as in cluster.nodes.test.ts).
      for (const gap of outcome.resumeGaps) expect(gap).toBeLessThan(20_000);
    }
    // Some candidates were on each node: at least one saw the kill and one the drain (1001).
    expect(outcomes.flatMap((o) => o.closeCodes)).toContain(1001);
    expect(outcomes.some((o) => o.resumeGaps.length > 0)).toBe(true);

    await eventually(async () => {
      for (const id of ids) expect(deliveries(id)).toHaveLength(1);
    }, 180_000);
    for (const id of ids) {
      const [delivery] = deliveries(id);
      expect(verifyWebhookSignature(secret, delivery!.headers, delivery!.rawBody).ok).toBe(true);
      const details = (await (await api(`/interview/details/${id}`, { headers: { 'x-frontend': 'talentui' } })).json()) as {
        transcript: { role: string; content: string }[];
      };
      const said = details.transcript.filter((e) => e.role === 'user').map((e) => e.content);
      // Each answer exactly once, in order.
      expect(said).toEqual(SCRIPT);
      const audioUrl = (delivery!.body.media as { audio_url: string }).audio_url;
      const audio = await fetch(audioUrl);
      expect(audio.status).toBe(200);
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    }
  });

  it('a voice candidate with the camera on is heard, recorded and filmed across nodes', { timeout: 600_000 }, async () => {
    // One question: the introduction, the question and the closing are three spoken turns (or four with a follow-up).
    const id = await createOneQuestionInterview();
    // The fake microphone loops the file: the answer, then three seconds of silence for the VAD to close the turn.
    const browser: Browser = await launchChromium({
      fakeMicrophone: fakeMicrophoneWav(dir, SPOKEN, { beforeSeconds: 0.5, afterSeconds: 3 }),
      grantMedia: true,
    });
    try {
      const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
      const page = await context.newPage();
      await withoutBrowserRecognition(page);
      await page.goto(`${cluster.url}/interview?iid=${id}`);
      await page.locator('#start-interview').click();
      await page.locator('#agree').click();
      await page.locator('#screen-device').waitFor({ state: 'visible' });
      await page.locator('#camera-toggle').click();
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await page.locator('#device-continue').click();
      await page.locator('#voice-controls').waitFor({ state: 'visible', timeout: 60_000 });
      await page.locator('#screen-end').waitFor({ state: 'visible', timeout: 300_000 });
      await context.close();
    } finally {
      await browser.close();
    }

    await eventually(async () => expect(deliveries(id)).toHaveLength(1), 180_000);
    const [delivery] = deliveries(id);
    expect(verifyWebhookSignature(secret, delivery!.headers, delivery!.rawBody).ok).toBe(true);
    const details = (await (await api(`/interview/details/${id}`, { headers: { 'x-frontend': 'talentui' } })).json()) as {
      ending_reason: number;
      transcript: { role: string; content: string; video_time: { begin: number; end: number } | null }[];
    };
    expect(details.ending_reason).toBe(1);
    const answers = details.transcript.filter((e) => e.role === 'user');
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(
      answers.some((e) => /experience/.test(e.content)),
      answers.map((e) => e.content).join(' | '),
    ).toBe(true);

    // The links come through the balancer; the worker, not the session nodes, made what they point at.
    const recording = (await (await api(`/interview/get-recording/${id}`)).json()) as { interview_recording: string };
    const mp3 = await download(recording.interview_recording, 'voice.mp3');
    // The candidate's words are on the recording where the transcript places the answers. Every answer
    // is listened to from 3 s before its place: the looping microphone speaks whenever it likes, so an
    // answer can begin while the question's last words still play (the entry then starts at their end).
    const heard = new Set<string>();
    for (const { video_time } of answers) {
      for (const word of await wordsHeardOnRecording(mp3, Math.max(0, video_time!.begin - 3), video_time!.end)) heard.add(word);
    }
    const spokenWords = [...new Set(words(SPOKEN).filter((w) => w.length > 3))];
    expect(spokenWords.filter((w) => heard.has(w)).length / spokenWords.length, [...heard].join(' ')).toBeGreaterThanOrEqual(0.5);

    const video = (await (await api(`/interview/get-video-recording/${id}`)).json()) as { interview_video_recording: string };
    const webm = await download(video.interview_video_recording, 'voice.webm');
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', webm]);
    const probed = JSON.parse(stdout) as { format: { duration?: string }; streams: { codec_type: string }[] };
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Number(probed.format.duration)).toBeGreaterThan(5);
  });

  // Last: it leaves a session node dead (cluster.close() is the only one to mind).
  it(
    'a voice candidate whose session node is killed mid-answer takes the session back on the other node with its resume token',
    { timeout: 300_000 },
    async () => {
      const started = Date.now();
      const id = await createOneQuestionInterview();
      const answer = await speakWithFlite(SPOKEN, { leadMs: 300, trailMs: 300 });
      const heard: string[] = [];
      const sessionEvents = (voice: VoiceCandidate) => voice.client.events.filter((e) => e.type === 'session');

      // Through the balancer, as `cli simulate --voice` speaks: the interviewer's audio is played out before
      // each answer (realtime), so the recording does not have the candidate talking over the interviewer.
      const options = { playback: 'realtime' as const };
      let voice = await VoiceCandidate.connect(cluster.url, id, options);
      await voice.start();
      await voice.waitForPlayback();

      // Mid-answer (the session node's VAD has heard the candidate start), that node is killed.
      const redis = new Redis(cluster.env.REDIS_URL!);
      const holder = await redis.get(`interview-session:lease:${id}`).finally(() => redis.disconnect());
      const victim = [...cluster.nodes.values()].find((node) => holder?.includes(`-${node.child.pid}-`));
      expect(victim?.name, String(holder)).toMatch(/^session/);
      const token = sessionEvents(voice).at(-1)!.resume_token;
      const cut = voice.speak(answer);
      await eventually(async () => expect(voice.client.events.some((e) => e.type === 'vad' && e.speaking)).toBe(true), 30_000);
      await cluster.stop(victim!.name, 'SIGKILL');
      expect((await cut).heard).toBe('');
      const closedAt = Date.now();

      // The page comes back through the balancer with its resume token (the balancer may first try the dead node).
      const url = candidateSessionUrl(cluster.url, id, VOICE_PROTOCOL_VERSION, token);
      for (;;) {
        const attempt = await VoiceCandidate.connect(cluster.url, id, { ...options, url }).catch(() => null);
        const first = await attempt?.client.next(['session', 'INTERVIEW_NOT_ALLOWED'], 20_000).catch(() => null);
        if (first?.type === 'session') {
          expect(first).toMatchObject({ resumed: true, consent_required: false });
          voice = attempt!;
          break;
        }
        await attempt?.close();
        expect(Date.now() - closedAt, 'the voice candidate could not get back in').toBeLessThan(60_000);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const resumeGap = Date.now() - closedAt;
      expect(resumeGap).toBeLessThan(20_000); // far under the 60 s lease
      voice.client.send({ type: 'mode', mode: 'voice' });
      await voice.client.turn(30_000);
      for (let turn = 0; turn < 4; turn++) {
        await voice.waitForPlayback();
        const spoken = await voice.speak(answer);
        expect(spoken.heard).not.toBe('');
        heard.push(spoken.heard);
        if (spoken.ended) break;
      }
      await voice.close();

      await eventually(async () => expect(deliveries(id)).toHaveLength(1), 180_000);
      const details = (await (await api(`/interview/details/${id}`, { headers: { 'x-frontend': 'talentui' } })).json()) as {
        ending_reason: number;
        resume_count: number;
        transcript: { role: string; content: string; video_time: { begin: number; end: number } | null }[];
      };
      expect(details).toMatchObject({ ending_reason: 1, resume_count: 1 });
      // Each answer the server heard once; the one cut off by the kill was never turned into an answer.
      const answers = details.transcript.filter((e) => e.role === 'user');
      expect(answers.map((e) => e.content)).toEqual(heard);

      const recording = (await (await api(`/interview/get-recording/${id}`)).json()) as { interview_recording: string };
      const mp3 = await download(recording.interview_recording, 'voice-killed.mp3');
      // The candidate's words are on the recording where the transcript places the answers (the two
      // longest are listened to, as for the browser candidate above).
      const spokenWords = [...new Set(words(SPOKEN).filter((w) => w.length > 3))];
      const span = (e: { video_time: { begin: number; end: number } | null }) => e.video_time!.end - e.video_time!.begin;
      const onRecording = new Set<string>();
      for (const { video_time } of [...answers].sort((a, b) => span(b) - span(a)).slice(0, 2)) {
        for (const word of await wordsHeardOnRecording(mp3, video_time!.begin, video_time!.end)) onRecording.add(word);
      }
      expect(spokenWords.filter((w) => onRecording.has(w)).length / spokenWords.length, [...onRecording].join(' ')).toBeGreaterThanOrEqual(
        0.5,
      );
      console.log(`  voice candidate: back ${resumeGap} ms after the kill; the test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  );
});
