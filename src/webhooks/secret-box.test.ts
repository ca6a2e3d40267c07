import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { generateSigningSecret, loadSecretKey, maskSecret, SECRET_KEY_FILE, SecretBox } from './secret-box.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
}

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips, with a fresh nonce each time', () => {
    const a = box.seal('s3cret', 'endpoint-1');
    expect(a).not.toContain('s3cret');
    expect(box.seal('s3cret', 'endpoint-1')).not.toBe(a);
    expect(box.open(a, 'endpoint-1')).toBe('s3cret');
  });

  it('refuses another endpoint id, another key and a tampered ciphertext', () => {
    const sealed = box.seal('s3cret', 'endpoint-1');
    expect(() => box.open(sealed, 'endpoint-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'endpoint-1')).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'), 'endpoint-1')).toThrow();
  });

  it('masks a secret as its first 6 characters; secrets are 43 URL-safe characters', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(maskSecret(secret)).toBe(secret.slice(0, 6));
  });
});

describe('the server key', () => {
  it('is generated once into DATA_DIR with mode 0600 and reused', () => {
    const dir = tempDir();
    const first = loadSecretKey(null, dir);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(null, dir).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
  });

  it('comes from WEBHOOK_SECRET_KEY when set, and then no file is written', () => {
    const dir = tempDir();
    const configured = randomBytes(32).toString('base64');
    const config = loadConfig({ WEBHOOK_SECRET_KEY: configured, DATA_DIR: dir });
    expect(loadSecretKey(config.webhooks.secretKey, dir).toString('base64')).toBe(configured);
    expect(existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
  });

  it.each(['not base64!', randomBytes(16).toString('base64')])(
    'refuses WEBHOOK_SECRET_KEY=%s at start-up, naming the variable',
    (value) => {
      expect(() => loadConfig({ WEBHOOK_SECRET_KEY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ WEBHOOK_SECRET_KEY: value })).toThrow(/WEBHOOK_SECRET_KEY/);
    },
  );
});
