// Two processes starting on one fresh DATA_DIR must agree on the secret key,
// and neither may read the file while the other is still writing it.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { finished, PROJECT_ROOT } from './helpers/processes.js';

const RACERS = 4;
const DIRECTORIES = 300;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('secret key file created by racing processes', () => {
  it('gives every process the same complete key for each directory and leaves no temp files', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'key-race-'));
    dirs.push(parent);
    const racers = Array.from({ length: RACERS }, () =>
      spawn(process.execPath, ['--import', 'tsx', 'test/helpers/key-file-racer.ts', parent, String(DIRECTORIES)], {
        cwd: PROJECT_ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    );
    const results = racers.map((racer) => finished(racer));
    // Start them together once every one has loaded, so the creates overlap.
    await Promise.all(
      racers.map(
        (racer) =>
          new Promise<void>((resolve, reject) => {
            racer.stdout.once('data', () => resolve());
            racer.once('exit', (code) => reject(new Error(`racer exited early with ${code}`)));
          }),
      ),
    );
    for (const racer of racers) racer.stdin.write('go\n');

    const outputs = await Promise.all(results);
    const keysPerRacer = outputs.map(({ code, stdout, stderr }) => {
      expect(code, stderr).toBe(0);
      return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
    });
    for (let i = 0; i < DIRECTORIES; i++) {
      const seen = new Set(keysPerRacer.map((keys) => keys[i]));
      expect([...seen], `directory ${i}`).toHaveLength(1);
      expect(Buffer.from([...seen][0] ?? '', 'base64')).toHaveLength(32);
      const dir = path.join(parent, String(i));
      expect(readdirSync(dir)).toEqual(['race.key']);
      expect(statSync(path.join(dir, 'race.key')).mode & 0o777).toBe(0o600);
    }
  }, 120_000);
});
