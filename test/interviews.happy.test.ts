import { beforeAll, describe, expect, it } from 'vitest';
import { jobInterviewRequest, screeningInterviewRequest, startTestServer, type TestServer, useTestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;

useTestServer({ CANDIDATE_UI_URL: 'https://candidates.example.com/' }, (server, serverKey) => {
  t = server;
  key = serverKey;
});

async function create(path: string, body: unknown): Promise<{ interview_id: string; interview_link: string; message: string }> {
  const response = await t.api(key, path, { method: 'POST', json: body });
  expect(response.status).toBe(200);
  return response.json() as never;
}

describe('creating interviews', () => {
  it('creates a job interview and returns its id and candidate link', async () => {
    const created = await create('/interview/create-from-questions', jobInterviewRequest());
    expect(created.message).toBeTypeOf('string');
    expect(created.interview_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.interview_link).toBe(`https://candidates.example.com/interview?iid=${created.interview_id}`);
  });

  it('is not idempotent: the same request twice gives two interviews', async () => {
    const a = await create('/interview/create-from-questions', jobInterviewRequest());
    const b = await create('/interview/create-from-questions', jobInterviewRequest());
    expect(a.interview_id).not.toBe(b.interview_id);
  });

  it('fills every default of the job request and gives questions stable ids', async () => {
    const { interview_id } = await create('/interview/create-from-questions', {
      job_title: 'QA',
      candidate_id: 'c1',
      primary_tech_focus: 'testing',
      questions: [{ question: 'Why test?', evaluation_criteria: [] }],
    });
    const details = await (await t.api(key, `/interview/details/${interview_id}`)).json();
    expect(details).toMatchObject({
      id: interview_id,
      language_code: 1,
      interview_type: 0,
      candidate_id: 'c1',
      job_info: {
        job_title: 'QA',
        candidate_id: 'c1',
        experience_level: 'junior',
        difficulty_level: 'easy',
        questions: [{ id: 'q1', question: 'Why test?', type: 'technical', sample_answer: null, evaluation_criteria: [] }],
      },
    });
  });

  it('creates a video introduction through the job path with interview_type 2 and an empty focus', async () => {
    const { interview_id } = await create(
      '/interview/create-from-questions',
      jobInterviewRequest({ interview_type: 2, primary_tech_focus: '', language_code: 9 }),
    );
    const details = await (await t.api(key, `/interview/details/${interview_id}`)).json();
    expect(details.interview_type).toBe(2);
    expect(details.language_code).toBe(9);
  });

  it('creates a screening interview in the requested language with questions in asking order', async () => {
    const { interview_id } = await create('/interview/screening/create-from-questions', screeningInterviewRequest());
    const details = await (await t.api(key, `/interview/details/${interview_id}`)).json();
    expect(details.interview_type).toBe(1);
    expect(details.language_code).toBe(2);
    expect(details.job_info.questions.map((q: { id: string; asking_order: number }) => [q.id, q.asking_order])).toEqual([
      ['q1', 1],
      ['q2', 2],
    ]);
    expect(details.job_info.questions[1]).toMatchObject({ question_type: 'qualifying', qualifying_criteria: 'Must hold a valid licence' });
  });
});

describe('reading an interview that has not started', () => {
  let id: string;
  beforeAll(async () => {
    ({ interview_id: id } = await create('/interview/create-from-questions', jobInterviewRequest({ platformai_interview_id: 9007 })));
  });

  it('shows state 0 with every default of the record', async () => {
    const response = await t.api(key, `/interview/details/${id}`);
    expect(response.status).toBe(200);
    const details = await response.json();
    expect(details).toMatchObject({
      id,
      platformai_interview_id: 9007,
      userip: null,
      call_api_id: null,
      call_length: null,
      feedback: null,
      next_question_index: 0,
      state: 0,
      user_disconnected: false,
      language_code: 1,
      archival_status: 0,
      ending_reason: 0,
      interview_type: 0,
      interview_agent_meta: null,
      resume_count: null,
      candidate_id: 'cand-42',
    });
    expect(new Date(details.created_at).toISOString()).toBe(details.created_at);
    expect(details).not.toHaveProperty('transcript');
  });

  it('appends the transcript only for x-frontend: talentui', async () => {
    const withTranscript = await (await t.api(key, `/interview/details/${id}`, { headers: { 'x-frontend': 'talentui' } })).json();
    expect(withTranscript.transcript).toEqual([]);
    const other = await (await t.api(key, `/interview/details/${id}`, { headers: { 'x-frontend': 'other' } })).json();
    expect(other).not.toHaveProperty('transcript');
  });

  it('answers an empty transcript', async () => {
    const response = await t.api(key, `/interview/transcript/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ transcript: [] });
  });

  it.each(['/interview/evaluation-report/', '/interview/overall-evaluation-report/'])(
    '%s answers 404 InterviewNotEndException',
    async (path) => {
      const response = await t.api(key, path + id, { headers: { locale: 'de' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'InterviewNotEndException' });
    },
  );

  it.each(['/interview/get-recording/', '/interview/get-video-recording/'])('%s answers 500 RecordingCreationException', async (path) => {
    const response = await t.api(key, path + id);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: 'RecordingCreationException' });
  });

  it('serves the session log as raw text that records the creation', async () => {
    const response = await t.api(key, `/interview/get-logs/${id}`);
    expect(response.status).toBe(200);
    const { interview_logs } = await response.json();
    expect(interview_logs).toMatch(/INFO interview created by user:[0-9a-f-]+: job_interview, 2 question\(s\), language 1\n$/);
  });

  it('accepts an upper-case id as the same interview', async () => {
    const response = await t.api(key, `/interview/details/${id.toUpperCase()}`);
    expect(response.status).toBe(200);
  });
});

describe('reset', () => {
  it('resets an interview outside production and logs it', async () => {
    const { interview_id } = await create('/interview/create-from-questions', jobInterviewRequest());
    const response = await t.api(key, `/interview/reset/${interview_id}`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    const details = await (await t.api(key, `/interview/details/${interview_id}`)).json();
    expect(details.state).toBe(0);
    const { interview_logs } = await (await t.api(key, `/interview/get-logs/${interview_id}`)).json();
    expect(interview_logs).toContain('interview reset');
  });

  it('refuses reset in production with OperationNotPermittedException and changes nothing', async () => {
    const production = await startTestServer({ APP_ENV: 'production' });
    try {
      const prodKey = await production.createKey();
      const created = await (
        await production.api(prodKey, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() })
      ).json();
      const response = await production.api(prodKey, `/interview/reset/${created.interview_id}`, { method: 'POST' });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: 'OperationNotPermittedException' });
      const { interview_logs } = await (await production.api(prodKey, `/interview/get-logs/${created.interview_id}`)).json();
      expect(interview_logs).not.toContain('reset');
    } finally {
      await production.close();
    }
  });
});
