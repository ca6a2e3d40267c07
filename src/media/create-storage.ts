// STORAGE picks the implementation; the rest of the service sees MediaStorage.

import path from 'node:path';
import type { Config } from '../config.js';
import type { Clock } from '../common/clock.js';
import { LocalStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { loadUrlSigningKey, UrlSigner } from './url-signer.js';

/** DATA_DIR/media: the local store (STORAGE=local: finished objects and the spool), the work folders (assembly) and uploads being received live under it, nowhere else. */
export function mediaRoot(dataDir: string): string {
  return path.resolve(dataDir, 'media');
}

/** Async: the AWS SDK is loaded only when STORAGE=s3 (it is large, and warns on Node 20). */
export async function createMediaStorage(config: Config, clock: Clock): Promise<{ storage: MediaStorage; local: LocalStorage | null }> {
  if (config.storage === 's3' && config.s3) {
    const { S3Storage } = await import('./s3-storage.js');
    return { storage: new S3Storage(config.s3), local: null };
  }
  const local = new LocalStorage(
    path.join(mediaRoot(config.dataDir), 'store'),
    config.publicBaseUrl,
    new UrlSigner(loadUrlSigningKey(config.dataDir)),
    clock,
  );
  return { storage: local, local };
}
