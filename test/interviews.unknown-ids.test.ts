// Finding 11 (issue 17): the spec's API answers 404 InterviewNotExist for any
// unknown interview id. Long ids too, up to the longest URL the server takes
// (Node's 16 KiB for the request line and headers); only beyond that does the
// HTTP layer refuse the request (431), never with a 414 or a 500.

import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

const ROUTES: [method: 'GET' | 'POST', prefix: string][] = [
  ['GET', '/interview/details/'],
  ['POST', '/interview/reset/'],
  ['GET', '/interview/evaluation-report/'],
  ['GET', '/interview/transcript/'],
  ['GET', '/interview/overall-evaluation-report/'],
  ['GET', '/interview/get-recording/'],
  ['GET', '/interview/get-video-recording/'],
  ['GET', '/interview/get-logs/'],
];

describe('an unknown interview id of any length', () => {
  it.each(ROUTES)('%s %s answers 404 InterviewNotExist for ids of 65, 300 and 15,000 characters', async (method, prefix) => {
    for (const length of [65, 300, 15_000]) {
      const response = await t.api(key, `${prefix}${'a'.repeat(length)}`, { method });
      expect({ length, status: response.status, body: await response.json() }).toEqual({
        length,
        status: 404,
        body: { detail: 'InterviewNotExist' },
      });
    }
  });

  it('past the longest request the server takes, the HTTP layer answers 431 with a {detail} body', async () => {
    const response = await t.api(key, `/interview/details/${'a'.repeat(17_000)}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ detail: 'Request headers are too large' });
  });
});
