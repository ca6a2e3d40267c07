import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { finished, runTs, spawnTs, waitForListening } from './helpers/processes.js';
import { createTestDatabase } from './helpers/test-database.js';
import { jobInterviewRequest, type TestServer, useTestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;

useTestServer({}, (server, serverKey) => {
  t = server;
  key = serverKey;
});

describe('health, metrics and request ids', () => {
  it('GET /health answers 200 without a key', async () => {
    const response = await fetch(`${t.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /metrics counts requests per route template and status, with latency histograms', async () => {
    await t.api(key, '/interview/details/00000000-0000-4000-8000-000000000000');
    await t.api(key, '/interview/details/00000000-0000-4000-8000-000000000001');
    const text = await (await fetch(`${t.url}/metrics`)).text();
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('http_requests_total{') && l.includes('route="/interview/details/:interview_id"') && l.includes('status_code="404"'),
      );
    expect(Number(line?.split(' ').pop())).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/interview\/details\/:interview_id"\}/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('GET /metrics counts the statements this node sent to the database, by kind', async () => {
    const count = async (kind: string) => {
      const text = await (await fetch(`${t.url}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`db_queries_total{kind="${kind}"}`));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const [selects, inserts] = [await count('select'), await count('insert')];
    const created = await t.api(key, '/interview/create-from-questions', { method: 'POST', json: jobInterviewRequest() });
    expect(created.status).toBe(200);
    // The key lookup is a select; the interview and its first log line are inserts.
    expect(await count('select')).toBeGreaterThan(selects);
    expect(await count('insert')).toBeGreaterThanOrEqual(inserts + 2);
  });

  it('returns a request id on every response and keeps a sane one sent by the caller', async () => {
    const generated = await fetch(`${t.url}/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'ats-trace-123' } });
    expect(kept.headers.get('x-request-id')).toBe('ats-trace-123');
    const replaced = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const onError = await t.api('wrong', '/interview/details/x');
    expect(onError.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown routes with 404 {detail}', async () => {
    const response = await fetch(`${t.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
  });
});

describe('API description', () => {
  it('serves OpenAPI 3.1, version 0.1.0, with the spec schema names and both security schemes', async () => {
    const document = await (await fetch(`${t.url}/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['APIKeyHeader', 'OAuth2PasswordBearer']);
    expect(document.components.securitySchemes.APIKeyHeader).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-application-secret-key',
    });
    for (const name of [
      'InterviewDetailsResponse',
      'CreateInterviewFromQuestionsRequest',
      'ScreeningInterviewATSCreateRequest',
      'SkillInterviewQuestion',
      'ScreeningQuestionSchema',
      'InterviewCreatedResponse',
      'TranscriptEntry',
      'VideoTimeRange',
      'OverallEvaluation',
      'InterviewEvaluationReportResponse',
      'EvaluatedQuestion',
    ]) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
    const create = document.paths['/interview/create-from-questions'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CreateInterviewFromQuestionsRequest',
    });
    expect(create.parameters.map((p: { name: string }) => p.name.toLowerCase())).toContain('apikeyheader');
    expect(document.paths).toHaveProperty(['/interview/details/{interview_id}']);
    // The spec's Interview API table has ten rows (the issue says eleven; the spec is the contract),
    // beside them our one addition, the recruiter report link (docs/report-page.md).
    const interviewPaths = Object.keys(document.paths).filter((p) => p.startsWith('/interview/'));
    expect(interviewPaths.filter((p) => p !== '/interview/report-link/{interview_id}')).toHaveLength(10);
    expect(interviewPaths).toContain('/interview/report-link/{interview_id}');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await (await fetch(`${t.url}/openapi.json`)).json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('serves a readable API reference at /docs', async () => {
    const response = await fetch(`${t.url}/docs/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Swagger UI</title>');
  });
});

describe('process lifecycle', () => {
  // Four process starts: 60 s leaves room for a loaded machine (each start compiles with tsx).
  it('stops start-up with one line naming a bad variable', { timeout: 120_000 }, async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['APP_ENV', 'prod'],
      ['DATABASE_URL', 'mysql://x'],
      ['RATE_LIMIT_PER_MINUTE', '0'],
    ]) {
      const result = await runTs('src/main.ts', [], { [name as string]: value as string, DATA_DIR: '/tmp/never-used' });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(name);
    }
  });

  it('on SIGTERM finishes the request in flight, refuses new connections, closes the database and exits 0', async () => {
    const database = await createTestDatabase();
    try {
      const env = { ...database.env, PORT: '0', LOG_LEVEL: 'info' };
      const setup = await createContainer(loadConfig(env));
      const processKey = (await setup.auth.createKey({ userLabel: 'shutdown-test' })).key;
      await setup.close();

      const child = spawnTs('src/main.ts', [], env);
      const exit = finished(child);
      const url = new URL(await waitForListening(child));

      // Send the headers and half of the body, then SIGTERM, then the rest.
      const body = JSON.stringify(jobInterviewRequest());
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: '/interview/create-from-questions',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'x-application-secret-key': processKey,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 40));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(40)), 500);
        }, 300);
      });

      const answered = await response;
      expect(answered.status).toBe(200);
      const { interview_id } = JSON.parse(answered.body);

      await expect(fetch(`${url.origin}/health`)).rejects.toThrow();
      const result = await exit;
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('shutting down');

      const check = await createContainer(loadConfig(database.env));
      const row = await check.database.db.selectFrom('interviews').select('id').where('id', '=', interview_id).executeTakeFirst();
      await check.close();
      expect(row?.id).toBe(interview_id);
      if (database.engine === 'sqlite') {
        // A clean close checkpoints the WAL and removes it.
        expect(existsSync(path.join(database.env.DATA_DIR as string, 'interviews.sqlite-wal'))).toBe(false);
      }
    } finally {
      await database.dispose();
    }
  });
});
