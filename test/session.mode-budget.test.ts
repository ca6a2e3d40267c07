// Finding 8 (issue 17): `mode` frames from the page share the page-report
// budget (SESSION_CLIENT_LOG_LINES*), so a page switching modes many times a
// second cannot fill the interview's log and push out the service's own
// lines about the end of the interview and its evaluation. Real server, real
// socket, protocol version 2.

import { expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { GOOD_ANSWERS, createJobInterview, eventually, logs, roundTrip, say } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
useTestServer(
  {
    STT_PROVIDER: 'none',
    TTS_PROVIDER: 'none',
    INTERVIEW_LOG_MAX_LINES: '80',
    SESSION_CLIENT_LOG_LINES_PER_MINUTE: '10',
    SESSION_CLIENT_LOG_LINES: '100',
    SESSION_MAX_MESSAGES_PER_SECOND: '1000',
  },
  (server, k) => ([t, key] = [server, k]),
);

it('a burst of mode switches is budgeted like page reports: the end-of-interview lines still reach get-logs', async () => {
  const id = await createJobInterview(t, key);
  const client = await CandidateClient.connect(t.url, id, { version: 2 });
  await client.next('session');
  client.send({ type: 'start', consent: true, mode: 'text' });
  await client.turn();
  for (let i = 0; i < 150; i++) client.send({ type: 'mode', mode: i % 2 === 0 ? 'voice' : 'text' });
  await roundTrip(client);

  for (const answer of GOOD_ANSWERS) await say(client, answer);
  const end = await say(client, 'No questions, thank you.');
  expect(end.ended).toMatchObject({ ending_reason: 1 });
  const log = await eventually(async () => {
    const text = await logs(t, key, id);
    expect(text).toMatch(/evaluation stored/);
    return text;
  }, 120_000);
  expect(log).toMatch(/INFO interview ended: ending reason 1/);
  expect(log).not.toMatch(/log truncated/);
  // Ten switches in the minute, then one line saying how many were not stored.
  expect(log.match(/switched from/g)).toHaveLength(10);
  expect(log).toMatch(/WARN 140 mode switch\(es\) not stored \(more than 10 page reports a minute\)/);
  await client.close();
});
