// DATA_DIR holds transcripts, candidate addresses, key hashes and the secret
// key: only the service's own user may read it. Directories are 0700 and files
// 0600 whatever the process umask; an existing directory is tightened.

import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) owner-only, and tightens it when it already existed looser. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty if missing, owner-only either way. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

/** Tightens the files that exist among `files` (e.g. SQLite's -wal and -shm, created with the database's mode). */
export function tightenExisting(files: readonly string[]): void {
  for (const file of files) if (existsSync(file)) tighten(file, PRIVATE_FILE_MODE);
}

/**
 * The 32-byte key in DATA_DIR/<fileName>, created (mode 0600) on first use.
 * Two processes starting at once must agree on one key and neither may read
 * a half-written file: each writes a complete private temp file and links it
 * into place. link() never overwrites, so the first link wins and the loser
 * (EEXIST) reads the winner's file, which is whole from the moment it exists.
 */
export function loadOrCreateKeyFile(dataDir: string, fileName: string): Buffer {
  const file = path.resolve(dataDir, fileName);
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDir(dataDir);
  const temp = path.resolve(dataDir, `.${fileName}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      writeFileSync(fd, `${randomBytes(32).toString('base64')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, PRIVATE_FILE_MODE);
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

function tighten(target: string, mode: number): void {
  if ((statSync(target).mode & 0o777 & ~mode) === 0) return;
  try {
    chmodSync(target, mode);
  } catch (error) {
    // Not ours to change (another owner): say so rather than refuse to start.
    process.emitWarning(`${target} is readable by other users and could not be restricted: ${(error as Error).message}`);
  }
}
