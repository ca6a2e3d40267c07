// The recruiter report page over HTTP: the API hands the interview's owner a
// signed, expiring link; the link opens the page in the report locale with
// the interview's data; a tampered, expired or malformed link gets a page
// that says so (403 / 410), never the data and never JSON. The page itself
// in a browser is test/report-page.browser.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playInterview } from '../src/cli/candidate-client.js';
import type { ReportPageData } from '../src/results/report-page.types.js';
import { createJobInterview, details, eventually, GOOD_ANSWERS } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer({ JOBS_POLL_SECONDS: '0.1' });
  key = await t.createKey();
});
afterAll(() => t?.close());

/** A job interview answered in text mode, evaluated and archived. */
async function finishedInterview(): Promise<string> {
  const id = await createJobInterview(t, key);
  expect((await playInterview(t.url, id, GOOD_ANSWERS)).endingReason).toBe(1);
  await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 120_000);
  await t.server.container.jobRunner.whenIdle();
  return id;
}

async function reportLink(id: string, locale?: string): Promise<Response> {
  return t.api(key, `/interview/report-link/${id}`, { method: 'POST', headers: locale ? { locale } : {} });
}

/** The test server listens on a free port; links are made on PUBLIC_BASE_URL (HOST:PORT as configured, port 0). */
function onTestServer(url: string): string {
  const u = new URL(url);
  return `${t.url}${u.pathname}${u.search}`;
}

async function linkFor(id: string, locale?: string): Promise<string> {
  const response = await reportLink(id, locale);
  expect(response.status, await response.clone().text()).toBe(200);
  return onTestServer(((await response.json()) as { report_url: string }).report_url);
}

function dataOf(html: string): ReportPageData {
  const match = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('the page has no data block');
  return JSON.parse(match[1]!) as ReportPageData;
}

/** The same link with one query parameter (or the path's id) changed. */
function altered(url: string, change: (u: URL) => void): string {
  const u = new URL(url);
  change(u);
  return u.toString();
}

describe('the report link', () => {
  let id: string;
  beforeAll(async () => {
    id = await finishedInterview();
  }, 180_000);

  it('opens the report page in the asked locale with the answers, their ratings and the recording', async () => {
    const before = Date.now();
    const response = await reportLink(id, 'de-DE');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { report_url: string; expires_at: string };
    expect(body.report_url, body.report_url).toMatch(new RegExp(`^${t.server.container.config.publicBaseUrl}/report/${id}\\?`));
    // Valid as long as a recording link (MEDIA_URL_TTL_SECONDS, 3600 by default).
    expect(Date.parse(body.expires_at) - before).toBeGreaterThan(3_590_000);
    expect(Date.parse(body.expires_at) - before).toBeLessThan(3_610_000);

    const page = await fetch(onTestServer(body.report_url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('content-security-policy')).toContain("media-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toMatch(/<html lang="de" dir="ltr">/);
    expect(html).toContain('<title>Interviewbericht</title>');
    const data = dataOf(html);
    expect(data.words.questionsHeading).toBe('Fragen und Antworten');
    expect(data.evaluation).toBe('ready');
    expect(data.overall?.suitability).toMatch(/expectations|assessment/);
    expect(data.questions.map((q) => q.question)).toEqual(['What is a race condition?', 'Tell me about a conflict in your team.']);
    expect(data.questions[0]!.answers).toContain(GOOD_ANSWERS[1]);
    expect(data.questions[1]!.answers).toContain(GOOD_ANSWERS[2]);
    for (const question of data.questions) expect(question.job?.rating).toMatch(/^(SUBOPTIMAL|OKAY|GOOD|EXCELLENT)$/);
    // The prose is the German evaluation, the same the evaluation report gives for locale de.
    const report = await (await t.api(key, `/interview/overall-evaluation-report/${id}`, { headers: { locale: 'de' } })).json();
    expect(data.overall).toEqual(report.overall_assessment);
    expect(data.communication?.word_count).toBeGreaterThan(20);
    expect(data.transcript.some((line) => line.role === 'user' && line.content === GOOD_ANSWERS[1])).toBe(true);
    // The recording link in the page plays.
    expect(data.media.audio_url).toMatch(new RegExp(`^${t.server.container.config.publicBaseUrl}/media/`));
    const audio = await fetch(onTestServer(data.media.audio_url!), { headers: { range: 'bytes=0-99' } });
    expect(audio.status).toBe(206);
  });

  it('is written right to left for Arabic', async () => {
    const html = await (await fetch(await linkFor(id, 'ar'))).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(dataOf(html).words.transcriptHeading).toBe('النص المكتوب');
  });

  it('refuses a tampered link with a page that says so (403), showing nothing of the interview', async () => {
    const other = await createJobInterview(t, key);
    const url = await linkFor(id, 'en');
    const signature = new URL(url).searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const tampered = [
      altered(url, (u) => u.searchParams.set('signature', flipped)),
      altered(url, (u) => u.searchParams.set('locale', 'de')),
      altered(url, (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 86_400))),
      altered(url, (u) => (u.pathname = `/report/${other}`)),
      altered(url, (u) => u.searchParams.delete('signature')),
    ];
    for (const link of tampered) {
      const response = await fetch(link);
      expect(response.status, link).toBe(403);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      // In the language the link asks for: the changed-locale link is refused in German.
      expect(html).toMatch(/This report link is not valid|Dieser Berichtslink ist ungültig/);
      expect(html).toContain('data-refusal="tampered"');
      expect(html).not.toContain('report-data');
      expect(html).not.toContain(GOOD_ANSWERS[1]);
    }
  });

  it('refuses hostile links with the same page, never a 500', async () => {
    const links = [
      '/report/not-a-uuid',
      `/report/${id}?expires=99999999999999999999&signature=x`,
      `/report/${id}?expires=-1&signature=${'A'.repeat(43)}`,
      `/report/${id}?locale=${'x'.repeat(5000)}&expires=1&signature=a`,
      `/report/${id}?locale=en&locale=de&expires=1&expires=2&signature=a&signature=b`,
      `/report/${id}?locale=%3Cscript%3E&expires=1&signature=a`,
      '/report/..%2F..%2Fetc%2Fpasswd',
    ];
    for (const link of links) {
      const response = await fetch(t.url + link);
      expect(response.status, link).toBe(403);
      const html = await response.text();
      expect(html).toContain('This report link is not valid');
      expect(html).not.toContain('<script>');
    }
  });

  it('refuses an expired link with a page that says so (410)', async () => {
    const url = await linkFor(id, 'fr');
    expect((await fetch(url)).status).toBe(200);
    t.clock.advance(3_601_000);
    const response = await fetch(url);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fr" dir="ltr">/);
    expect(html).toContain('Ce lien de rapport a expiré');
    expect(html).not.toContain('report-data');
  });
});

describe('POST /interview/report-link/{interview_id}', () => {
  it('is for the owner of an ended interview, with interviews:read, and refuses bad input with 4xx', async () => {
    const running = await createJobInterview(t, key);
    expect(await (await reportLink(running)).json()).toEqual({ detail: 'InterviewNotEndException' });
    expect((await reportLink('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await reportLink('nope')).status).toBe(404);

    const stranger = await t.createKey({ user: `stranger-${Date.now()}` });
    const foreign = await t.api(stranger, `/interview/report-link/${running}`, { method: 'POST' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ detail: 'InterviewNotExist' });

    const writeOnly = await t.createKey({ scopes: ['interviews:write'] });
    expect((await t.api(writeOnly, `/interview/report-link/${running}`, { method: 'POST' })).status).toBe(403);
    expect((await fetch(`${t.url}/interview/report-link/${running}`, { method: 'POST' })).status).toBe(401);
    expect((await reportLink(running, '<script>')).status).toBe(422);
  });

  it('is in the OpenAPI document with its response schema', async () => {
    const document = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const operation = document.paths['/interview/report-link/{interview_id}']?.post;
    expect(operation?.responses['200']?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/InterviewReportLinkResponse',
    });
    expect(Object.keys(document.components.schemas.InterviewReportLinkResponse!.properties)).toEqual(['report_url', 'expires_at']);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/report'))).toEqual([]);
  });
});
