import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createMediaStorage } from '../src/media/create-storage.js';
import type { MediaStorage } from '../src/media/media-storage.js';
import type { S3Storage } from '../src/media/s3-storage.js';
import { systemClock } from '../src/common/clock.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** The service's links name PUBLIC_BASE_URL; the test server listens on a port chosen at start. */
function onServer(server: TestServer, url: string): string {
  const parsed = new URL(url);
  return `${server.url}${parsed.pathname}${parsed.search}`;
}

const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe('local storage: recordings served through signed, expiring links', () => {
  let server: TestServer;
  let storage: MediaStorage;

  beforeAll(async () => {
    server = await startTestServer();
    storage = server.server.container.media.storage;
    await storage.putBytes('interviews/abc/recording.mp3', BYTES, 'audio/mpeg');
  });
  afterAll(() => server.close());

  it('a signed link downloads the file, with its type and length', async () => {
    const response = await fetch(onServer(server, await storage.signedUrl('interviews/abc/recording.mp3', 3600)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES)).toBe(true);
  });

  it('a range request answers 206 with exactly those bytes, so players can seek', async () => {
    const url = onServer(server, await storage.signedUrl('interviews/abc/recording.mp3', 3600));
    const response = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${BYTES.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES.subarray(1000, 2000))).toBe(true);
    const beyond = await fetch(url, { headers: { range: 'bytes=9000-9999' } });
    expect(beyond.status).toBe(416);
    // The answer names the file's length, so the player can ask for a range that exists.
    expect(beyond.headers.get('content-range')).toBe(`bytes */${BYTES.length}`);
  });

  it('a tampered link is refused with 403 and says why', async () => {
    const url = new URL(onServer(server, await storage.signedUrl('interviews/abc/recording.mp3', 3600)));
    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    const otherFile = new URL(url);
    otherFile.pathname = '/media/interviews/abd/recording.mp3';
    const noSignature = new URL(url);
    noSignature.searchParams.delete('signature');
    for (const candidate of [forged, otherFile, noSignature]) {
      const response = await fetch(candidate);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/not valid/);
    }
  });

  it('a link past its expiry is refused with 403 saying it expired', async () => {
    const url = onServer(server, await storage.signedUrl('interviews/abc/recording.mp3', 60));
    server.clock.advance(61_000);
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/expired/);
  });

  it('never writes or deletes outside the store: keys that climb out are refused', async () => {
    for (const prefix of ['../', 'interviews/../../', '/etc/', 'interviews/..'])
      await expect(storage.deletePrefix(prefix)).rejects.toThrow(/invalid media prefix/);
    for (const key of ['../media-url.key', 'interviews/../../x', '/tmp/x', 'a//b'])
      await expect(storage.putBytes(key, 'x', 'text/plain')).rejects.toThrow(/invalid media key/);
    expect(await storage.stat('interviews/abc/recording.mp3')).toEqual({ size: BYTES.length });
  });

  it('lists the objects under a prefix in key order and reads one back; a missing key reads as null', () =>
    listsAndReadsBack(storage, 'list-local'));

  it('a path that tries to leave the store is refused, never served', async () => {
    const response = await fetch(`${server.url}/media/interviews/%2e%2e/%2e%2e/media-url.key?expires=9999999999&signature=x`);
    expect([403, 404]).toContain(response.status);
    expect(await response.text()).not.toMatch(/=\s*$/m);
  });
});

describe('S3 storage against a real S3-protocol server', () => {
  let s3: TestS3;
  let storage: S3Storage;
  let dir: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    dir = mkdtempSync(path.join(tmpdir(), 's3-test-'));
    const created = await createMediaStorage(loadConfig({ DATA_DIR: dir, ...s3.env }), systemClock);
    expect(created.local).toBeNull();
    storage = created.storage as S3Storage;
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a file, reports its size, and a presigned URL downloads it', async () => {
    const file = path.join(dir, 'recording.mp3');
    writeFileSync(file, BYTES);
    expect(await storage.stat('interviews/s3/recording.mp3')).toBeNull();
    await storage.putFile('interviews/s3/recording.mp3', file, 'audio/mpeg');
    expect(await storage.stat('interviews/s3/recording.mp3')).toEqual({ size: BYTES.length });
    const url = await storage.signedUrl('interviews/s3/recording.mp3', 3600);
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES)).toBe(true);
  });

  it('lists the objects under a prefix in key order and reads one back; a missing key reads as null', () =>
    listsAndReadsBack(storage, 'list-s3'));

  it("deleting an interview's prefix removes all its objects and nothing else", async () => {
    await storage.putBytes('interviews/s3/transcript.json', '[]', 'application/json');
    await storage.putBytes('interviews/keep/log.json', '[]', 'application/json');
    expect(await storage.deletePrefix('interviews/s3/')).toBe(2);
    expect(await storage.stat('interviews/s3/recording.mp3')).toBeNull();
    expect(await storage.stat('interviews/keep/log.json')).toEqual({ size: 2 });
  });
});

/** What list, getBytes and deletePrefix promise, the same on every storage. */
async function listsAndReadsBack(storage: MediaStorage, name: string): Promise<void> {
  const prefix = `interviews/${name}/spool/`;
  await storage.putBytes(`${prefix}candidate/0000000002000-bbbbbbbb.pcm`, Buffer.from([2, 2]), 'application/octet-stream');
  await storage.putBytes(`${prefix}candidate/0000000001000-aaaaaaaa.pcm`, Buffer.from([1]), 'application/octet-stream');
  await storage.putBytes(`${prefix}video.json`, '{}', 'application/json');
  await storage.putBytes(`interviews/${name}/log.json`, '[]', 'application/json');
  expect(await storage.list(prefix)).toEqual([
    { key: `${prefix}candidate/0000000001000-aaaaaaaa.pcm`, size: 1 },
    { key: `${prefix}candidate/0000000002000-bbbbbbbb.pcm`, size: 2 },
    { key: `${prefix}video.json`, size: 2 },
  ]);
  expect(await storage.getBytes(`${prefix}candidate/0000000002000-bbbbbbbb.pcm`)).toEqual(Buffer.from([2, 2]));
  expect(await storage.getBytes(`${prefix}missing.pcm`)).toBeNull();
  expect(await storage.list('interviews/nobody/spool/')).toEqual([]);
  await expect(storage.list('../')).rejects.toThrow(/invalid media prefix/);
  expect(await storage.deletePrefix(prefix)).toBe(3);
  expect(await storage.list(prefix)).toEqual([]);
}
