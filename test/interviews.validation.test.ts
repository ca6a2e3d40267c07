import { describe, expect, it } from 'vitest';
import { jobInterviewRequest, screeningInterviewRequest, type TestServer, useTestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;

useTestServer({}, (server, serverKey) => {
  t = server;
  key = serverKey;
});

async function post(path: string, body: unknown): Promise<{ status: number; body: { detail: unknown } }> {
  const response = await t.api(key, path, { method: 'POST', json: body });
  return { status: response.status, body: await response.json() };
}

type Detail = { loc: (string | number)[]; msg: string; type: string; input?: unknown; ctx?: Record<string, unknown> };

function locs(detail: unknown): string[] {
  return (detail as Detail[]).map((d) => d.loc.join('.'));
}

describe('validation errors have the FastAPI shape', () => {
  it('names every missing required field with loc, msg and type', async () => {
    const { status, body } = await post('/interview/create-from-questions', {});
    expect(status).toBe(422);
    expect(locs(body.detail).sort()).toEqual(['body.candidate_id', 'body.job_title', 'body.primary_tech_focus', 'body.questions']);
    expect((body.detail as Detail[])[0]).toMatchObject({ msg: 'Field required', type: 'missing' });
  });

  it('points into nested question arrays', async () => {
    const request = jobInterviewRequest({
      questions: [
        { question: 'ok', evaluation_criteria: [] },
        { question: 'x', evaluation_criteria: 'not a list', type: 'creative' },
      ],
    });
    const { status, body } = await post('/interview/create-from-questions', request);
    expect(status).toBe(422);
    const detail = body.detail as Detail[];
    expect(detail).toContainEqual(expect.objectContaining({ loc: ['body', 'questions', 1, 'evaluation_criteria'], type: 'list_type' }));
    expect(detail).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'questions', 1, 'type'],
        type: 'enum',
        input: 'creative',
        ctx: { expected: "'technical', 'behavioral' or 'situational'" },
      }),
    );
  });

  it.each([
    ['language_code', 0, 'enum'],
    ['language_code', '2', 'enum'],
    ['experience_level', 'principal', 'enum'],
    ['difficulty_level', 'extreme', 'enum'],
    ['interview_type', 1, 'enum'],
    ['job_title', '', 'string_too_short'],
    ['job_title', 42, 'string_type'],
    ['questions', [], 'too_short'],
  ])('refuses %s = %j with type %s', async (field, value, type) => {
    const { status, body } = await post('/interview/create-from-questions', jobInterviewRequest({ [field]: value }));
    expect(status).toBe(422);
    expect(body.detail).toContainEqual(expect.objectContaining({ loc: ['body', field], type }));
  });

  it('requires a primary_tech_focus for a job interview but not for a video introduction', async () => {
    const job = await post('/interview/create-from-questions', jobInterviewRequest({ primary_tech_focus: '  ' }));
    expect(job.status).toBe(422);
    expect(job.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'primary_tech_focus'], type: 'value_error' })]);
    const video = await post('/interview/create-from-questions', jobInterviewRequest({ primary_tech_focus: '', interview_type: 2 }));
    expect(video.status).toBe(200);
  });

  it('validates screening questions, including unique asking_order', async () => {
    const missing = await post(
      '/interview/screening/create-from-questions',
      screeningInterviewRequest({ questions: [{ question_text: 'Q?' }] }),
    );
    expect(missing.status).toBe(422);
    expect(locs(missing.body.detail).sort()).toEqual([
      'body.questions.0.asking_order',
      'body.questions.0.qualifying_criteria',
      'body.questions.0.question_type',
    ]);

    const duplicate = await post(
      '/interview/screening/create-from-questions',
      screeningInterviewRequest({
        questions: [
          { question_text: 'A?', question_type: 'qualifying', asking_order: 1, qualifying_criteria: 'yes' },
          { question_text: 'B?', question_type: 'information', asking_order: 1, qualifying_criteria: null },
        ],
      }),
    );
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'questions', 1, 'asking_order'], type: 'value_error' }),
    ]);

    const zero = await post('/interview/screening/create-from-questions', screeningInterviewRequest({ interview_lang_code: 10 }));
    expect(zero.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'interview_lang_code'], type: 'enum' }));
  });

  it('validates headers and path parameters with loc "header" and "path"', async () => {
    const created = await post('/interview/create-from-questions', jobInterviewRequest());
    const id = (created.body as unknown as { interview_id: string }).interview_id;
    const badLocale = await t.api(key, `/interview/get-logs/${id}`, { headers: { locale: 'en"><script>' } });
    expect(badLocale.status).toBe(422);
    expect((await badLocale.json()).detail).toEqual([
      expect.objectContaining({ loc: ['header', 'locale'], type: 'string_pattern_mismatch' }),
    ]);

    // A long id is merely unknown (test/interviews.unknown-ids.test.ts); one with NUL cannot be stored anywhere.
    const nulId = await t.api(key, `/interview/details/a%00b`);
    expect(nulId.status).toBe(422);
    expect((await nulId.json()).detail).toEqual([
      expect.objectContaining({ loc: ['path', 'interview_id'], type: 'string_pattern_mismatch' }),
    ]);
  });

  it('answers InterviewNotExist (404) for ids that are not uuids or not known', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '1%20OR%201%3D1']) {
      const response = await t.api(key, `/interview/details/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'InterviewNotExist' });
    }
  });
});
