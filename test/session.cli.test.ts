import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, createScreeningInterview, details } from './helpers/session.js';
import { entryArgs } from './helpers/processes.js';

const run = promisify(execFile);
let t: TestServer;
let key: string;
let answersFile: string;

beforeAll(async () => {
  t = await startTestServer();
  key = await t.createKey();
  answersFile = path.join(mkdtempSync(path.join(tmpdir(), 'answers-')), 'answers.json');
  writeFileSync(
    answersFile,
    JSON.stringify(['I am a backend engineer.', 'Two threads racing on shared state; the timing decides the result.']),
  );
});
afterAll(() => t?.close());

async function cli(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [...entryArgs('src/cli/main.ts'), ...args], {
    env: { ...process.env, ...t.database.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('cli simulate', () => {
  it(
    'plays an interview to its end over the public protocol (PUBLIC_BASE_URL), printing the conversation',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const result = await cli(['simulate', id, '--answers', answersFile], { PUBLIC_BASE_URL: t.url });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^interviewer \[procedural\]: Hello and welcome!/);
      expect(result.stdout).toContain('interviewer [q1]: Question 1 of 2: What is a race condition?');
      expect(result.stdout).toContain('candidate: I have nothing to add, and I have no questions. Thank you.');
      expect(result.stdout).toMatch(/-- ended: state 2, ending reason 1 \(INTERVIEW_COMPLETED\)\n$/);
      expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 1 });
    },
  );

  it('plays several interviews at once (load mode) with --url and prints a summary', { timeout: 120_000 }, async () => {
    const ids = [
      await createJobInterview(t, key),
      await createScreeningInterview(t, key),
      await createJobInterview(t, key, { language_code: 9 }),
    ];
    const result = await cli(['simulate', ...ids, '--answers', answersFile, '--url', t.url]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^3 interviews in [\d.]+ s: 3 completed, 0 ended otherwise, 0 failed; turn latency p50 [\d.]+ ms, p99 [\d.]+ ms\n$/,
    );
  });

  it('exits non-zero with a clear message for an ended interview, an unknown id, or a bad answers file', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    expect((await cli(['simulate', id, '--answers', answersFile, '--url', t.url])).code).toBe(0);
    const again = await cli(['simulate', id, '--answers', answersFile, '--url', t.url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/the interview has already ended \(state 2, ending reason 1\)/);
    const unknown = await cli(['simulate', '00000000-0000-4000-8000-000000000000', '--answers', answersFile, '--url', t.url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/INTERVIEW_NOT_FOUND/);
    const badFile = path.join(path.dirname(answersFile), 'bad.json');
    writeFileSync(badFile, '{"answers": [1, 2]}');
    const bad = await cli(['simulate', id, '--answers', badFile, '--url', t.url]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/must hold a JSON array of strings/);
    const noServer = await cli(['simulate', id, '--answers', answersFile, '--url', 'http://127.0.0.1:9']);
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toMatch(/did not finish/);
  });
});
