// The recording when the session and the assembly run on different machines:
// a session node (a child process, JOBS_WORKER=false) and a worker (the
// in-process server) with DATA_DIRs of their own, one PostgreSQL and one S3
// (s3rver). The candidate's microphone reaches the session node only; the
// worker assembles the MP3 from the pieces in the store, also when the session
// node was killed (at most the last 2 s lost) or drained (nothing lost). The interviewer is
// silent here (TTS_PROVIDER=none), so every sound on the recording is the
// candidate's. PostgreSQL only: nodes with different DATA_DIRs share a
// database through DATABASE_URL, which SQLite does not have.

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { spoolPrefix } from '../src/media/media-storage.js';
import { VOICE_PROTOCOL_VERSION } from '../src/session/protocol.js';
import { startChildServer, type ChildServer } from './helpers/child-server.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { createJobInterview, details, eventually, logs, roundTrip } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const run = promisify(execFile);
const SLOW = { timeout: 240_000 };
const RATE = 16_000;
/** Loud enough that neither the MP3 encode nor the mix takes it for silence. */
const LOUD = 1_000;

const NODE_ENV = { TTS_PROVIDER: 'none', STT_PROVIDER: 'pocketsphinx', NODE_HEARTBEAT_SECONDS: '0.5' };

/** The recording as 16 kHz PCM, and how many seconds of it are sound (20 ms windows above LOUD). */
async function soundOf(mp3: string): Promise<{ durationSecs: number; soundSecs: number }> {
  const { stdout: probed } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', mp3]);
  const durationSecs = Number((JSON.parse(probed) as { format: { duration: string } }).format.duration);
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', mp3, '-f', 's16le', '-ac', '1', '-ar', String(RATE), 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  const pcm = stdout as unknown as Buffer;
  const window = RATE / 50;
  let loudWindows = 0;
  for (let at = 0; at + window * 2 <= pcm.length; at += window * 2) {
    let energy = 0;
    for (let i = 0; i < window; i++) energy += pcm.readInt16LE(at + i * 2) ** 2;
    if (Math.sqrt(energy / window) > LOUD) loudWindows++;
  }
  return { durationSecs, soundSecs: loudWindows / 50 };
}

/** Files under `root` whose path names the interview. */
function filesNaming(root: string, id: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.includes(id));
}

/** A steady tone (not speech: the server takes no turn from it), as a microphone would send it. */
function tone(seconds: number): Int16Array {
  const samples = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(6_000 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  return samples;
}

/** Sends samples in 20 ms frames at real-time pace. */
async function stream(client: CandidateClient, samples: Int16Array): Promise<void> {
  const frame = RATE / 50;
  const started = performance.now();
  for (let at = 0, n = 1; at < samples.length; at += frame, n++) {
    const part = samples.subarray(at, at + frame);
    client.sendRaw(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
    const wait = started + n * 20 - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the recording when the session node and the worker are different machines', () => {
  let s3: TestS3;
  let database: TestDatabase;
  let worker: TestServer;
  let key: string;
  let dir: string;
  const children = new Set<ChildServer>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shared-spool-'));
    s3 = await startTestS3();
    database = await createTestDatabase();
    worker = await startTestServer({ ...s3.env, ...NODE_ENV, DATA_DIR: path.join(dir, 'worker'), JOBS_POLL_SECONDS: '0.1' }, { database });
    key = await worker.createKey();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...children].map((child) => child.stop('SIGKILL')));
    await worker?.close();
    await database?.dispose();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  async function sessionNode(name: string, env: Record<string, string> = {}): Promise<ChildServer> {
    const node = await startChildServer({
      ...database.env,
      ...s3.env,
      ...NODE_ENV,
      DATA_DIR: path.join(dir, name),
      JOBS_WORKER: 'false',
      ...env,
    });
    children.add(node);
    return node;
  }

  /** Once archived by the worker: the MP3 downloaded from S3, and what is left of the spool. */
  async function archivedRecording(id: string): Promise<string> {
    await eventually(async () => expect((await details(worker, key, id)).archival_status, await logs(worker, key, id)).toBe(1), 120_000);
    const response = await worker.api(key, `/interview/get-recording/${id}`);
    const url = ((await response.json()) as { interview_recording: string }).interview_recording;
    expect(url).toContain(s3.endpoint);
    const mp3 = path.join(dir, `${id}.mp3`);
    writeFileSync(mp3, Buffer.from(await (await fetch(url)).arrayBuffer()));
    // The pieces go once the recording is stored.
    await eventually(async () => expect(await worker.server.container.media.storage.list(spoolPrefix(id))).toEqual([]));
    return mp3;
  }

  it('the worker assembles an MP3 that holds the answer the candidate spoke to the session node', SLOW, async () => {
    const node = await sessionNode('session-a');
    const id = await createJobInterview(worker, key);
    const candidate = await VoiceCandidate.connect(node.url, id);
    await candidate.start();
    const answer = await speakWithFlite('I am a backend engineer with six years of experience building services and leading teams.', {
      leadMs: 300,
    });
    const turn = await candidate.speak(concatSamples(answer, silence(300)));
    expect(turn.heard).toMatch(/engineer|experience|services/);
    candidate.client.send({ type: 'end' });
    await candidate.client.next('ended', 30_000);
    await candidate.close();
    // The session node keeps nothing of the interview: the audio went to S3.
    expect(filesNaming(path.join(dir, 'session-a'), id)).toEqual([]);

    const { durationSecs, soundSecs } = await soundOf(await archivedRecording(id));
    const spokenSecs = answer.length / RATE;
    const spoolRequests = s3.requests.filter((r) => r.url.includes(`/${id}/spool/`));
    const count = (method: string) => spoolRequests.filter((r) => r.method === method).length;
    console.log(
      `  spool requests for ${durationSecs.toFixed(1)} s of recording: ${count('PUT')} PUT, ${count('GET')} GET, ${count('HEAD')} HEAD, ${count('POST')} POST`,
    );
    expect(durationSecs).toBeGreaterThan(spokenSecs);
    // flite's pauses between words are quiet, the rest of the answer is on the recording.
    expect(soundSecs).toBeGreaterThan(spokenSecs * 0.5);
    expect(soundSecs).toBeLessThan(spokenSecs + 1);
  });

  /** A voice session on `node` whose candidate makes `seconds` of sound; then the node is stopped with `signal`. */
  async function soundThenStop(name: string, seconds: number, signal: NodeJS.Signals): Promise<string> {
    const node = await sessionNode(name, signal === 'SIGTERM' ? { DRAIN_SECONDS: '0.5' } : {});
    const id = await createJobInterview(worker, key);
    const client = await CandidateClient.connect(node.url, id, { version: VOICE_PROTOCOL_VERSION });
    const session = await client.next('session');
    if (session.consent_required) client.send({ type: 'start', consent: true, mode: 'voice' });
    else client.send({ type: 'mode', mode: 'voice' });
    await client.turn(30_000);
    await stream(client, tone(seconds));
    // Heard, not only sent: the node hands each audio frame to the recording as it arrives, before
    // it answers a later ping, so once the pong is back every frame is the node's.
    await roundTrip(client);
    await node.stop(signal);
    await client.closed;
    return id;
  }

  /** The page comes back on another node (here the worker, which serves candidates too) and ends the interview. */
  async function resumeAndEnd(id: string): Promise<void> {
    const back = await eventually(async () => {
      const resumed = await CandidateClient.connect(worker.url, id, { version: VOICE_PROTOCOL_VERSION });
      const first = await resumed.next(['session', 'INTERVIEW_NOT_ALLOWED']);
      if (first.type !== 'session') {
        await resumed.close();
        throw new Error('not yet taken over');
      }
      return resumed;
    }, 30_000);
    back.send({ type: 'end' });
    await back.next('ended', 30_000);
    await back.close();
  }

  it('a session node killed mid-answer loses at most the last 2 s of what it heard; the worker records the rest', SLOW, async () => {
    // The candidate is making sound when the node dies.
    const heardSecs = 7;
    const id = await soundThenStop('session-b', heardSecs, 'SIGKILL');
    await resumeAndEnd(id);
    const { soundSecs } = await soundOf(await archivedRecording(id));
    console.log(`  ${heardSecs} s of sound sent before SIGKILL, ${soundSecs.toFixed(2)} s on the recording`);
    expect(soundSecs).toBeGreaterThanOrEqual(heardSecs - 2);
    expect(soundSecs).toBeLessThanOrEqual(heardSecs + 0.1);
  });

  it('a session node drained with SIGTERM stores what it heard up to the end before it exits', SLOW, async () => {
    const heardSecs = 5;
    const id = await soundThenStop('session-c', heardSecs, 'SIGTERM');
    await resumeAndEnd(id);
    const { soundSecs } = await soundOf(await archivedRecording(id));
    console.log(`  ${heardSecs} s of sound sent before SIGTERM, ${soundSecs.toFixed(2)} s on the recording`);
    // Every frame was heard before the signal (the round trip in soundThenStop); the 0.5 s is the measure's
    // slack (the MP3, the 20 ms windows). A drain that lost its spool would lose seconds, as SIGKILL may.
    expect(soundSecs).toBeGreaterThanOrEqual(heardSecs - 0.5);
    expect(soundSecs).toBeLessThanOrEqual(heardSecs + 0.1);
  });
});
