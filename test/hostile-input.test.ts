import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInterviewRequest, screeningInterviewRequest, startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
let existingId: string;
let existingDetails: unknown;

async function interviewCount(): Promise<number> {
  const row = await t.server.container.database.db
    .selectFrom('interviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await startTestServer();
  key = await t.createKey();
  const created = await (await t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() })).json();
  existingId = created.interview_id;
  existingDetails = await (await t.api(key, `/interview/details/${existingId}`)).json();
});

afterAll(async () => {
  // Whatever was thrown at it, the service is healthy and the stored interview is unchanged.
  expect((await fetch(`${t.url}/health`)).status).toBe(200);
  expect(await (await t.api(key, `/interview/details/${existingId}`)).json()).toEqual(existingDetails);
  await t?.close();
});

function raw(body: string, contentType = 'application/json', path = '/interview/create-from-questions'): Promise<Response> {
  return fetch(t.url + path, { method: 'POST', headers: { 'x-application-secret-key': key, 'content-type': contentType }, body });
}

describe('refused requests get a clear 4xx and store nothing', () => {
  const cases: [string, () => Promise<Response>, number][] = [
    [
      'a 1 MB string field (body over the 1 MiB limit)',
      () =>
        t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest({ job_title: 'x'.repeat(1_048_576) }) }),
      413,
    ],
    [
      'a 900 kB string field (under the body limit, over the field limit)',
      () =>
        t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest({ job_title: 'x'.repeat(900_000) }) }),
      422,
    ],
    [
      '10,000 questions',
      () =>
        t.api(key, '/interview/create-from-questions', {
          method: 'POST',
          json: jobInterviewRequest({ questions: Array.from({ length: 10_000 }, () => ({ question: 'q', evaluation_criteria: [] })) }),
        }),
      422,
    ],
    [
      'NUL bytes in a string',
      () => t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest({ candidate_id: 'abc\u0000def' }) }),
      422,
    ],
    [
      'NUL bytes in a screening question',
      () =>
        t.api(key, '/interview/screening/create-from-questions', {
          method: 'POST',
          json: screeningInterviewRequest({ job_title: '\u0000' }),
        }),
      422,
    ],
    ['malformed JSON', () => raw('{"job_title": "x",'), 422],
    ['an empty JSON body', () => raw(''), 422],
    ['a JSON array instead of an object', () => raw('[1,2,3]'), 422],
    ['a JSON string instead of an object', () => raw('"hello"'), 422],
    ['__proto__ pollution', () => raw('{"__proto__": {"admin": true}, "job_title": "x"}'), 422],
    ['an XML content type', () => raw('<interview/>', 'application/xml'), 415],
    ['form encoding', () => raw('job_title=x', 'application/x-www-form-urlencoded'), 415],
    ['deeply nested JSON', () => raw(`${'['.repeat(5000)}${']'.repeat(5000)}`), 422],
  ];

  it.each(cases)('%s', async (_name, send, expectedStatus) => {
    const before = await interviewCount();
    const response = await send();
    expect(response.status).toBe(expectedStatus);
    const body = await response.json();
    expect(body).toHaveProperty('detail');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|SQLITE|syntax error at or near/);
    expect(await interviewCount()).toBe(before);
  });

  it('does not echo a huge input back in the error', async () => {
    const response = await t.api(key, '/interview/create-from-questions', {
      method: 'POST',
      json: jobInterviewRequest({ job_title: 'y'.repeat(500_000) }),
    });
    expect(response.status).toBe(422);
    expect((await response.text()).length).toBeLessThan(2_000);
  });
});

describe('unusual but valid text is stored exactly', () => {
  it.each([
    ['emoji', '🚀 Senior Engineer 👩🏽‍💻'],
    ['Arabic', 'مهندس برمجيات أول'],
    ['SQL-like text', "Robert'); DROP TABLE interviews;--"],
    ['a LIKE pattern', '%_\\%'],
    ['combining marks and RTL override', 'e\u0301\u202Eabc'],
  ])('%s round-trips through create and read', async (_name, text) => {
    const created = await t.api(key, '/interview/create-from-questions', {
      method: 'POST',
      json: jobInterviewRequest({ job_title: text, candidate_id: text, questions: [{ question: text, evaluation_criteria: [text] }] }),
    });
    expect(created.status).toBe(200);
    const { interview_id } = await created.json();
    const details = await (await t.api(key, `/interview/details/${interview_id}`)).json();
    expect(details.candidate_id).toBe(text);
    expect(details.job_info.job_title).toBe(text);
    expect(details.job_info.questions[0].question).toBe(text);
    expect(details.job_info.questions[0].evaluation_criteria).toEqual([text]);
  });
});
