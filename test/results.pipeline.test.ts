// End to end: a simulated interview over the real WebSocket ends, the results
// pipeline evaluates it, and exactly one signed interview.media_processed
// delivery reaches a real local receiver; the report endpoints agree with it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import { languageForLocale } from '../src/languages/index.js';
import { verifyWebhookSignature } from '../src/webhooks/signer.js';
import { createJobInterview, createScreeningInterview, eventually, GOOD_ANSWERS, logs } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { expectValid, mediaProcessedSchema } from './helpers/webhook-envelope-schema.js';
import { createEndpoint, DELIVERY_ENV, FAST_WORKER, listDeliveries, type EndpointCreated } from './helpers/webhook-fixtures.js';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.js';

let t: TestServer;
let key: string;
let receiver: Receiver;
let endpoint: EndpointCreated;

beforeAll(async () => {
  t = await startTestServer({ ...DELIVERY_ENV, JOBS_POLL_SECONDS: '0.1' }, FAST_WORKER);
  key = await t.createKey();
  receiver = await startReceiver();
  endpoint = await createEndpoint(t, key, { url: receiver.url, name: 'ATS' });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Payload = {
  event_id: string;
  interview: { id: string; state: number; ending_reason: number };
  transcript: unknown[];
  evaluation: {
    overall_summary: unknown;
    questions: { id: string; evaluation: Record<string, unknown> | null }[];
    qualifying_questions?: { id: string; evaluation: { outcome: boolean; undecided?: boolean } | null }[];
  } | null;
  communication_analysis: Record<string, unknown> | null;
  metrics: { attempted_questions_count: number; transcript_turns: number };
};

/** Waits for this interview's delivery, checks its signature and shape, and that no second one follows. */
async function deliveredPayload(
  interviewId: string,
  kind: 'job_interview' | 'screening_interview' | 'video_introduction',
  type: number,
): Promise<Payload> {
  const [request] = await receiver.waitFor(1, {
    match: (r) => (r.body.interview as { id?: string } | null)?.id === interviewId,
    timeoutMs: 20_000,
  });
  const verified = verifyWebhookSignature(endpoint.secret, request!.headers, request!.rawBody);
  expect(verified.ok).toBe(true);
  expect(request!.headers['x-webhook-event']).toBe('interview.media_processed');
  expectValid(mediaProcessedSchema(kind, type), request!.body);

  // A repeated pipeline run or a slow worker must not notify twice: once both workers have nothing left, count.
  await t.server.container.jobRunner.whenIdle();
  await t.server.container.webhooks.worker.whenIdle();
  expect(receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === interviewId)).toHaveLength(1);
  const deliveries = await listDeliveries(t, key, `?interview_id=${interviewId}`);
  expect(deliveries.map((d) => [d.status_name, d.attempts])).toEqual([['SUCCESS', 1]]);
  return request!.body as unknown as Payload;
}

// Objects keyed by data (a filler word), not by field name: compared as one value.
const DATA_KEYED = new Set(['communication_analysis.filler_words.counts']);

/** Every key path in a JSON value (`a.b[].c`); array items are merged, so a path exists if any item has it. */
function keyPaths(value: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${prefix}[]`, into);
  else if (value !== null && typeof value === 'object' && !DATA_KEYED.has(prefix)) {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      into.add(path);
      keyPaths(child, path, into);
    }
  }
  return into;
}

/** The catalog's sample for this kind is made by the same code as the delivery: same schema, same keys. */
async function expectCatalogSampleLike(
  kind: 'job_interview' | 'screening_interview' | 'video_introduction',
  type: number,
  payload: Payload,
) {
  const catalog = (await (await t.api(key, '/webhooks/catalog')).json()) as {
    sample_payloads: { interview_media_processed: Record<string, unknown> };
  };
  const sample = catalog.sample_payloads.interview_media_processed[kind];
  expectValid(mediaProcessedSchema(kind, type), sample);
  expect([...keyPaths(sample)].sort()).toEqual([...keyPaths(payload)].sort());
}

async function transcriptLength(id: string): Promise<number> {
  return ((await (await t.api(key, `/interview/transcript/${id}`)).json()) as { transcript: unknown[] }).transcript.length;
}

describe('the results pipeline', () => {
  it('a completed job interview: ratings, an overall summary, one delivery, and reports that agree with it', async () => {
    const id = await createJobInterview(t, key);
    const played = await playInterview(t.url, id, GOOD_ANSWERS);
    expect(played.endingReason).toBe(1);

    const payload = await deliveredPayload(id, 'job_interview', 0);
    await expectCatalogSampleLike('job_interview', 0, payload);
    expect(payload.event_id).toBe(`interview.media_processed:${id}`);
    expect(payload.interview).toMatchObject({ state: 2, ending_reason: 1 });
    expect(payload.metrics.transcript_turns).toBe(await transcriptLength(id));
    expect(payload.metrics.transcript_turns).toBe(payload.transcript.length);
    expect(payload.metrics.attempted_questions_count).toBe(2);
    expect(payload.evaluation?.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    for (const question of payload.evaluation?.questions ?? []) {
      expect(['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT']).toContain(question.evaluation?.rating);
      expect(Array.isArray(question.evaluation?.improvement_points)).toBe(true);
    }
    expect(payload.communication_analysis).toBeNull();
    // is_evaluated is screening only (spec, EvaluatedQuestion).
    for (const question of payload.evaluation?.questions ?? []) expect(question).not.toHaveProperty('is_evaluated');

    const overall = await t.api(key, `/interview/overall-evaluation-report/${id}`);
    expect(overall.status).toBe(200);
    const overallBody = await overall.json();
    expect(overallBody).toEqual(payload.evaluation?.overall_summary);
    expect(['Exceeds expectations', 'Meets expectations', 'Below expectations', 'Needs further assessment']).toContain(
      overallBody.overall_assessment.suitability,
    );
    // For a job interview the evaluation report is the same short form.
    expect(await (await t.api(key, `/interview/evaluation-report/${id}`)).json()).toEqual(overallBody);

    // German prose on request; suitability stays English.
    const german = await (await t.api(key, `/interview/overall-evaluation-report/${id}`, { headers: { locale: 'de' } })).json();
    expect(german.overall_assessment.suitability).toBe(overallBody.overall_assessment.suitability);
    expect(german.overall_assessment.recommendations).not.toEqual(overallBody.overall_assessment.recommendations);

    const log = await logs(t, key, id);
    for (const step of [
      'handed over to the results pipeline',
      'evaluation stored by the builtin evaluator',
      'media:',
      'archive:',
      'sync:',
      'interview.media_processed queued for 1 webhook endpoint(s)',
    ]) {
      expect(log).toContain(step);
    }
  });

  it('a screening interview: outcomes and a communication analysis, and the full report agrees with the payload', async () => {
    const id = await createScreeningInterview(t, key, {
      interview_lang_code: 1,
      questions: [
        { question_text: 'When could you start?', question_type: 'information', asking_order: 1, qualifying_criteria: null },
        {
          question_text: 'Do you have a forklift licence?',
          question_type: 'qualifying',
          asking_order: 2,
          qualifying_criteria: 'Must hold a valid forklift licence',
        },
      ],
    });
    const played = await playInterview(t.url, id, [
      'I am a warehouse worker.',
      'I could start next Monday.',
      'Yes, I have held a valid forklift licence for five years.',
    ]);
    expect(played.endingReason).toBe(1);

    const payload = await deliveredPayload(id, 'screening_interview', 1);
    await expectCatalogSampleLike('screening_interview', 1, payload);
    expect(payload.evaluation?.qualifying_questions?.map((q) => [q.id, q.evaluation?.outcome])).toEqual([['q2', true]]);
    expect(payload.communication_analysis).toMatchObject({ basis: 'transcript_text' });

    const report = await t.api(key, `/interview/evaluation-report/${id}`);
    expect(report.status).toBe(200);
    const body = await report.json();
    expect(body.id).toBe(id);
    expect(
      body.evaluation_report.questions.map((q: { id: string; category: string; is_evaluated: boolean }) => [
        q.id,
        q.category,
        q.is_evaluated,
      ]),
    ).toEqual([
      ['q1', 'information', false],
      ['q2', 'qualifying', true],
    ]);
    // One source: the full report's evaluation is the webhook's evaluation.
    expect(body.evaluation_report).toEqual(payload.evaluation);
    expect(body.comm_analysis_report).toEqual(payload.communication_analysis);
    const overall = await (await t.api(key, `/interview/overall-evaluation-report/${id}`)).json();
    expect(overall.overall_assessment.suitability).toBe('Meets expectations');
  });

  it('a dodged qualifying answer is undecided: not met, and the overall suitability asks for further assessment instead of a rejection', async () => {
    const id = await createScreeningInterview(t, key, {
      interview_lang_code: 1,
      questions: [
        {
          question_text: 'Do you have the right to work in the UK?',
          question_type: 'qualifying',
          asking_order: 1,
          qualifying_criteria: 'Right to work in the UK',
        },
        {
          question_text: 'Can you work night shifts?',
          question_type: 'qualifying',
          asking_order: 2,
          qualifying_criteria: 'Able to work night shifts',
        },
      ],
    });
    const played = await playInterview(t.url, id, [
      'I am a nurse.',
      "I'd rather talk about that once we get to the offer stage.",
      "I've never had a problem with night shifts, I did them for three years.",
    ]);
    expect(played.endingReason).toBe(1);
    const payload = await deliveredPayload(id, 'screening_interview', 1);
    const outcomes = payload.evaluation?.qualifying_questions?.map((q) => [q.id, q.evaluation]);
    expect(outcomes).toEqual([
      ['q1', expect.objectContaining({ outcome: false, undecided: true })],
      ['q2', expect.objectContaining({ outcome: true, undecided: false })],
    ]);
    const overall = await (await t.api(key, `/interview/overall-evaluation-report/${id}`)).json();
    expect(overall.overall_assessment.suitability).toBe('Needs further assessment');
  });

  it('"since <year>" is read against the time the answer was stored in the transcript: decided, not left undecided', async () => {
    const question = (n: number) => ({
      question_text: `Question ${n}: how long have you driven forklifts?`,
      question_type: 'qualifying' as const,
      asking_order: n,
      qualifying_criteria: 'At least 3 years of forklift experience',
    });
    const id = await createScreeningInterview(t, key, { interview_lang_code: 1, questions: [question(1), question(2)] });
    // The answers are stored now; four years back meets three years, last year does not (whatever today's date).
    const year = new Date().getUTCFullYear();
    const played = await playInterview(t.url, id, [
      'I drive forklifts.',
      `I've been doing this since ${year - 4}, mostly in cold storage.`,
      `Only since ${year - 1}, before that I was in retail.`,
    ]);
    expect(played.endingReason).toBe(1);
    const payload = await deliveredPayload(id, 'screening_interview', 1);
    expect(payload.evaluation?.qualifying_questions?.map((q) => [q.id, q.evaluation])).toEqual([
      ['q1', expect.objectContaining({ outcome: true, undecided: false })],
      ['q2', expect.objectContaining({ outcome: false, undecided: false })],
    ]);
  });

  it('reports come back in the language the locale header asks for, in all nine interview languages', async () => {
    const jobId = await createJobInterview(t, key);
    expect((await playInterview(t.url, jobId, GOOD_ANSWERS)).endingReason).toBe(1);
    await deliveredPayload(jobId, 'job_interview', 0);
    const screeningId = await createScreeningInterview(t, key, {
      interview_lang_code: 5,
      questions: [
        {
          question_text: 'Avez-vous le permis cariste ?',
          question_type: 'qualifying',
          asking_order: 1,
          qualifying_criteria: 'Permis cariste valide',
        },
      ],
    });
    expect(
      (await playInterview(t.url, screeningId, ['Je suis magasinier.', 'Oui, j’ai le permis cariste depuis cinq ans.'])).endingReason,
    ).toBe(1);
    await deliveredPayload(screeningId, 'screening_interview', 1);

    // The analysis of the screening answer names the candidate in the report's language.
    const candidate: Record<string, RegExp> = {
      fr: /Le candidat/,
      es: /La persona candidata/,
      da: /Kandidaten/,
      sv: /Kandidaten/,
      hi: /उम्मीदवार/,
      ar: /المرشح/,
      de: /Die Person/,
      'de-CH': /Die Person/,
      en: /The candidate/,
    };
    const english = await (await t.api(key, `/interview/overall-evaluation-report/${jobId}`)).json();
    for (const [locale, pattern] of Object.entries(candidate)) {
      const prose = languageForLocale(locale).report!;
      const job = await (await t.api(key, `/interview/overall-evaluation-report/${jobId}`, { headers: { locale } })).json();
      expect(job.overall_assessment.suitability, locale).toBe(english.overall_assessment.suitability);
      const next = ['Meets expectations', 'Exceeds expectations'].includes(job.overall_assessment.suitability);
      expect(job.overall_assessment.recommendations, locale).toContain(next ? prose.recommendNextRound : prose.recommendMoreEvidence);
      if (locale !== 'en') expect(job.overall_assessment.recommendations, locale).not.toEqual(english.overall_assessment.recommendations);

      const screening = await (await t.api(key, `/interview/evaluation-report/${screeningId}`, { headers: { locale } })).json();
      const analysis = screening.evaluation_report.qualifying_questions[0].evaluation;
      expect(analysis.outcome, locale).toBe(true);
      expect(analysis.analysis, locale).toMatch(pattern);
    }
  });

  it('a video introduction: transcript only, no evaluation, one delivery', async () => {
    const id = await createJobInterview(t, key, { interview_type: 2, primary_tech_focus: '' });
    const played = await playInterview(t.url, id, GOOD_ANSWERS);
    expect(played.endingReason).toBe(1);

    const payload = await deliveredPayload(id, 'video_introduction', 2);
    await expectCatalogSampleLike('video_introduction', 2, payload);
    expect(payload.evaluation).toBeNull();
    expect(payload.transcript.length).toBeGreaterThan(0);
    const report = await (await t.api(key, `/interview/evaluation-report/${id}`)).json();
    expect(report.evaluation_report.questions).toEqual([]);
    expect(report.overall_evaluation.overall_assessment.suitability).toBe('Needs further assessment');
  });

  it('an interview ended before all questions were answered: the webhook still fires, the reports answer EvalReportGenerationException', async () => {
    const id = await createJobInterview(t, key);
    const { CandidateClient } = await import('../src/cli/candidate-client.js');
    const client = await CandidateClient.connect(t.url, id);
    await client.turn();
    client.send({ type: 'answer', text: GOOD_ANSWERS[0]! });
    await client.turn();
    client.send({ type: 'end' });
    await client.close();

    const payload = await deliveredPayload(id, 'job_interview', 0);
    expect(payload.interview.ending_reason).toBe(2);
    expect(payload.evaluation?.overall_summary).toBeNull();
    for (const path of ['/interview/evaluation-report/', '/interview/overall-evaluation-report/']) {
      const response = await t.api(key, path + id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'EvalReportGenerationException' });
    }
  });

  it('a screening interview ended before its qualifying question: the webhook marks it is_evaluated with no outcome', async () => {
    const id = await createScreeningInterview(t, key, {
      interview_lang_code: 1,
      questions: [
        { question_text: 'When could you start?', question_type: 'information', asking_order: 1, qualifying_criteria: null },
        {
          question_text: 'Do you have a forklift licence?',
          question_type: 'qualifying',
          asking_order: 2,
          qualifying_criteria: 'A valid licence',
        },
      ],
    });
    const { CandidateClient } = await import('../src/cli/candidate-client.js');
    const client = await CandidateClient.connect(t.url, id);
    await client.turn();
    client.send({ type: 'answer', text: 'I am a warehouse worker.' });
    await client.turn();
    client.send({ type: 'answer', text: 'I could start next Monday.' });
    await client.turn();
    client.send({ type: 'end' });
    await client.close();

    const payload = await deliveredPayload(id, 'screening_interview', 1);
    const questions = payload.evaluation?.questions as { id: string; is_evaluated?: boolean; evaluation: unknown }[];
    expect(questions.map((q) => [q.id, q.is_evaluated, q.evaluation])).toEqual([
      ['q1', false, null],
      ['q2', true, null],
    ]);
  });

  it('a reset interview is evaluated and notified again when retaken', async () => {
    const id = await createJobInterview(t, key);
    await playInterview(t.url, id, GOOD_ANSWERS);
    await deliveredPayload(id, 'job_interview', 0);
    expect((await t.api(key, `/interview/reset/${id}`, { method: 'POST' })).status).toBe(200);
    expect((await t.api(key, `/interview/overall-evaluation-report/${id}`)).status).toBe(404);

    await playInterview(t.url, id, GOOD_ANSWERS);
    await eventually(async () => {
      expect(receiver.requests.filter((r) => (r.body.interview as { id?: string } | null)?.id === id)).toHaveLength(2);
    }, 120_000);
    expect((await t.api(key, `/interview/overall-evaluation-report/${id}`)).status).toBe(200);
  });
});
