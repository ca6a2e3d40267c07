// The recording of a voice interview, checked by listening to it: a candidate
// answers by voice (`cli simulate --voice`, flite WAVs at real-time pace), the
// results pipeline mixes the candidate's spooled audio with the synthesised
// interviewer into the MP3, and each answer's `video_time` range of that MP3,
// decoded and run through PocketSphinx again, holds the words that were spoken.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../src/speech/word-error-rate.js';
import { wordsHeardOnRecording } from './helpers/recording-audio.js';
import { createJobInterview } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createEndpoint, DELIVERY_ENV, FAST_WORKER } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { entryArgs } from './helpers/processes.js';

const run = promisify(execFile);

const SPOKEN = [
  'I am a backend engineer with six years of experience building services and leading small teams.',
  'A race condition is when two threads change shared state and the timing decides the result.',
  'In my last team two people disagreed about a design. I explained the situation to both, and the resolution was a small prototype.',
  'No, thank you. I have no questions.',
];

interface Payload {
  interview: { id: string; duration_secs: number };
  media: { audio_url: string };
  transcript: { role: string; content: string; video_time: { begin: number; end: number } | null }[];
}

describe('the recording of a voice interview', () => {
  let t: TestServer;
  let key: string;
  let receiver: Receiver;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'voice-recording-'));
    t = await startTestServer({ ...DELIVERY_ENV, JOBS_POLL_SECONDS: '0.1', STT_PROVIDER: 'pocketsphinx' }, FAST_WORKER);
    key = await t.createKey();
    receiver = await startReceiver();
    await createEndpoint(t, key, { url: receiver.url, name: 'ATS' });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the spoken answers at their video_time ranges, and lasts as long as the session says', { timeout: 300_000 }, async () => {
    const files = SPOKEN.map((_, i) => path.join(dir, `answer-${i + 1}.wav`));
    await Promise.all(files.map((file, i) => run('flite', ['-voice', 'slt', '-t', SPOKEN[i]!, '-o', file])));
    const answers = path.join(dir, 'answers.json');
    writeFileSync(answers, JSON.stringify(files));

    const id = await createJobInterview(t, key);
    const { stdout } = await run(
      process.execPath,
      [...entryArgs('src/cli/main.ts'), 'simulate', id, '--voice', '--answers', answers, '--url', t.url],
      {
        env: { ...process.env, ...t.database.env },
      },
    );
    expect(stdout).toMatch(/ending reason 1 \(INTERVIEW_COMPLETED\)/);

    const [request] = await receiver.waitFor(1, {
      match: (r) => (r.body.interview as { id?: string } | null)?.id === id,
      timeoutMs: 120_000,
    });
    const payload = request!.body as unknown as Payload;
    const url = new URL(payload.media.audio_url);
    const audio = await fetch(`${t.url}${url.pathname}${url.search}`);
    expect(audio.status).toBe(200);
    const mp3 = path.join(dir, 'recording.mp3');
    writeFileSync(mp3, Buffer.from(await audio.arrayBuffer()));

    const { stdout: probed } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', mp3]);
    const duration = Number((JSON.parse(probed) as { format: { duration: string } }).format.duration);
    expect(Math.abs(duration - payload.interview.duration_secs)).toBeLessThanOrEqual(1);

    // Listen to each answer's place on the recording: most of the words heard live are there.
    const answersOnRecording = payload.transcript.filter((e) => e.role === 'user');
    expect(answersOnRecording).toHaveLength(SPOKEN.length);
    for (const entry of answersOnRecording) {
      const { begin, end } = entry.video_time!;
      const heardAgain = await wordsHeardOnRecording(mp3, begin, end);
      const heardLive = words(entry.content).filter((w) => w.length > 3);
      const found = heardLive.filter((w) => heardAgain.has(w)).length;
      console.log(`  ${begin}-${end} s: ${found}/${heardLive.length} words of "${entry.content}"`);
      expect(found / Math.max(1, heardLive.length)).toBeGreaterThanOrEqual(0.5);
    }
  });
});
