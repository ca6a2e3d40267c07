// STORAGE=local: objects are files under DATA_DIR/media/store, written to a
// temporary name and renamed (a reader never sees half a file), owner-only.
// The service serves them itself (http/routes/media.routes.ts) through
// signed, expiring URLs.

import { randomUUID } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../common/clock.js';
import { assertValidKey, assertValidPrefix, isValidKey, type ListedObject, type MediaStorage, type StoredObject } from './media-storage.js';
import type { SignatureCheck, UrlSigner } from './url-signer.js';

/** The URL path under which the service serves local media. */
export const LOCAL_MEDIA_ROUTE = '/media/';

export class LocalStorage implements MediaStorage {
  readonly kind = 'local';
  readonly root: string;

  constructor(
    root: string,
    private readonly publicBaseUrl: string,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
  ) {
    this.root = path.resolve(root);
  }

  /** The file behind `key`; throws for a key that could leave the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media key "${key}" leaves the storage root`);
    return file;
  }

  async putFile(key: string, file: string): Promise<void> {
    await this.replace(key, (temp) => copyFile(file, temp));
  }

  async putBytes(key: string, body: Buffer | string): Promise<void> {
    await this.replace(key, (temp) => writeFile(temp, body, { mode: 0o600 }));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async getBytes(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<ListedObject[]> {
    assertValidPrefix(prefix);
    const dir = this.pathOf(prefix.slice(0, -1));
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true, recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const listed: ListedObject[] = [];
    for (const entry of entries) {
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // A `.part` is a write in progress (renamed when complete): not an object yet.
      if (!entry.isFile() || key.endsWith('.part') || !isValidKey(key)) continue;
      const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (info) listed.push({ key, size: info.size });
    }
    return listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    assertValidKey(key);
    const expires = Math.floor(this.clock.now().getTime() / 1000) + expiresInSeconds;
    const query = new URLSearchParams({ expires: String(expires), signature: this.signer.sign(key, expires) });
    return `${this.publicBaseUrl}${LOCAL_MEDIA_ROUTE}${key}?${query.toString()}`;
  }

  /** Whether a link to `key` is genuine and unexpired (the media route asks before serving). */
  checkLink(key: string, expires: string | undefined, signature: string | undefined): SignatureCheck {
    if (!isValidKey(key)) return 'tampered';
    return this.signer.check(key, expires, signature, Math.floor(this.clock.now().getTime() / 1000));
  }

  async getFile(key: string, file: string): Promise<void> {
    await copyFile(this.pathOf(key), file);
    await chmod(file, 0o600);
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    const dir = this.pathOf(prefix.slice(0, -1));
    const count = await countFiles(dir);
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    return count;
  }

  close(): void {}

  private async replace(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${randomUUID()}.part`;
    try {
      await write(temp);
      // copyFile keeps the source's mode (ffmpeg writes 0644): stored files are owner-only like the rest of DATA_DIR.
      await chmod(temp, 0o600);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
