import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { languageByTag } from '../../languages/index.js';
import { pcmDurationMs } from '../audio.js';
import { EspeakTextToSpeech } from './espeak.js';
import { SynthProcesses } from './synth-processes.js';

const english = languageByTag('en')!;

/** The command lines and environments of this process's children, from /proc. */
function childPrograms(): Array<{ pid: number; commandLine: string; environment: string }> {
  const pids = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return pids.flatMap((pid) => {
    try {
      const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8');
      return [{ pid, commandLine: read('cmdline'), environment: read('environ') }];
    } catch {
      return []; // ended meanwhile
    }
  });
}

/** A pool over a tiny engine written for the test: answers with the job's text, or misbehaves on request. */
function testPool(jobDeadlineMs?: number) {
  return new SynthProcesses({
    provider: 'test-engine',
    size: 1,
    ...(jobDeadlineMs ? { jobDeadlineMs } : {}),
    config: {},
    source: `
let handled = 0;
async function handle(job) {
  handled += 1;
  // As the flite build does now and then: a crash that a fresh process does not repeat.
  if (job.text === 'flaky' && handled > 1) process.exit(4);
  if (job.text === 'garbage') return process.stdout.write(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  if (job.text === 'die') process.exit(3);
  if (job.text === 'hang') for (;;);
  if (job.text === 'print') console.log('chatter the engine prints');
  if (job.text.startsWith('slow')) for (const until = Date.now() + 300; Date.now() < until; );
  send({ id: job.id, sampleRate: 8000 }, new Int16Array([1, 2, 3]));
}`,
    decode: ({ header, body }) => ({ sampleRate: header.sampleRate as number, samples: new Int16Array(body.buffer) }),
  });
}

describe('synthesizer programs', () => {
  const espeak = new EspeakTextToSpeech({ workers: 1 });
  afterAll(() => espeak.close());

  it("runs eSpeak NG (GPL-3.0) as a separate program that gets none of the service's environment", async () => {
    const audio = await espeak.synthesize('Hello there.', english);
    expect(pcmDurationMs(audio)).toBeGreaterThan(300);
    const programs = childPrograms().filter((child) => child.commandLine.includes('espeak-ng-emscripten'));
    expect(programs).toHaveLength(1);
    expect(programs[0]!.environment).toBe('');
  });

  it('a busy synthesizer answers the candidate waiting in silence first, the next sentence second, the recording last', async () => {
    const pool = testPool();
    try {
      const answered: string[] = [];
      const run = (text: string, urgency?: 'now' | 'next' | 'background') =>
        pool.run({ text }, undefined, urgency).then(() => answered.push(text));
      const all = [
        run('slow: a sentence already being spoken'),
        run('recording of an earlier turn', 'background'),
        run("another candidate's second sentence", 'next'),
        run("a candidate's first sentence"),
        run("a second candidate's first sentence", 'now'),
        run('recording of another turn', 'background'),
      ];
      await Promise.all(all);
      expect(answered).toEqual([
        'slow: a sentence already being spoken',
        "a candidate's first sentence",
        "a second candidate's first sentence",
        "another candidate's second sentence",
        'recording of an earlier turn',
        'recording of another turn',
      ]);
    } finally {
      await pool.close();
    }
  });

  it('replaces a program that dies under a job: that job fails, the next one is answered', async () => {
    const pool = testPool();
    try {
      await expect(pool.run({ text: 'die' })).rejects.toThrow(/^test-engine: synthesis failed: the program exited \(code 3\)/);
      expect((await pool.run({ text: 'ok' })).samples).toEqual(new Int16Array([1, 2, 3]));
    } finally {
      await pool.close();
    }
  });

  it('gives a job whose program crashed one more try on a fresh program (flite WASM crashes now and then)', async () => {
    const pool = testPool();
    try {
      expect((await pool.run({ text: 'ok' })).samples).toEqual(new Int16Array([1, 2, 3]));
      // The second job of a program crashes it; the retry, first on a new program, is answered.
      expect((await pool.run({ text: 'flaky' })).samples).toEqual(new Int16Array([1, 2, 3]));
    } finally {
      await pool.close();
    }
  });

  it('ends a program that does not answer within the deadline: the job fails after one more try, the next one is answered', async () => {
    const pool = testPool(1_000);
    try {
      await expect(pool.run({ text: 'hang' })).rejects.toThrow(/^test-engine: synthesis failed: the program exited \(SIGKILL\)/);
      expect((await pool.run({ text: 'ok' })).samples).toEqual(new Int16Array([1, 2, 3]));
    } finally {
      await pool.close();
    }
  });

  it('ends a program that breaks the frame protocol, and keeps what the engine prints out of the answers', async () => {
    const pool = testPool();
    try {
      await expect(pool.run({ text: 'garbage' })).rejects.toThrow(/synthesis failed: a frame header of 4294967295 bytes/);
      expect((await pool.run({ text: 'print' })).sampleRate).toBe(8000);
    } finally {
      await pool.close();
    }
  });
});
