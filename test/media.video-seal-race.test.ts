// The camera upload's seal across nodes: the worker seals an upload (it is
// about to remux it) while a session node, another process on the same shared
// store, is in the middle of storing the next chunk. Whatever that chunk's
// answer, the page must not be told "stored" for a chunk the video lacks, and
// once sealed the upload takes nothing more. Two VideoUploads on one store are
// the two nodes (each has its own per-interview queue, as separate processes do).

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock, systemScheduler } from '../src/common/clock.js';
import { LocalStorage } from '../src/media/local-storage.js';
import type { MediaStorage } from '../src/media/media-storage.js';
import { UrlSigner } from '../src/media/url-signer.js';
import { VideoUploads } from '../src/media/video-upload.js';
import { makeCameraWebm } from './helpers/camera-upload.js';

const LIMITS = { maxChunkBytes: 4 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };
const isOpen = () => Promise.resolve(true);

let dir: string;
let firstChunk: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'video-seal-race-'));
  firstChunk = await makeCameraWebm(dir, 2);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shared store as one node sees it: its put of `heldKey` waits until release() is called. */
function holdingPut(storage: MediaStorage, heldKey: (key: string) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const isReached = new Promise<void>((resolve) => (reached = resolve));
  const view: MediaStorage = Object.assign(Object.create(storage) as MediaStorage, {
    async putFile(key: string, file: string, contentType: string) {
      if (heldKey(key)) {
        reached();
        await released;
      }
      return storage.putFile(key, file, contentType);
    },
  });
  return { view, release, isReached };
}

describe('sealing a camera upload while another node stores a chunk', () => {
  it('a chunk answered as stored is in the sealed upload, and nothing is taken after the seal', { timeout: 60_000 }, async () => {
    const store = new LocalStorage(path.join(dir, 'store'), 'http://127.0.0.1', new UrlSigner(randomBytes(32)), systemClock);
    const id = randomUUID();
    const held = holdingPut(store, (key) => key.endsWith('video/000001.webm'));
    const sessionNode = new VideoUploads(path.join(dir, 'session-spool'), held.view, LIMITS, systemClock, systemScheduler);
    const worker = new VideoUploads(path.join(dir, 'worker-spool'), store, LIMITS, systemClock, systemScheduler);

    expect(await sessionNode.append(id, 0, Readable.from([firstChunk]), isOpen)).toMatchObject({ ok: true });
    const secondChunk = randomBytes(2_000);
    const storing = sessionNode.append(id, 1, Readable.from([secondChunk]), isOpen);
    await held.isReached;
    // The worker's media step: seal, then copy what the upload holds for the remux.
    await worker.seal(id);
    const upload = await worker.collect(id, path.join(dir, 'remux', 'camera.webm'));
    held.release();
    const answer = await storing;

    if (answer.ok) expect(upload?.bytes).toBe(firstChunk.length + secondChunk.length);
    else expect(answer.refusal.code).toBe('closed');
    expect(await sessionNode.append(id, answer.ok ? 2 : 1, Readable.from([randomBytes(2_000)]), isOpen)).toMatchObject({
      ok: false,
      refusal: { code: 'closed' },
    });
    expect((await worker.progress(id)).sealed).toBe(true);
  });
});
