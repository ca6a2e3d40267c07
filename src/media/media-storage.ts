// Where finished recordings and archived records live, behind one interface
// (STORAGE): local files served through signed URLs, or an S3-compatible
// bucket with presigned URLs. Keys are relative paths the media module
// builds itself (`interviews/<id>/recording.mp3`); anything else is refused.

export interface StoredObject {
  size: number;
}

export interface ListedObject extends StoredObject {
  key: string;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores the file under `key`, streamed (recordings can be large); replaces what was there. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  putBytes(key: string, body: Buffer | string, contentType: string): Promise<void>;
  /** The object's size, or null when nothing is stored under `key`. */
  stat(key: string): Promise<StoredObject | null>;
  /** The whole object, or null when nothing is stored under `key` (small objects only: spool pieces, chunks). */
  getBytes(key: string): Promise<Buffer | null>;
  /** The objects under `prefix` (ending in '/'), in key order. */
  list(prefix: string): Promise<ListedObject[]>;
  /** A short-lived URL that downloads the object without any other credential. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string>;
  /** Downloads the object under `key` into `file` (owner-only), streamed. */
  getFile(key: string, file: string): Promise<void>;
  /** Deletes every object under `prefix` (ending in '/'); the number deleted. */
  deletePrefix(prefix: string): Promise<number>;
  /** Releases connections (the S3 client's keep-alive sockets). */
  close(): void;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** A key is one or more plain path segments: no '..', no leading '/', no empty segment. */
export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid media key "${key}"`);
}

export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1))) throw new Error(`invalid media prefix "${prefix}"`);
}

/** Every stored object of one interview lives under this prefix, so erasure is one call. */
export function interviewPrefix(interviewId: string): string {
  return `interviews/${interviewId}/`;
}

/**
 * What the session nodes write while the interview runs, for whichever node
 * assembles the recording (candidate audio pieces, the interviewer's speech,
 * camera chunks): under the interview's prefix, so an erase removes it too.
 */
export function spoolPrefix(interviewId: string): string {
  return `${interviewPrefix(interviewId)}spool/`;
}

export const MEDIA_KEYS = {
  audio: (id: string) => `${interviewPrefix(id)}recording.mp3`,
  video: (id: string) => `${interviewPrefix(id)}recording.webm`,
  transcript: (id: string) => `${interviewPrefix(id)}transcript.json`,
  evaluation: (id: string) => `${interviewPrefix(id)}evaluation.json`,
  log: (id: string) => `${interviewPrefix(id)}log.json`,
} as const;

export const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  webm: 'video/webm',
  json: 'application/json',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
