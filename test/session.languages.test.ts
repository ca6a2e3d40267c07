import { describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { languageFor } from '../src/languages/index.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, connect, createJobInterview, createScreeningInterview, details } from './helpers/session.js';

let t: TestServer;
let key: string;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

const LANGUAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe.each(LANGUAGES)('language %i', (language) => {
  const { phrases: p, tag, direction } = languageFor(language);

  it('runs a whole job interview in the language, with a follow-up and a repeat', async () => {
    const id = await createJobInterview(t, key, { language_code: language, job_title: 'Data Analyst' });
    const client = await connect(t, id);
    const session = await client.next('session');
    expect(session).toMatchObject({ language_code: language, language_tag: tag, direction });
    const opening = await client.turn();
    expect(opening.said.map((u) => u.text)).toEqual([p.greetingJob('Data Analyst'), p.askIntro]);
    client.send({ type: 'answer', text: GOOD_ANSWERS[0]! });
    const q1 = await client.turn();
    expect(q1.said.map((u) => u.text)).toEqual([p.ackIntro, p.askQuestion(1, 2, 'What is a race condition?')]);
    client.send({ type: 'repeat' });
    expect((await client.turn()).said[0]!.text).toBe(p.repeat('What is a race condition?'));
    client.send({ type: 'answer', text: 'ok' });
    expect((await client.turn()).said.map((u) => u.text)).toEqual([p.followUp]);
    client.send({ type: 'answer', text: GOOD_ANSWERS[1]! });
    expect((await client.turn()).said.at(-1)!.text).toBe(p.askQuestion(2, 2, 'Tell me about a conflict in your team.'));
    client.send({ type: 'answer', text: GOOD_ANSWERS[2]! });
    expect((await client.turn()).said.at(-1)!.text).toBe(p.inviteQuestions);
    client.send({ type: 'answer', text: p.candidateNothingMore });
    const end = await client.turn();
    expect(end.said.map((u) => u.text)).toEqual([p.closing('Data Analyst')]);
    expect(end.ended).toMatchObject({ ending_reason: 1 });
  });

  it('runs a screening interview in asking_order, without follow-ups', async () => {
    const id = await createScreeningInterview(t, key, { interview_lang_code: language });
    const result = await playInterview(t.url, id, ['I am Sam, I have worked in logistics for years.', 'Next month.', 'Yes.']);
    expect(result.endingReason).toBe(1);
    const transcript = (await details(t, key, id)).transcript;
    const asked = transcript
      .filter((e) => e.role === 'assistant' && /^q\d$/.test(e.control_id ?? ''))
      .map((e) => [e.control_id, e.content]);
    expect(asked).toEqual([
      ['q1', p.askQuestion(1, 2, 'When could you start?')],
      ['q2', p.askQuestion(2, 2, 'Do you have a forklift licence?')],
    ]);
    expect(transcript[0]!.content).toBe(p.greetingScreening('Warehouse Associate'));
  });

  it('runs a video introduction: greeting, its questions, closing', async () => {
    const id = await createJobInterview(t, key, {
      interview_type: 2,
      primary_tech_focus: '',
      language_code: language,
      job_title: 'Designer',
    });
    const result = await playInterview(t.url, id, ['Hi, I am Alex.', 'I like clean interfaces.']);
    expect(result.endingReason).toBe(1);
    const transcript = (await details(t, key, id)).transcript;
    expect(transcript.map((e) => `${e.role}:${e.control_id}`)).toEqual([
      'assistant:procedural',
      'assistant:q1',
      'user:q1',
      'assistant:procedural',
      'assistant:q2',
      'user:q2',
      'assistant:procedural',
      'assistant:procedural',
    ]);
    expect(transcript[0]!.content).toBe(p.greetingVideo('Designer'));
    expect(transcript.at(-1)!.content).toBe(p.closing('Designer'));
  });
});
