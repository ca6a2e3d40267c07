// A failed archival is visible and retried: with the bucket missing, the
// media steps fail (the candidate's spool lives in the bucket too, so the
// assembly cannot read it, and the upload cannot store the MP3),
// archival_status becomes 3 and the interview's log says which attempt
// failed; once the bucket exists the retry stores the recording (archival 1)
// and the webhook follows, once.

import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { startTestS3, type TestS3 } from './helpers/s3-server.js';
import { createJobInterview, details, eventually, GOOD_ANSWERS, logs } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { createEndpoint, DELIVERY_ENV, FAST_WORKER } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let s3: TestS3;
let t: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  s3 = await startTestS3();
  receiver = await startReceiver();
  t = await startTestServer({ ...DELIVERY_ENV, ...s3.env, S3_BUCKET: 'created-later', JOBS_POLL_SECONDS: '0.1' }, FAST_WORKER);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await s3?.close();
});

describe('a failed archival', () => {
  it('sets archival_status 3, logs the attempt, and a later retry stores it and notifies once', async () => {
    const key = await t.createKey();
    await createEndpoint(t, key, { url: receiver.url, name: 'ATS' });
    const id = await createJobInterview(t, key);
    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);

    // The assembly synthesises every question first (nothing could be prepared into the bucket): slow on a loaded machine.
    await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(3), 60_000);
    expect(await logs(t, key, id)).toMatch(/(media|archive): attempt 1 of 5 failed: .+; retrying with back-off/);
    expect((await t.api(key, `/interview/get-recording/${id}`)).status).toBe(500);
    expect(receiver.requests).toHaveLength(0);

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: 'created-later' }));
    client.destroy();

    // The job runner retries after its back-off (5 s, then 10 s).
    await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 40_000);
    await receiver.waitFor(1, { timeoutMs: 20_000 });
    expect((await t.api(key, `/interview/get-recording/${id}`)).status).toBe(200);
    await t.server.container.jobRunner.whenIdle();
    expect(receiver.requests).toHaveLength(1);
  }, 150_000);
});
