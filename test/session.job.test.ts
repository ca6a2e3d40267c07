import { describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, atFirstQuestion, connect, createJobInterview, details, eventually, logs, say } from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer({ JOBS_POLL_SECONDS: '0.2' }, (server, k) => ([t, key] = [server, k]));

describe('a job interview in text mode', () => {
  it('runs greeting, introduction, every question in order, candidate questions and closing, and ends completed', async () => {
    const id = await createJobInterview(t, key);
    const client = await connect(t, id);
    const session = await client.next('session');
    expect(session).toMatchObject({
      protocol_version: 1,
      interview_id: id,
      state: 0,
      resumed: false,
      question_count: 2,
      direction: 'ltr',
      transcript: [],
    });

    const opening = await client.turn();
    expect(opening.said.map((u) => u.control_id)).toEqual(['procedural', 'procedural']);
    expect(opening.said[0]!.text).toContain('Backend Engineer');
    expect(opening.said[1]!.text).toMatch(/introduce yourself/);
    expect(opening.state).toMatchObject({ state: 4, path: [1, 4], awaiting_input: true });
    expect(await details(t, key, id)).toMatchObject({ state: 4, resume_count: 0, user_disconnected: false, userip: '127.0.0.1' });

    const q1 = await say(client, GOOD_ANSWERS[0]!);
    expect(q1.said.at(-1)).toMatchObject({ control_id: 'q1', text: 'Question 1 of 2: What is a race condition?' });
    expect(q1.state).toMatchObject({ state: 6, path: [5, 6], next_question_index: 1 });

    const q2 = await say(client, GOOD_ANSWERS[1]!);
    expect(q2.said.at(-1)).toMatchObject({ control_id: 'q2', text: 'Question 2 of 2: Tell me about a conflict in your team.' });
    const mid = await details(t, key, id);
    expect(mid).toMatchObject({ state: 6, next_question_index: 2 });

    const invite = await say(client, GOOD_ANSWERS[2]!);
    expect(invite.state).toMatchObject({ state: 9, path: [5, 7, 9] });
    expect(invite.said.at(-1)!.text).toMatch(/any questions for us/);

    const reply = await say(client, 'What does a typical day in the team look like?');
    expect(reply.state).toMatchObject({ state: 9 });
    const end = await say(client, 'No, thank you, I have no questions.');
    expect(end.ended).toMatchObject({ state: 2, ending_reason: 1, ending_reason_name: 'INTERVIEW_COMPLETED' });
    expect(end.said.at(-1)!.text).toMatch(/concludes the interview for the Backend Engineer position/);
    expect((await client.closed).code).toBe(1000);

    const final = await details(t, key, id);
    expect(final).toMatchObject({ state: 2, ending_reason: 1, next_question_index: 2 });
    expect(final.call_length).toBeGreaterThanOrEqual(0);
    expect(final.call_api_id).toMatch(/^session:/);
    const roles = final.transcript.map((e) => `${e.role}:${e.control_id}`);
    expect(roles).toEqual([
      'assistant:procedural',
      'assistant:procedural',
      'user:procedural',
      'assistant:procedural',
      'assistant:q1',
      'user:q1',
      'assistant:procedural',
      'assistant:q2',
      'user:q2',
      'assistant:procedural',
      'assistant:procedural',
      'user:procedural',
      'assistant:procedural',
      'user:procedural',
      'assistant:procedural',
    ]);
    expect(final.transcript.every((e) => e.video_time === null && !Number.isNaN(Date.parse(e.created_at)))).toBe(true);
    await eventually(async () =>
      expect(await logs(t, key, id)).toMatch(/handed over to the results pipeline \(state 2, ending reason 1\)/),
    );
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(Number(/^session_turn_seconds_count (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(5); // one per candidate message
    expect(metrics).toMatch(/^session_live \d+$/m);
  });

  it('asks one follow-up when an answer is thin, then moves on even if the second answer is thin too', async () => {
    const { client } = await atFirstQuestion(t, key);
    const followUp = await say(client, 'Not sure.');
    expect(followUp.state).toMatchObject({ state: 6, path: [10, 6] });
    expect(followUp.said).toEqual([expect.objectContaining({ control_id: 'q1', text: expect.stringMatching(/more detail/) })]);
    const next = await say(client, 'Still not sure.');
    expect(next.said.at(-1)).toMatchObject({ control_id: 'q2' });
    await client.close();
  });

  it('asks a follow-up for a long answer that touches none of the evaluation criteria', async () => {
    const { client } = await atFirstQuestion(t, key);
    const followUp = await say(
      client,
      'I really enjoy working with people and I think communication is the most important thing in any company anywhere.',
    );
    expect(followUp.state?.path).toEqual([10, 6]);
    await client.close();
  });

  it('repeats the current question on request, by message and by words', async () => {
    const { id, client } = await atFirstQuestion(t, key);
    client.send({ type: 'repeat' });
    const repeated = await client.turn();
    expect(repeated.state).toMatchObject({ state: 6, path: [11, 6], next_question_index: 1 });
    expect(repeated.said).toEqual([
      expect.objectContaining({ control_id: 'q1', text: 'Of course, here is the question again: What is a race condition?' }),
    ]);
    const again = await say(client, 'Sorry, could you repeat the question?');
    expect(again.said[0]!.text).toContain('What is a race condition?');
    const transcript = (await details(t, key, id)).transcript;
    expect(transcript.at(-2)).toMatchObject({ role: 'user', content: 'Sorry, could you repeat the question?', control_id: 'q1' });
    await client.close();
  });

  it('can be taken again after a reset, starting afresh and handed over again', async () => {
    const id = await createJobInterview(t, key);
    expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
    await eventually(async () => expect(await logs(t, key, id)).toMatch(/handed over/));
    // After the recording is stored, so the test does not depend on how fast this machine assembles it.
    await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 60_000);
    expect((await t.api(key, `/interview/reset/${id}`, { method: 'POST' })).status).toBe(200);
    expect(await details(t, key, id)).toMatchObject({ state: 0, resume_count: null, transcript: [] });
    const client = await connect(t, id);
    expect(await client.next('session')).toMatchObject({ resumed: false, state: 0 });
    await client.turn();
    client.send({ type: 'end' });
    expect((await client.turn()).ended?.ending_reason).toBe(2);
    await eventually(async () => expect((await logs(t, key, id)).match(/handed over/g)).toHaveLength(2));
  });

  it('is played to the end by the simulator with too few answers', async () => {
    const id = await createJobInterview(t, key);
    const result = await playInterview(t.url, id, [GOOD_ANSWERS[0]!]);
    expect(result).toMatchObject({ endingReason: 1, state: 2 });
    expect(result.lines.filter((l) => l.startsWith('candidate: I have nothing to add')).length).toBeGreaterThan(1);
  });
});
