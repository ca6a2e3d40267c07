// HMAC-signed, expiring URLs for local media: the service hands out
// `/media/<key>?expires=<unix>&signature=<hmac>` and the media route checks
// both before serving a byte. The key is DATA_DIR/media-url.key (created
// 0600 on first start) so links survive a restart.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadOrCreateKeyFile } from '../common/private-files.js';

export const MEDIA_URL_KEY_FILE = 'media-url.key';

export type SignatureCheck = 'valid' | 'expired' | 'tampered';

export class UrlSigner {
  constructor(private readonly key: Buffer) {}

  sign(mediaKey: string, expiresAtUnix: number): string {
    return createHmac('sha256', this.key).update(`${mediaKey}\n${expiresAtUnix}`).digest('base64url');
  }

  /** Tampering is checked before expiry: a forged link learns nothing about time. */
  check(mediaKey: string, expires: string | undefined, signature: string | undefined, nowUnix: number): SignatureCheck {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'tampered';
    const expected = Buffer.from(this.sign(mediaKey, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
    return Number(expires) < nowUnix ? 'expired' : 'valid';
  }
}

/** The key in DATA_DIR/media-url.key, created on first use. */
export function loadUrlSigningKey(dataDir: string): Buffer {
  return loadOrCreateKeyFile(dataDir, MEDIA_URL_KEY_FILE);
}
