import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH } from '../src/languages/registry.js';
import { systemClock } from '../src/common/clock.js';
import { StoredCandidateAudio } from '../src/media/candidate-audio.js';
import { LocalStorage } from '../src/media/local-storage.js';
import { spoolPrefix } from '../src/media/media-storage.js';
import { RecordingAssembler } from '../src/media/recording-assembler.js';
import { RecordingSpeech } from '../src/media/recording-speech.js';
import { UrlSigner } from '../src/media/url-signer.js';
import { FliteTts } from './helpers/flite-tts.js';
import { speakWithFlite } from './helpers/speech.js';

const run = promisify(execFile);

async function probeDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', file]);
  const probe = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
  expect(probe.streams.map((s) => s.codec_name)).toEqual(['mp3']);
  return Number(probe.format.duration);
}

/** Mean absolute amplitude of the decoded MP3 between two times (seconds), via ffmpeg to raw PCM. */
async function loudness(file: string, from: number, to: number): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-ss', String(from), '-t', String(to - from), '-i', file, '-f', 's16le', '-ac', '1', '-ar', '16000', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const pcm = stdout as unknown as Buffer;
  let sum = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) sum += Math.abs(pcm.readInt16LE(i));
  return sum / Math.max(1, pcm.length / 2);
}

describe('assembling the mixed MP3', () => {
  let dir: string;
  let storage: LocalStorage;
  let spool: StoredCandidateAudio;
  const T0 = Date.parse('2026-03-01T09:00:00.000Z');

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'media-assembly-'));
    storage = new LocalStorage(path.join(dir, 'store'), 'http://127.0.0.1', new UrlSigner(randomBytes(32)), systemClock);
    spool = new StoredCandidateAudio(storage);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('places synthesised interviewer speech and the spooled candidate voice on one timeline that ffprobe decodes', async () => {
    const id = 'e3c0a4d2-0000-4000-8000-000000000001';
    // The candidate answers 9 s into the recording, for about 2 s, heard by the voice channel.
    const pcm = speakWithFlite('I would use a mutex around the shared counter.').samples;
    const half = Math.floor(pcm.length / 2);
    await spool.append(id, T0 + 9_000, pcm.subarray(0, half));
    await spool.append(id, T0 + 9_000 + half / 16, pcm.subarray(half));
    const tts = new FliteTts();
    const workRoot = path.join(dir, 'work');
    const assembler = new RecordingAssembler({ workRoot, spool, speech: new RecordingSpeech(workRoot, storage, tts) });
    const input = {
      interviewId: id,
      language: ENGLISH,
      startMs: T0,
      sessionEndMs: T0 + 20_000,
      entries: [
        { seq: 1, role: 'assistant', content: 'Hello, welcome to the interview.', atMs: T0 + 200 },
        { seq: 2, role: 'assistant', content: 'How would you fix a race condition?', atMs: T0 + 300 },
        { seq: 3, role: 'user', content: 'I would use a mutex around the shared counter.', atMs: T0 + 12_500 },
        { seq: 4, role: 'assistant', content: 'Thank you, goodbye.', atMs: T0 + 13_000 },
      ],
    };
    const recording = await assembler.assemble(input);
    expect(recording.unspoken).toBe(0);
    expect(recording.durationMs).toBe(20_000);
    expect(Math.abs((await probeDuration(recording.file)) - 20)).toBeLessThan(1);
    const [hello, question, answered, goodbye] = recording.entries;
    expect(hello!.beginMs).toBe(200);
    expect(question!.beginMs).toBe(hello!.endMs); // queued, not spoken over
    expect(answered).toMatchObject({ beginMs: question!.endMs, endMs: 12_500 });
    expect(goodbye!.beginMs).toBe(13_000);
    // Sound where someone speaks, silence where nobody does.
    expect(await loudness(recording.file, 9.3, 10.5)).toBeGreaterThan(300);
    expect(await loudness(recording.file, 0.5, 1.5)).toBeGreaterThan(300);
    expect(await loudness(recording.file, 16, 19.5)).toBeLessThan(50);

    // Run again (a retried step): the utterances are not synthesised a second time.
    const calls = tts.calls;
    const again = await assembler.assemble(input);
    expect(tts.calls).toBe(calls);
    expect(again.entries).toEqual(recording.entries);
  });

  it('takes the interviewer speech the session prepared in the background, synthesising nothing at assembly', async () => {
    const id = 'e3c0a4d2-0000-4000-8000-000000000003';
    const tts = new FliteTts();
    // The session node prepares into the shared store; another node, with a work folder of its own, assembles.
    const speech = new RecordingSpeech(path.join(dir, 'session-node-work'), storage, tts);
    // The session's channel asks for each utterance as it sends it (the same text twice is made once).
    const heard = 'Hello, welcome to the interview.';
    speech.prepare(id, ENGLISH, heard);
    speech.prepare(id, ENGLISH, 'What is a deadlock?');
    speech.prepare(id, ENGLISH, heard);
    await speech.idle();
    expect(await storage.stat(speech.keyOf(id, ENGLISH, heard))).not.toBeNull();
    expect(existsSync(path.join(dir, 'session-node-work', id))).toBe(false);
    const calls = tts.calls;
    expect(calls).toBe(2);

    const workRoot = path.join(dir, 'worker-work');
    const assembler = new RecordingAssembler({ workRoot, spool, speech: new RecordingSpeech(workRoot, storage, tts) });
    const recording = await assembler.assemble({
      interviewId: id,
      language: ENGLISH,
      startMs: T0,
      sessionEndMs: T0 + 10_000,
      entries: [
        { seq: 1, role: 'assistant', content: heard, atMs: T0 + 100 },
        { seq: 2, role: 'assistant', content: 'What is a deadlock?', atMs: T0 + 200 },
      ],
    });
    expect(tts.calls).toBe(calls);
    expect(recording.unspoken).toBe(0);
    expect(await loudness(recording.file, 0.3, 1.3)).toBeGreaterThan(300);
    const [, question] = recording.entries;
    expect(await loudness(recording.file, question!.beginMs / 1000 + 0.1, question!.endMs / 1000 - 0.1)).toBeGreaterThan(300);
  });

  it('a background synthesis that comes after the folder was discarded (erase, reset) does not recreate it', async () => {
    const id = 'e3c0a4d2-0000-4000-8000-000000000004';
    const tts = new FliteTts();
    const workRoot = path.join(dir, 'work');
    const speech = new RecordingSpeech(workRoot, storage, tts);
    const assembler = new RecordingAssembler({ workRoot, spool, speech });
    speech.prepare(id, ENGLISH, 'Hello, welcome to the interview.');
    // Queued behind the first, and still in flight when the folder goes.
    speech.prepare(id, ENGLISH, 'Hello Jane, this is your interviewer.');
    await assembler.discard(id);
    await speech.idle();
    expect(existsSync(assembler.workDir(id))).toBe(false);
    expect(await storage.list(spoolPrefix(id))).toEqual([]);
  });

  it('collects the pieces two nodes stored in time order, each a whole object, and an erase of the spool removes them', async () => {
    const id = 'e3c0a4d2-0000-4000-8000-000000000002';
    // The session started on one node and moved to another: each wrote its own pieces to the one store.
    const otherNode = new StoredCandidateAudio(storage);
    await otherNode.append(id, T0 + 5_000, new Int16Array(10).fill(7));
    await spool.append(id, T0, new Int16Array(1600).fill(1000));
    expect(await spool.segments(id)).toEqual([
      { startMs: T0, samples: 1600, byteOffset: 16 },
      { startMs: T0 + 5_000, samples: 10, byteOffset: 16 },
    ]);
    const collected = await spool.collect(id, path.join(dir, 'collected.pcm'));
    expect(collected).toEqual([
      { startMs: T0, samples: 1600, byteOffset: 16 },
      { startMs: T0 + 5_000, samples: 10, byteOffset: 16 + 3200 + 16 },
    ]);
    const keys = (await storage.list(spoolPrefix(id))).map((object) => object.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(new RegExp(`^interviews/${id}/spool/candidate/\\d{13}-[0-9a-f]{8}\\.pcm$`));
    await spool.discard(id);
    expect(await spool.segments(id)).toEqual([]);
  });
});
