// Envelopes and the catalog checked against JSON Schemas written from the
// spec's tables (test/helpers/webhook-envelope-schema.ts).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EvaluationData, MediaProcessedSource } from '../src/webhooks/payload.builder.js';
import { createEndedInterview, createEndpoint, DELIVERY_ENV, emit, FAST_WORKER, waitForDelivery } from './helpers/webhook-fixtures.js';
import { ok, startReceiver, type Receiver } from './helpers/webhook-receiver.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { expectValid, KINDS, mediaProcessedSchema, testPayloadSchema } from './helpers/webhook-envelope-schema.js';

describe('GET /webhooks/catalog', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(DELIVERY_ENV);
  });
  afterAll(() => t?.close());

  it('describes events, kinds, the signature header and one contract per interview type', async () => {
    const catalog = await (await t.api(await t.createKey(), '/webhooks/catalog')).json();
    expect(catalog.events.map((e: { event: string }) => e.event)).toEqual(['interview.media_processed', 'webhook.test']);
    expect(catalog.signature_header).toBe('X-Webhook-Signature');
    expect(catalog.interview_types).toEqual({ job_interview: 0, screening_interview: 1, video_introduction: 2 });
    expect(catalog.interview_kinds).toEqual(['job_interview', 'screening_interview', 'video_introduction']);
    expect(
      catalog.payload_contracts.map(
        (c: { interview_type: number; evaluation_present: boolean; communication_analysis_present: boolean }) => [
          c.interview_type,
          c.evaluation_present,
          c.communication_analysis_present,
        ],
      ),
    ).toEqual([
      [0, true, false],
      [1, true, true],
      [2, false, false],
    ]);
    for (const [kind, type] of KINDS) {
      const contract = catalog.payload_contracts[type];
      const [group, member] = contract.sample_payload_key.split('.');
      const sample = catalog.sample_payloads[group][member];
      expectValid(mediaProcessedSchema(kind, type), sample);
      expect(sample.schema_version).toBe(catalog.schema_version);
      expect(contract.evaluation_fields).toEqual(sample.evaluation === null ? [] : Object.keys(sample.evaluation));
    }
    expectValid(testPayloadSchema, catalog.sample_payloads.webhook_test);
  });
});

describe('delivered envelopes', () => {
  let t: TestServer;
  let key: string;
  let receiver: Receiver;
  let evaluation: EvaluationData | null = null;
  const source: MediaProcessedSource = {
    collect: async (interview) => ({
      evaluation: evaluation,
      communicationAnalysis:
        interview.interview_type === 1 ? { filler_words: { count: 2 }, repetition: { score: 0 }, clarity: { score: 1 } } : null,
      media: {
        audioUrl: 'https://media.example.com/a.mp3',
        videoUrl: interview.interview_type === 1 ? null : 'https://media.example.com/v.webm',
        durationSecs: 95,
      },
    }),
  };

  beforeAll(async () => {
    t = await startTestServer(DELIVERY_ENV, { ...FAST_WORKER, webhooks: { ...FAST_WORKER.webhooks, source } });
    receiver = await startReceiver(ok);
  });
  beforeEach(async () => {
    key = await t.createKey();
    evaluation = null;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  async function deliver(kind: 'job' | 'screening' | 'video'): Promise<Record<string, unknown>> {
    await createEndpoint(t, key, { url: `${receiver.url}/hook` });
    const interviewId = await createEndedInterview(t, key, kind);
    const [id] = await emit(t, interviewId);
    await waitForDelivery(t, key, id!);
    const request = receiver.requests.find((r) => r.headers['x-webhook-delivery-id'] === id);
    return request!.body;
  }

  it.each(KINDS)('a %s envelope has every key of the spec, missing data as null', async (kindName, type, kind) => {
    const body = await deliver(kind);
    expectValid(mediaProcessedSchema(kindName, type), body);
    expect(body.evaluation).toBeNull();
    expect(body.metrics).toEqual({ attempted_questions_count: 1, transcript_turns: 4 });
    expect((body.interview as { has_video: boolean }).has_video).toBe(kind !== 'screening');
    expect((body.transcript as unknown[])[3]).toMatchObject({
      role: 'user',
      control_id: 'q1',
      video_time: { begin: 70, end: 95, formatted: '01:10 - 01:35' },
    });
  });

  it('carries the job evaluation with its summary when the evaluation exists', async () => {
    evaluation = {
      kind: 'job_interview',
      overall_summary: null,
      questions: [
        {
          id: 'q1',
          question: 'Q?',
          question_type: 'technical',
          transcript: [{ interviewer: 'Q?' }, { user: 'A.' }],
          evaluation: { rating: 'OKAY', improvement_points: [] },
          video_timeline: null,
        },
      ],
    };
    const body = await deliver('job');
    expectValid(mediaProcessedSchema('job_interview', 0), body);
    expect(body.evaluation).toMatchObject({
      kind: 'job_interview',
      overall_summary: null,
      primary_tech_focus: 'Node.js',
      experience_level: 'junior',
      summary: { total_questions: 2, evaluated_questions: 1 },
    });
  });

  it('splits screening questions into qualifying and information subsets', async () => {
    const base = { transcript: [], video_timeline: null };
    evaluation = {
      kind: 'screening_interview',
      questions: [
        {
          ...base,
          id: 'q1',
          question: 'Start?',
          question_type: 'information',
          category: 'information',
          is_evaluated: false,
          eval_criteria: null,
          evaluation: null,
        },
        {
          ...base,
          id: 'q2',
          question: 'Licence?',
          question_type: 'qualifying',
          category: 'qualifying',
          is_evaluated: true,
          eval_criteria: 'valid',
          evaluation: { outcome: true, analysis: 'yes' },
        },
      ],
    };
    const body = await deliver('screening');
    expectValid(mediaProcessedSchema('screening_interview', 1), body);
    expect(body.evaluation).toMatchObject({
      summary: { total_questions: 2, qualifying_questions: 1, information_questions: 1, evaluated_questions: 1 },
    });
    expect(body.communication_analysis).toMatchObject({ clarity: { score: 1 } });
  });
});

describe('filtering at dispatch', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(DELIVERY_ENV, { startWebhookWorker: false });
  });
  afterAll(() => t?.close());

  it('queues only for active endpoints whose interview_type and event_types match', async () => {
    const key = await t.createKey();
    const url = 'http://127.0.0.1:9/hook';
    const all = await createEndpoint(t, key, { url });
    const jobOnly = await createEndpoint(t, key, { url, interview_type: 0 });
    await createEndpoint(t, key, { url, interview_type: 1 });
    const subscribed = await createEndpoint(t, key, { url, event_types: ['interview.media_processed'] });
    await createEndpoint(t, key, { url, is_active: false });
    const other = await t.createKey();
    await createEndpoint(t, other, { url });

    await emit(t, await createEndedInterview(t, key, 'job'));
    const deliveries = await (await t.api(key, '/webhooks/deliveries')).json();
    expect(deliveries.map((d: { endpoint_id: string }) => d.endpoint_id).sort()).toEqual([all.id, jobOnly.id, subscribed.id].sort());
    expect(await (await t.api(other, '/webhooks/deliveries')).json()).toEqual([]);
  });

  it('filters the delivery list by endpoint, interview and status', async () => {
    const key = await t.createKey();
    const a = await createEndpoint(t, key, { url: 'http://127.0.0.1:9/a' });
    const b = await createEndpoint(t, key, { url: 'http://127.0.0.1:9/b' });
    const first = await createEndedInterview(t, key, 'video');
    const second = await createEndedInterview(t, key, 'video');
    await emit(t, first);
    t.clock.advance(5); // distinct created_at: ties are ordered by id
    await emit(t, second);
    const list = async (query: string) =>
      (await (await t.api(key, `/webhooks/deliveries${query}`)).json()) as { endpoint_id: string; interview_id: string }[];
    const ofA = await list(`?endpoint_id=${a.id}`);
    expect(ofA).toHaveLength(2);
    expect(ofA.every((d) => d.endpoint_id === a.id)).toBe(true);
    expect(await list(`?endpoint_id=${b.id}&interview_id=${second}`)).toHaveLength(1);
    expect(await list('?status=0')).toHaveLength(4);
    expect(await list('?status=2')).toHaveLength(0);
    const newestFirst = await list('?limit=2');
    expect(newestFirst.map((d) => d.interview_id)).toEqual([second, second]);
    expect(await list('?limit=2&offset=2')).toHaveLength(2);
  });
});
