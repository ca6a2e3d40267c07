// The real server as a child process (`node --import tsx src/main.ts`, or dist/main.js with TEST_SERVER_PREBUILT=1) in its own
// process group, so SIGKILL reaches the server itself and not just npx.
// Used by the restart tests and the session bench.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { entryArgs } from './processes.js';

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Kills the whole process group with the signal and waits for the exit. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on a free port. The port is free when chosen but another
 * process may take it before the child binds it: a child that exits early is
 * started again on another port. The error names the child's last stderr lines.
 */
export async function startChildServer(env: Record<string, string>, options: { stderr?: 'inherit' | 'ignore' } = {}): Promise<ChildServer> {
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    // Node itself, not npx: a wrapper can exit on SIGTERM before the server has finished stopping.
    const child = spawn(process.execPath, entryArgs('src/main.ts'), {
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
      if (options.stderr === 'inherit') process.stderr.write(chunk);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    const stop = async (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
      await exited;
    };
    for (let i = 0; i < 300 && child.exitCode === null; i++) {
      if (
        await fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return { url, child, stop };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop('SIGKILL');
    lastError = stderr.trim().split('\n').slice(-3).join(' | ');
  }
  throw new Error(`the server child did not start: ${lastError || 'no output'}`);
}
