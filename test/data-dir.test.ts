// DATA_DIR holds transcripts, candidate addresses and key hashes: owner-only.

import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

const mode = (file: string) => statSync(file).mode & 0o777;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startOn(dataDir: string): Promise<void> {
  const server = await startServer(loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), { logger: false });
  await server.close();
}

describe('DATA_DIR permissions', () => {
  it('creates DATA_DIR 0700 and the database, its WAL and SHM files and the secret key 0600, whatever the umask', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'perm-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');
    const previous = process.umask(0o022);
    try {
      const server = await startServer(loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), { logger: false });
      try {
        await server.container.auth.createKey({ userLabel: 'perm' });
        expect(mode(dataDir)).toBe(0o700);
        for (const file of ['interviews.sqlite', 'interviews.sqlite-wal', 'interviews.sqlite-shm', 'webhook-secret.key']) {
          expect(mode(path.join(dataDir, file)), file).toBe(0o600);
        }
      } finally {
        await server.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  it('tightens an existing world-readable DATA_DIR and database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'perm-'));
    dirs.push(dataDir);
    await startOn(dataDir);
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'interviews.sqlite'), 0o644);
    await startOn(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'interviews.sqlite'))).toBe(0o600);
  });
});
