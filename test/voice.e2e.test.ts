// A whole English job interview answered by voice alone, through `cli simulate
// --voice` as a real process: flite speaks the candidate into WAV files, the
// server hears them through Silero VAD and PocketSphinx and answers with
// eSpeak NG. The interview must complete (ending reason 1) and the stored
// transcript must hold what was spoken; the word error rate is reported.

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { wordErrorRate } from '../src/speech/word-error-rate.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details, logs } from './helpers/session.js';
import { entryArgs } from './helpers/processes.js';

const run = promisify(execFile);
let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

const SPOKEN = [
  'I am a backend engineer with six years of experience building services and leading small teams.',
  'A race condition is when two threads change shared state and the timing decides the result.',
  'In my last team two people disagreed about a design. I explained the situation to both, and the resolution was a small prototype.',
  'No, thank you. I have no questions.',
];

describe('a voice interview end to end', () => {
  it('completes an English job interview answered by voice alone (cli simulate --voice)', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voice-e2e-'));
    const files = SPOKEN.map((_, i) => path.join(dir, `answer-${i + 1}.wav`));
    await Promise.all(files.map((file, i) => run('flite', ['-voice', 'slt', '-t', SPOKEN[i]!, '-o', file])));
    const answers = path.join(dir, 'answers.json');
    writeFileSync(answers, JSON.stringify(files));

    const id = await createJobInterview(t, key);
    const { stdout } = await run(
      process.execPath,
      [...entryArgs('src/cli/main.ts'), 'simulate', id, '--voice', '--speed', '2', '--answers', answers, '--url', t.url],
      {
        env: { ...process.env, ...t.database.env },
      },
    );
    expect(stdout).toMatch(/-- ended: state 2, ending reason 1 \(INTERVIEW_COMPLETED\)/);
    expect(stdout).toMatch(/end of speech -> first reply audio p50 \d+ ms, p95 \d+ ms over \d+ turns/);

    const record = await details(t, key, id);
    expect(record).toMatchObject({ state: 2, ending_reason: 1 });
    const heard = record.transcript.filter((e) => e.role === 'user').map((e) => e.content);
    expect(heard).toHaveLength(SPOKEN.length);
    const wer = wordErrorRate(SPOKEN.join(' '), heard.join(' '));
    console.log(`voice e2e: word error rate ${(wer * 100).toFixed(1)} % over ${SPOKEN.join(' ').split(' ').length} words`);
    for (const [i, text] of heard.entries()) console.log(`  spoken: ${SPOKEN[i]}\n  heard:  ${text}`);
    expect(wer).toBeLessThan(0.4);
    expect((await logs(t, key, id)).match(/voice turn latency/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it(
    "a new user's first try, answers given as text, is understood: the simulator speaks English with flite",
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'voice-first-try-'));
      const answers = path.join(dir, 'answers.json');
      // The README's example.
      writeFileSync(
        answers,
        JSON.stringify([
          'I am a backend engineer with six years of experience.',
          'A race condition is when two threads change shared state and the timing decides the result.',
        ]),
      );
      const id = await createJobInterview(t, key);
      const { stdout } = await run(
        'npx',
        ['tsx', 'src/cli/main.ts', 'simulate', id, '--voice', '--speed', '2', '--answers', answers, '--url', t.url],
        { env: { ...process.env, ...t.database.env } },
      );
      expect(stdout).toMatch(/-- ended: state 2, ending reason 1 \(INTERVIEW_COMPLETED\)/);
      const intro = /candidate \(spoke "I am a backend engineer with six years of experience\."; heard "([^"]*)"\)(.*)/.exec(stdout);
      expect(intro?.[1]).toMatch(/engineer with six years of experience/);
      expect(intro?.[2]).not.toMatch(/misheard|not heard/);
      // The summary counts every answer once, as heard, misheard or not heard, as the lines above said.
      const summary = /(\d+) answer\(s\): (\d+) heard, (\d+) misheard \(half or more of the words wrong\), (\d+) not heard/.exec(stdout);
      expect(summary).not.toBeNull();
      const [, all, heard, misheard, unheard] = summary!.map(Number);
      expect(heard! + misheard! + unheard!).toBe(all);
      expect(misheard).toBe((stdout.match(/: misheard \(/g) ?? []).length);
      expect(unheard).toBe((stdout.match(/\): not heard/g) ?? []).length);
      expect(all).toBe((await details(t, key, id)).transcript.filter((e) => e.role === 'user').length + unheard!);
    },
  );
});
