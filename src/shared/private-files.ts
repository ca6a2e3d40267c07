// DATA_DIR holds transcripts, candidate addresses, key hashes and the secret
// key: only the service's own user may read it. Directories are 0700 and files
// 0600 whatever the process umask; an existing directory is tightened.

import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

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

function tighten(target: string, mode: number): void {
  if ((statSync(target).mode & 0o777 & ~mode) === 0) return;
  try {
    chmodSync(target, mode);
  } catch (error) {
    // Not ours to change (another owner): say so rather than refuse to start.
    process.emitWarning(`${target} is readable by other users and could not be restricted: ${(error as Error).message}`);
  }
}
