// Protocol v2 `mode` takes effect on arrival, even while the interviewer is
// thinking; its log line is written in the session's turn queue. If that
// write fails, the interview ends with reason 5 after the turn in flight,
// never beside it. Real server, real socket, real database fault, the model
// API stand-in (test/helpers/fake-openai.ts) to keep a turn in flight.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { CandidateClient } from '../src/cli/candidate-client.js';
import { FakeOpenAi } from './helpers/fake-openai.js';
import { GOOD_ANSWERS, createJobInterview, details, say } from './helpers/session.js';
import { refuseWrites } from './helpers/storage-fault.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
const model = new FakeOpenAi();

beforeAll(async () => {
  await model.start();
  t = await startTestServer({
    ...model.env(5),
    STT_PROVIDER: 'none',
    TTS_PROVIDER: 'none',
  });
  key = await t.createKey();
});
afterAll(async () => {
  await t?.close();
  await model.stop();
});

it('a mode switch whose log write fails ends the interview after the turn in flight, not beside it', async () => {
  const id = await createJobInterview(t, key);
  const client = await CandidateClient.connect(t.url, id, { version: 2 });
  await client.next('session');
  client.send({ type: 'start', consent: true, mode: 'text' });
  await client.turn();
  await say(client, GOOD_ANSWERS[0]!);

  model.mode = 'delayed';
  model.delayMs = 600;
  const allow = await refuseWrites(t, 'interview_log_lines', `new.message like '%switched from%'`);
  try {
    // A thin answer: the model writes a follow-up (state 10) while the candidate switches to voice.
    client.send({ type: 'answer', text: 'Not sure.' });
    expect(await client.next('state')).toMatchObject({ state: 10, awaiting_input: false });
    client.send({ type: 'mode', mode: 'voice' });
    const ended = await client.next('ended', 10_000);
    expect(ended).toMatchObject({ ending_reason: 5 });
  } finally {
    await allow();
  }
  // The follow-up the model was writing was delivered and stored before the ending.
  const followUp = client.events.findIndex((e) => e.type === 'utterance' && e.text.startsWith('MODEL:'));
  const serverError = client.events.findIndex((e) => e.type === 'error' && e.code === 'SERVER_ERROR');
  expect(followUp).toBeGreaterThan(-1);
  expect(serverError).toBeGreaterThan(followUp);
  const record = await details(t, key, id);
  expect(record).toMatchObject({ ending_reason: 5 });
  const said = record.transcript.map((e) => `${e.role}:${e.content.slice(0, 6)}`);
  expect(said.indexOf('assistant:MODEL:')).toBeGreaterThan(said.indexOf('user:Not su'));
  expect((await client.closed).code).toBe(1000);
});
