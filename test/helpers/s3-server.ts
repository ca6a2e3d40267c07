// A real S3-protocol server (s3rver, files on disk) for the STORAGE=s3 tests:
// the SDK's signed requests and presigned URLs go over HTTP to it exactly as
// they would to AWS or MinIO.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- s3rver ships no types; the few calls below are its documented API.
import S3rver from 's3rver';
import type { IncomingMessage, Server } from 'node:http';

interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
  httpServer: unknown;
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  /** Requests the server saw, method and path (to count uploads). */
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'recordings'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const requests: { method: string; url: string }[] = [];
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  (server.httpServer as Server).on('request', (request: IncomingMessage) =>
    requests.push({ method: request.method ?? '', url: request.url ?? '' }),
  );
  return {
    endpoint,
    bucket,
    requests,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
