// Signing secrets are encrypted at rest with AES-256-GCM under a server key,
// so a copy of the database alone cannot forge signatures. The endpoint id is
// the additional authenticated data: a ciphertext moved to another row fails.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { loadOrCreateKeyFile } from '../common/private-files.js';

const VERSION = 'v1';
export const SECRET_KEY_FILE = 'webhook-secret.key';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook secret key must be 32 bytes');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unreadable webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** The configured key, or the one in DATA_DIR/webhook-secret.key, created (mode 0600) on first start. */
export function loadSecretKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  return loadOrCreateKeyFile(dataDir, SECRET_KEY_FILE);
}

/** A new signing secret: 32 random bytes, URL-safe text (43 characters). */
export function generateSigningSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function maskSecret(secret: string): string {
  return secret.slice(0, 6);
}
