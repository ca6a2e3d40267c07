// `cli backup <dir>` and `cli restore <dir>` (docs/deployment.md, "Back up and
// restore"): the database, every object of the media store and the key files
// of DATA_DIR, taken while the service serves, and put back into an instance
// no service has used. The database is copied first: a recording stored after
// that moment is in the copy or not, but a record in the copy never names a
// recording that is missing from it (media is stored before its row says so).

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { systemClock } from '../common/clock.js';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../common/private-files.js';
import { checkRestoreTarget, restoreDatabase, snapshotDatabase, SnapshotError, type SnapshotInfo } from '../db/snapshot.js';
import { createMediaStorage, mediaRoot } from '../media/create-storage.js';
import { contentTypeOf, isValidKey, type MediaStorage } from '../media/media-storage.js';
import { MEDIA_URL_KEY_FILE } from '../media/url-signer.js';
import { SECRET_KEY_FILE } from '../webhooks/secret-box.js';

const FORMAT = 'interview-service-backup/1';
const MANIFEST = 'manifest.json';
const MEDIA_DIR = 'media';
const KEYS_DIR = 'keys';
/** Every object the service stores lives under its interview's prefix (media-storage.ts). */
const STORE_PREFIX = 'interviews/';

/** A refusal: nothing was changed (restore) or the backup folder is not usable (backup). */
export class BackupError extends Error {
  override name = 'BackupError';
}

interface FileEntry {
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  database: SnapshotInfo & FileEntry & { file: string };
  storage: Config['storage'];
  objects: (FileEntry & { key: string })[];
  /** Key files of DATA_DIR: the webhook secret key (when not configured) and the media link key. */
  keys: (FileEntry & { file: string })[];
  /** 'configured': WEBHOOK_SECRET_KEY was set; the restored service needs the same value. */
  webhook_secret_key: 'file' | 'configured';
}

export interface BackupReport {
  manifest: Manifest;
  seconds: number;
}

type Say = (line: string) => void;

export async function createBackup(config: Config, dir: string, say: Say = () => {}): Promise<BackupReport> {
  const started = performance.now();
  const target = path.resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0) throw new BackupError(`${target} is not empty: back up into a new folder`);
  ensurePrivateDir(target);

  const databaseFile = config.databaseUrl ? 'database.pgdump' : 'database.sqlite';
  const snapshot = await wrap(() => snapshotDatabase(config, path.join(target, databaseFile)));
  const database = { ...snapshot, file: databaseFile, ...(await describe(path.join(target, databaseFile))) };
  say(`database: ${snapshot.dialect}${snapshot.schema ? ` (schema ${snapshot.schema})` : ''}, ${formatBytes(database.size)}`);

  const { storage } = await createMediaStorage(config, systemClock);
  const objects: Manifest['objects'] = [];
  try {
    for (const object of await storage.list(STORE_PREFIX)) {
      const file = path.join(target, MEDIA_DIR, ...object.key.split('/'));
      mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      try {
        await storage.getFile(object.key, file);
      } catch (error) {
        // Erased or swept since it was listed: the database copy, taken before, may still name it.
        if (isMissing(error)) continue;
        throw error;
      }
      objects.push({ key: object.key, ...(await describe(file)) });
    }
  } finally {
    storage.close();
  }
  say(`media (${storage.kind}): ${objects.length} objects, ${formatBytes(objects.reduce((sum, o) => sum + o.size, 0))}`);

  const keys: Manifest['keys'] = [];
  const keyFiles = [...(config.webhooks.secretKey ? [] : [SECRET_KEY_FILE]), MEDIA_URL_KEY_FILE];
  for (const name of keyFiles) {
    const source = path.resolve(config.dataDir, name);
    if (!existsSync(source)) continue;
    ensurePrivateDir(path.join(target, KEYS_DIR));
    writeFileSync(path.join(target, KEYS_DIR, name), readFileSync(source), { mode: PRIVATE_FILE_MODE });
    keys.push({ file: name, ...(await describe(source)) });
  }

  const manifest: Manifest = {
    format: FORMAT,
    created_at: new Date().toISOString(),
    database,
    storage: config.storage,
    objects,
    keys,
    webhook_secret_key: config.webhooks.secretKey ? 'configured' : 'file',
  };
  // Written last, under a temporary name: a folder without a manifest is an unfinished backup.
  const temp = path.join(target, `.${MANIFEST}.tmp`);
  writeFileSync(temp, JSON.stringify(manifest, null, 2) + '\n', { mode: PRIVATE_FILE_MODE });
  renameSync(temp, path.join(target, MANIFEST));
  return { manifest, seconds: (performance.now() - started) / 1000 };
}

/**
 * Restores a backup into the configured instance, which must be unused: every file is checked
 * against the manifest and every target (database, media store, key files) found empty before
 * anything is written.
 */
export async function restoreBackup(config: Config, dir: string, say: Say = () => {}): Promise<BackupReport> {
  const started = performance.now();
  const source = path.resolve(dir);
  const manifest = readManifest(source);
  const databaseFile = path.join(source, manifest.database.file);
  await verify(databaseFile, manifest.database, manifest.database.file);
  for (const object of manifest.objects) await verify(mediaFile(source, object.key), object, object.key);
  for (const key of manifest.keys) await verify(path.join(source, KEYS_DIR, key.file), key, key.file);

  await wrap(() => checkRestoreTarget(config, manifest.database));
  const keyTargets = manifest.keys.map((key) => ({ ...key, target: path.resolve(config.dataDir, key.file) }));
  for (const key of keyTargets) {
    if (existsSync(key.target) && (await describe(key.target)).sha256 !== key.sha256)
      throw new BackupError(`${key.target} exists and differs from the backup's: restore into a DATA_DIR no service has used`);
  }
  // The bucket is checked through the storage; a local store before the storage is opened, since
  // opening it creates the media link key that the backup's copy must replace.
  let storage: MediaStorage | null = config.storage === 's3' ? (await createMediaStorage(config, systemClock)).storage : null;
  try {
    const isUsed = storage
      ? (await storage.list(STORE_PREFIX)).length > 0
      : hasEntries(path.join(mediaRoot(config.dataDir), 'store', STORE_PREFIX));
    if (isUsed) throw new BackupError(`the media store already holds objects: restore into an empty ${storage ? 'bucket' : 'DATA_DIR'}`);

    for (const key of keyTargets) {
      ensurePrivateDir(config.dataDir);
      writeFileSync(key.target, readFileSync(path.join(source, KEYS_DIR, key.file)), { mode: PRIVATE_FILE_MODE });
    }
    storage ??= (await createMediaStorage(config, systemClock)).storage;
    await wrap(() => restoreDatabase(config, manifest.database, databaseFile));
    say(`database: ${manifest.database.dialect} restored (${formatBytes(manifest.database.size)})`);
    for (const object of manifest.objects) await storage.putFile(object.key, mediaFile(source, object.key), contentTypeOf(object.key));
    say(`media (${storage.kind}): ${manifest.objects.length} objects restored`);
  } finally {
    storage?.close();
  }
  if (manifest.webhook_secret_key === 'configured' && !config.webhooks.secretKey)
    say('note: the backup was taken with WEBHOOK_SECRET_KEY set: set the same value here, or webhook signing secrets cannot be read');
  return { manifest, seconds: (performance.now() - started) / 1000 };
}

function hasEntries(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${file} is missing: not a backup, or an unfinished one`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
  if (manifest.format !== FORMAT) throw new BackupError(`${file} is not a backup of this service (format ${String(manifest.format)})`);
  const names = [manifest.database.file, ...manifest.keys.map((k) => k.file)];
  if (names.some((name) => typeof name !== 'string' || path.basename(name) !== name || name.startsWith('.')))
    throw new BackupError(`${file} names a file outside the backup`);
  if (manifest.objects.some((object) => !isValidKey(object.key))) throw new BackupError(`${file} names an invalid media key`);
  return manifest;
}

function mediaFile(dir: string, key: string): string {
  return path.join(dir, MEDIA_DIR, ...key.split('/'));
}

async function verify(file: string, expected: FileEntry, name: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`${name} is missing from the backup`);
  const actual = await describe(file);
  if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
    throw new BackupError(`${name} does not match the manifest (damaged or changed since the backup)`);
}

async function describe(file: string): Promise<FileEntry> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { size: statSync(file).size, sha256: hash.digest('hex') };
}

function isMissing(error: unknown): boolean {
  const failure = error as { code?: string; name?: string };
  return failure.code === 'ENOENT' || failure.name === 'NoSuchKey' || failure.name === 'NotFound';
}

async function wrap<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof SnapshotError) throw new BackupError(error.message);
    throw error;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
