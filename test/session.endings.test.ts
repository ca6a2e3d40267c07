import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import {
  GOOD_ANSWERS,
  atFirstQuestion,
  connect,
  type Details,
  createJobInterview,
  details,
  eventually,
  logs,
  roundTrip,
  say,
} from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer({ JOBS_POLL_SECONDS: '0.2', SESSION_MAX_RESUMES: '1' }, (server, k) => ([t, key] = [server, k]));

const startedInterview = () => atFirstQuestion(t, key);

async function expectEnded(id: string, reason: number) {
  expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: reason });
  await eventually(async () =>
    expect(await logs(t, key, id)).toMatch(new RegExp(`handed over to the results pipeline \\(state 2, ending reason ${reason}\\)`)),
  );
}

describe('ending reasons', () => {
  it('2: the candidate ends the interview, hears a farewell and the socket closes', async () => {
    const { id, client } = await startedInterview();
    client.send({ type: 'end' });
    const end = await client.turn();
    expect(end.said).toEqual([
      expect.objectContaining({ control_id: 'procedural', text: expect.stringMatching(/end the interview here/) }),
    ]);
    expect(end.ended).toMatchObject({ state: 2, ending_reason: 2, ending_reason_name: 'USER_ENDED' });
    expect((await client.closed).code).toBe(1000);
    await expectEnded(id, 2);
  });

  it('8: the candidate quits after an error', async () => {
    const { id, client } = await startedInterview();
    client.send({ type: 'end', after_error: true });
    expect((await client.turn()).ended).toMatchObject({ ending_reason: 8, ending_reason_name: 'USER_ENDED_DUE_TO_ERROR' });
    await expectEnded(id, 8);
  });

  it('6: a fatal page error ends the interview; a non-fatal one is only logged', async () => {
    const { id, client } = await startedInterview();
    client.send({ type: 'client_error', message: 'camera glitch', fatal: false });
    client.send({ type: 'ping', id: 'p1' });
    expect(await client.next('pong')).toMatchObject({ id: 'p1' });
    expect((await details(t, key, id)).state).toBe(6);
    client.send({ type: 'client_error', message: 'audio context crashed', fatal: true });
    expect((await client.turn()).ended).toMatchObject({ ending_reason: 6, ending_reason_name: 'ENDED_DUE_TO_FRONTEND_ERRROR' });
    await expectEnded(id, 6);
    const log = await logs(t, key, id);
    expect(log).toMatch(/WARN page reported an error: camera glitch/);
    expect(log).toMatch(/page reported a fatal error: audio context crashed/);
  });

  it('4: three refusals or insults end the interview as uncooperative', async () => {
    const { id, client } = await startedInterview();
    const first = await say(client, "I won't answer that.");
    expect(first.said.at(-1)).toMatchObject({ control_id: 'q2' });
    const second = await say(client, 'Shut up, you stupid bot.');
    expect(second.said[0]!.text).toMatch(/respectful/);
    const third = await say(client, 'No comment.');
    expect(third.ended).toMatchObject({ ending_reason: 4, ending_reason_name: 'ENDED_DUE_TO_USER_UNCOOPERRATIVE' });
    await expectEnded(id, 4);
  });

  it('7: one resume more than SESSION_MAX_RESUMES ends the interview', async () => {
    const { id, client } = await startedInterview();
    client.drop();
    await eventually(async () => expect((await details(t, key, id)).user_disconnected).toBe(true));
    const second = await connect(t, id);
    expect(await second.next('session')).toMatchObject({ resumed: true, resume_count: 1 });
    await second.turn();
    await second.close();
    await eventually(async () => expect((await details(t, key, id)).user_disconnected).toBe(true));
    const third = await connect(t, id);
    expect(await third.next('session')).toMatchObject({ resumed: true, resume_count: 2 });
    const end = await third.turn();
    expect(end.said[0]!.text).toMatch(/interrupted too many times/);
    expect(end.ended).toMatchObject({ ending_reason: 7, ending_reason_name: 'ENDED_DUE_TO_EXCEEDED_RESUME_COUNT' });
    expect(await details(t, key, id)).toMatchObject({ resume_count: 2 });
    await expectEnded(id, 7);
  });

  it('an ended interview refuses new sessions with INTERVIEW_NOT_ALLOWED and reason interview_ended', async () => {
    const { id, client } = await startedInterview();
    client.send({ type: 'end' });
    await client.closed;
    const again = await connect(t, id);
    // feedback_given tells the page whether its end screen still has a feedback form to offer.
    expect(await again.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({
      reason: 'interview_ended',
      state: 2,
      ending_reason: 2,
      feedback_given: false,
    });
    expect((await again.closed).code).toBe(4410);
    const transcript = (await details(t, key, id)).transcript;
    expect(transcript.at(-1)!.content).toMatch(/end the interview here/);
    const feedback = await fetch(`${t.url}/candidate/interviews/${id}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 5 }),
    });
    expect(feedback.status).toBe(204);
    const afterFeedback = await connect(t, id);
    expect(await afterFeedback.next('INTERVIEW_NOT_ALLOWED')).toMatchObject({ reason: 'interview_ended', feedback_given: true });
  });

  it('an unknown interview id is refused with INTERVIEW_NOT_FOUND', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const client = await connect(t, id);
      expect(await client.next('error')).toMatchObject({ code: 'INTERVIEW_NOT_FOUND', fatal: true });
      expect((await client.closed).code).toBe(4404);
    }
  });
});

describe('inactivity (ending reason 3)', () => {
  let quiet: TestServer;
  let quietKey: string;
  // Virtual time: the silence periods pass when the test advances the scheduler, not on the wall clock.
  useTestServer(
    { SESSION_INACTIVITY_SECONDS: '60', SESSION_INACTIVITY_REMINDERS: '2', SESSION_PING_SECONDS: '3600' },
    (server, k) => ([quiet, quietKey] = [server, k]),
    { virtualTimers: true },
  );
  const wait = (seconds: number) => quiet.scheduler!.advance(seconds * 1000);

  it('reminds twice, then ends the interview when no answer comes', async () => {
    const id = await createJobInterview(quiet, quietKey);
    const client = await connect(quiet, id);
    await client.turn();
    await wait(59);
    await roundTrip(client);
    expect(client.events.filter((e) => e.type === 'utterance')).toHaveLength(2); // not yet: greeting and intro request only
    await wait(1);
    const first = await client.turn();
    expect(first.said).toEqual([expect.objectContaining({ text: expect.stringMatching(/still there/) })]);
    await wait(60);
    const second = await client.turn();
    expect(second.said[0]!.text).toMatch(/still there/);
    await wait(60);
    const end = await client.turn();
    expect(end.ended).toMatchObject({ ending_reason: 3, ending_reason_name: 'ENDED_DUE_TO_USER_INACTIVITY' });
    expect(await details(quiet, quietKey, id)).toMatchObject({ state: 2, ending_reason: 3 });
  });

  it('typing (activity) postpones the reminder without a turn', async () => {
    const id = await createJobInterview(quiet, quietKey);
    const client = await connect(quiet, id);
    await client.turn();
    for (let i = 0; i < 3; i += 1) {
      await wait(40); // two minutes in all, twice the silence period, always typing within it
      client.send({ type: 'activity' });
      await roundTrip(client); // a reminder due by now would have been sent before this pong
    }
    expect(client.events.filter((e) => e.type === 'utterance')).toHaveLength(2); // greeting and intro request only
    await wait(60);
    expect((await client.turn()).said[0]!.text).toMatch(/still there/);
    expect((await details(quiet, quietKey, id)).transcript.filter((e) => e.role === 'user')).toEqual([]);
    await client.close();
  });

  it('an answer resets the reminders', async () => {
    const id = await createJobInterview(quiet, quietKey);
    const client = await connect(quiet, id);
    await client.turn();
    await wait(60);
    expect((await client.turn()).said[0]!.text).toMatch(/still there/);
    const q1 = await say(client, GOOD_ANSWERS[0]!);
    expect(q1.state?.state).toBe(6);
    await wait(60);
    expect((await client.turn()).said[0]!.text).toMatch(/still there/);
    await wait(60);
    expect((await client.turn()).said[0]!.text).toMatch(/still there/);
    await wait(60);
    expect((await client.turn()).ended?.ending_reason).toBe(3);
  });
});

describe('backend faults', () => {
  let broken: TestServer;
  let brokenKey: string;
  useTestServer({ JOBS_POLL_SECONDS: '0.2' }, (server, k) => ([broken, brokenKey] = [server, k]));

  it('5: a turn that cannot be stored ends the interview with ending reason 5 and a clear error event', async () => {
    const id = await createJobInterview(broken, brokenKey);
    const client = await connect(broken, id);
    await client.turn();
    const db = broken.server.container.database.db;
    await sql`alter table transcript_entries rename to transcript_entries_away`.execute(db);
    try {
      client.send({ type: 'answer', text: GOOD_ANSWERS[0]! });
      expect(await client.next('error')).toMatchObject({ code: 'SERVER_ERROR', fatal: true });
      expect(await client.next('ended')).toMatchObject({ state: 2, ending_reason: 5, ending_reason_name: 'ENDED_DUE_TO_ERRROR' });
    } finally {
      await sql`alter table transcript_entries_away rename to transcript_entries`.execute(db);
    }
    expect(await details(broken, brokenKey, id)).toMatchObject({ state: 2, ending_reason: 5 });
    expect(await logs(broken, brokenKey, id)).toMatch(/backend error during a turn/);
  });

  it('3 (ERROR) only for an interview whose stored data cannot be run', async () => {
    const id = await createJobInterview(broken, brokenKey);
    await broken.server.container.database.db.updateTable('interviews').set({ questions: '{not json' }).where('id', '=', id).execute();
    const client = await connect(broken, id);
    expect(await client.next('error')).toMatchObject({ code: 'SERVER_ERROR', fatal: true });
    expect(await client.next('ended')).toMatchObject({ state: 3, ending_reason: 5 });
    expect((await client.closed).code).toBe(1011);
    const record = (await details(broken, brokenKey, id)) as Details & { job_info: { questions: unknown } };
    expect(record).toMatchObject({ state: 3, ending_reason: 5, job_info: { questions: null } });
    await eventually(async () =>
      expect(await logs(broken, brokenKey, id)).toMatch(/handed over to the results pipeline \(state 3, ending reason 5\)/),
    );
  });
});
