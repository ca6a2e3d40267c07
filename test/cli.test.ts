import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTs } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
const cli = (...args: string[]) => runTs('src/cli/main.ts', args, { ...t.database.env, LOG_LEVEL: 'silent' });

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('operator CLI', () => {
  it('keys create prints the key alone on stdout, and the key works against the server', async () => {
    const result = await cli('keys', 'create', '--user', 'cli-user');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^sk_int_[A-Za-z0-9_-]{32}\n$/);
    const key = result.stdout.trim();
    expect((await t.api(key, '/interview/details/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keys create honours --scopes and --expires', async () => {
    const result = await cli('keys', 'create', '--user', 'scoped', '--scopes', 'interviews:read', '--expires', '2099-01-01');
    expect(result.code).toBe(0);
    const key = result.stdout.trim();
    const create = await t.api(key, '/interview/create-from-questions', { method: 'POST', json: {} });
    expect(create.status).toBe(403);
    const list = await cli('keys', 'list');
    expect(list.stdout).toMatch(/sk_int_\S{4}…\s+scoped\s+active\s+interviews:read\s+2099-01-01T00:00:00.000Z/);
  });

  it('keys list never shows a whole key', async () => {
    const key = (await cli('keys', 'create', '--user', 'secretive')).stdout.trim();
    const list = await cli('keys', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(key.slice(0, 11));
    expect(list.stdout).not.toContain(key);
  });

  it('keys deactivate by key or by id stops the key at once', async () => {
    const key = (await cli('keys', 'create', '--user', 'leaky')).stdout.trim();
    const deactivated = await cli('keys', 'deactivate', key);
    expect(deactivated.code).toBe(0);
    expect((await t.api(key, '/interview/details/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await cli('keys', 'deactivate', key)).code).toBe(1);

    const second = (await cli('keys', 'create', '--user', 'leaky')).stdout.trim();
    const id = (await cli('keys', 'list')).stdout
      .split('\n')
      .find((line) => line.includes(second.slice(0, 11)))
      ?.split(/\s+/)[0];
    expect((await cli('keys', 'deactivate', id ?? 'missing')).code).toBe(0);
    expect((await t.api(second, '/interview/details/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('explains bad usage on stderr and exits non-zero', async () => {
    for (const args of [
      ['keys', 'create'],
      ['keys', 'create', '--user', 'x', '--expires', 'someday'],
      ['keys', 'create', '--user', 'x', '--scopes', 'admin'],
      ['frobnicate'],
      ['keys', 'create', '--bogus'],
    ]) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.length).toBeGreaterThan(0);
    }
  });

  it('migrate reports an up-to-date database', async () => {
    const result = await cli('migrate');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('database is up to date\n');
  });
});
