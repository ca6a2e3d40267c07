// "I need more time" (protocol version 2): an inactivity reminder tells the
// page when the interview ends and how much more time it may ask for; a
// `more_time` request moves the next reminder SESSION_MORE_TIME_SECONDS away,
// typing does not shorten it, and past SESSION_MORE_TIME_REQUESTS the server
// refuses and nothing changes. Virtual time: the silences pass when the test
// advances the scheduler.

import { describe, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { VOICE_PROTOCOL_VERSION } from '../src/session/protocol.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { connect, createJobInterview, details, eventually, logs, roundTrip } from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer(
  {
    SESSION_INACTIVITY_SECONDS: '60',
    SESSION_INACTIVITY_REMINDERS: '2',
    SESSION_MORE_TIME_SECONDS: '300',
    SESSION_MORE_TIME_REQUESTS: '2',
    SESSION_PING_SECONDS: '3600',
  },
  (server, k) => ([t, key] = [server, k]),
  { virtualTimers: true },
);
const wait = (seconds: number) => t.scheduler!.advance(seconds * 1000);

/** A typed interview over version 2, agreed and at its first prompt. */
async function started(): Promise<{ id: string; client: CandidateClient }> {
  const id = await createJobInterview(t, key);
  const client = await CandidateClient.connect(t.url, id, { version: VOICE_PROTOCOL_VERSION });
  await client.next('session');
  client.send({ type: 'start', consent: true, mode: 'text' });
  await client.turn();
  return { id, client };
}

const utterances = (client: CandidateClient) => client.events.filter((e) => e.type === 'utterance').length;

describe('more time after an inactivity reminder', () => {
  it('the reminder states the limit; more time delays the next reminder, typing does not cut it short', async () => {
    const { id, client } = await started();
    await wait(60);
    const first = await client.turn();
    expect(first.said[0]!.text).toMatch(/still there/);
    // The second reminder in 60 s, then one more period: the end is 120 s away without an answer.
    expect(await client.next('reminder')).toEqual({
      type: 'reminder',
      number: 1,
      of: 2,
      ends_in_seconds: 120,
      more_time_left: 2,
      more_time_seconds: 300,
    });

    client.send({ type: 'more_time' });
    expect(await client.next('more_time')).toEqual({ type: 'more_time', seconds: 300, more_time_left: 1 });
    const before = utterances(client);
    // Typing restarts the 60 s clock; it must not bring the reminder back before the granted 300 s.
    await wait(100);
    client.send({ type: 'activity' });
    await roundTrip(client);
    await wait(199);
    await roundTrip(client);
    expect(utterances(client)).toBe(before);
    await wait(1);
    expect((await client.turn()).said[0]!.text).toMatch(/still there/);
    // The reminders count from the start again.
    expect(await client.next('reminder')).toMatchObject({ number: 1, ends_in_seconds: 120, more_time_left: 1 });
    expect(await logs(t, key, id)).toMatch(/the candidate asked for more time \(1 of 2\): no reminder for 300 s/);
    await client.close();
  });

  it('past the allowed requests more time is refused and the interview still ends for inactivity', async () => {
    const { id, client } = await started();
    client.send({ type: 'more_time' });
    expect(await client.next('more_time')).toMatchObject({ more_time_left: 1 });
    client.send({ type: 'more_time' });
    expect(await client.next('more_time')).toMatchObject({ more_time_left: 0 });
    client.send({ type: 'more_time' });
    expect(await client.next('error')).toMatchObject({ code: 'NO_MORE_TIME', fatal: false });
    await wait(300);
    expect((await client.turn()).said[0]!.text).toMatch(/still there/);
    expect(await client.next('reminder')).toMatchObject({ number: 1, more_time_left: 0 });
    await wait(60);
    await client.turn();
    await wait(60);
    expect((await client.turn()).ended).toMatchObject({ ending_reason: 3 });
    await eventually(async () => expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 3 }));
  });

  it('is refused before consent, with extra fields, and over version 1, changing nothing', async () => {
    const id = await createJobInterview(t, key);
    const page = await CandidateClient.connect(t.url, id, { version: VOICE_PROTOCOL_VERSION });
    await page.next('session');
    page.send({ type: 'more_time' });
    expect(await page.next('error')).toMatchObject({ code: 'CONSENT_REQUIRED', fatal: false });
    const withSeconds: Record<string, unknown> = { type: 'more_time', seconds: 99_999 };
    page.send(withSeconds);
    expect(await page.next('error')).toMatchObject({ code: 'INVALID_MESSAGE', fatal: false });
    expect(await details(t, key, id)).toMatchObject({ state: 0 });
    await page.close();

    const other = await createJobInterview(t, key);
    const v1 = await connect(t, other);
    await v1.turn();
    v1.send({ type: 'more_time' });
    expect(await v1.next('error')).toMatchObject({ code: 'UNKNOWN_TYPE' });
    await wait(60);
    await v1.turn();
    // Version 1 clients get the spoken reminder only, no new event.
    await roundTrip(v1);
    expect(v1.events.some((e) => e.type === 'reminder')).toBe(false);
    await v1.close();
  });
});
