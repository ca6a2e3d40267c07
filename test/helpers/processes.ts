import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Node's arguments for a TypeScript entry point. With TEST_SERVER_PREBUILT=1 (CI, whose `npm ci` has just compiled
 * src/ to dist/) the service's own entry points run compiled, as `npm start` runs them: under load tsx spends seconds
 * compiling the service at every start, and the suites start hundreds of servers and CLI commands. Test helpers
 * (test/, bench/) always run through tsx.
 */
export function entryArgs(entry: string): string[] {
  if (process.env.TEST_SERVER_PREBUILT !== '1' || !entry.startsWith('src/')) return ['--import', 'tsx', entry];
  const compiled = path.join('dist', entry.slice('src/'.length).replace(/\.ts$/, '.js'));
  if (!existsSync(path.join(PROJECT_ROOT, compiled)))
    throw new Error(`TEST_SERVER_PREBUILT=1 but ${compiled} is missing: run npm run build`);
  return [compiled];
}

/** Runs a TypeScript entry point of the project (src/main.ts, src/cli/main.ts) as a real process. */
export function spawnTs(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...entryArgs(entry), ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export function runTs(entry: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return finished(spawnTs(entry, args, env));
}

/** Waits until the server logs its address; resolves with it. */
export function waitForListening(child: ChildProcess, timeoutMs = 90_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${buffer}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /interview service listening on (http:\/\/[^"\s]+)/.exec(buffer);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${buffer}`));
    });
  });
}
