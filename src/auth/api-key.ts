import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'sk_int_';
const KEY_PATTERN = /^sk_int_[A-Za-z0-9_-]{32}$/;

export interface GeneratedApiKey {
  key: string;
  hash: string;
  prefix: string;
}

/** `sk_int_` + 32 url-safe characters (24 random bytes, 192 bits). */
export function generateApiKey(): GeneratedApiKey {
  const key = KEY_PREFIX + randomBytes(24).toString('base64url');
  return { key, hash: hashSecret(key), prefix: displayPrefix(key) };
}

export function isWellFormedApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/**
 * Keys carry 192 random bits, so a fast unsalted hash is enough: nobody can
 * brute-force the pre-image, and it lets us look a key up by its hash.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** What an operator sees of a key in `keys list`. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}

/** Constant-time comparison of two secrets of any length (compares their digests). */
export function secretsMatch(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a, 'utf8').digest();
  const digestB = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(digestA, digestB);
}
