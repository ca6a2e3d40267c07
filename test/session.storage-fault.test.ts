// A storage fault while a candidate connects (here: Redis, which holds the
// session leases, unreachable) answers that candidate with SERVER_ERROR and
// leaves the node running; it used to be an unhandled rejection that ended
// the process and every live session on it.

import { expect, it } from 'vitest';
import { connect, createJobInterview } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
// Port 1 on loopback: nothing listens, so every Redis command fails at once.
useTestServer({ REDIS_URL: 'redis://127.0.0.1:1' }, (server, k) => ([t, key] = [server, k]));

it('a candidate who connects while the lease store is down gets SERVER_ERROR, and the node keeps serving', async () => {
  const id = await createJobInterview(t, key);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const client = await connect(t, id);
    expect(await client.next('error')).toMatchObject({ code: 'SERVER_ERROR', fatal: true });
    expect((await client.closed).code).toBe(1011);
  }
  expect((await fetch(`${t.url}/health`)).status).toBe(200);
});
