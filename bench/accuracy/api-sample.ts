// The screening part of the understanding set played through the public API
// as a client would: one screening interview per language created over HTTP,
// the candidate answering in text mode over the real-time protocol, the
// evaluation read back from GET /interview/evaluation-report. It shows that
// the in-process figures are what a client gets (any disagreement is printed).

import { performance } from 'node:perf_hooks';
import { CandidateClient } from '../../src/cli/candidate-client.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { createTestDatabase } from '../../test/helpers/test-database.js';
import {
  LANGUAGE_CODE_OF,
  LANGUAGE_TAGS,
  type LanguageTag,
  type ScreeningItem,
  type ScreeningLabel,
  type UnderstandingSet,
} from './understanding-set.js';

/** A neutral self-introduction per language, so the interview reaches its questions. */
const INTRODUCTIONS: Record<LanguageTag, string> = {
  en: 'Hello, I am Sam, I have worked in logistics and IT for some years.',
  de: 'Hallo, ich bin Sam und arbeite seit einigen Jahren in der Logistik.',
  hi: 'नमस्ते, मैं सैम हूँ, मैंने कुछ साल लॉजिस्टिक्स में काम किया है।',
  'de-CH': 'Grüezi, ich bin Sam und arbeite seit einigen Jahren in der Logistik.',
  fr: 'Bonjour, je suis Sam, je travaille dans la logistique depuis quelques années.',
  es: 'Hola, soy Sam, llevo algunos años trabajando en logística.',
  da: 'Hej, jeg hedder Sam og har arbejdet nogle år i logistik.',
  sv: 'Hej, jag heter Sam och har jobbat några år inom logistik.',
  ar: 'مرحبًا، أنا سام، عملت عدة سنوات في مجال الخدمات اللوجستية.',
};

export interface ApiOutcome {
  item: ScreeningItem;
  actual: ScreeningLabel;
}

export interface ApiSample {
  outcomes: ApiOutcome[];
  interviews: number;
  /** Wall time per interview: create, play, evaluate, read the report. */
  msPerInterview: number;
}

interface ReportQuestion {
  id?: string;
  is_evaluated?: boolean | null;
  evaluation: { outcome?: boolean; undecided?: boolean } | null;
}

export async function playScreeningThroughApi(set: UnderstandingSet): Promise<ApiSample> {
  const database = await createTestDatabase({ databaseUrl: undefined, redisUrl: undefined });
  const config = loadConfig({
    ...database.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The bench answers as fast as the interviewer speaks: twenty questions can exceed a person's message rate.
    SESSION_MAX_MESSAGES_PER_SECOND: '10000',
    REDIS_URL: '',
  });
  const server = await startServer(config, { logger: false });
  const started = performance.now();
  let interviews = 0;
  try {
    const { key } = await server.container.auth.createKey({ userLabel: 'accuracy-bench' });
    const api = (path: string, init: RequestInit = {}) =>
      fetch(server.url + path, { ...init, headers: { 'x-application-secret-key': key, 'content-type': 'application/json' } });
    const outcomes: ApiOutcome[] = [];
    for (const tag of LANGUAGE_TAGS) {
      // Answers read against the day they were given ("since 2018") are left out: the API stamps today's date.
      const items = set.screening.filter((i) => i.language === tag && !i.answered_at);
      if (items.length === 0) continue;
      interviews++;
      const created = await api('/interview/screening/create-from-questions', {
        method: 'POST',
        body: JSON.stringify({
          job_title: 'Screening (accuracy bench)',
          candidate_id: `accuracy-${tag}`,
          interview_lang_code: LANGUAGE_CODE_OF[tag],
          questions: items.map((item, index) => ({
            question_text: item.question_text,
            question_type: 'qualifying',
            asking_order: index + 1,
            qualifying_criteria: item.qualifying_criteria,
          })),
        }),
      });
      if (!created.ok) throw new Error(`creating the ${tag} screening answered ${created.status}: ${await created.text()}`);
      const { interview_id: id } = (await created.json()) as { interview_id: string };
      await playCandidate(server.url, id, tag, items, closingLine(set, tag));
      const report = await awaitReport(api, id);
      items.forEach((item, index) => {
        const question = report.find((q) => q.id === `q${index + 1}`);
        const outcome = question?.is_evaluated ? question.evaluation?.outcome : undefined;
        const isUndecided = outcome === undefined || question?.evaluation?.undecided === true;
        outcomes.push({ item, actual: isUndecided ? 'undecided' : outcome ? 'met' : 'not_met' });
      });
    }
    return { outcomes, interviews, msPerInterview: (performance.now() - started) / Math.max(1, interviews) };
  } finally {
    await server.close();
    await database.dispose();
  }
}

/** The candidate's "no questions, thank you", taken from the set itself. */
function closingLine(set: UnderstandingSet, tag: LanguageTag): string {
  return set.intent.find((i) => i.language === tag && i.label === 'no_questions')?.text ?? 'No questions, thank you.';
}

/** Answers each question by its control id, so a repeated question gets the same answer, not the next one. */
async function playCandidate(baseUrl: string, id: string, tag: LanguageTag, items: ScreeningItem[], closing: string): Promise<void> {
  const client = await CandidateClient.connect(baseUrl, id);
  try {
    await client.next('session', 30_000);
    const asked = new Map<string, number>();
    for (;;) {
      const { said, ended } = await client.turn(30_000);
      if (ended) return;
      const controlId = said.at(-1)?.control_id ?? 'procedural';
      const times = (asked.get(controlId) ?? 0) + 1;
      asked.set(controlId, times);
      const index = /^q(\d+)$/.exec(controlId)?.[1];
      const item = index ? items[Number(index) - 1] : undefined;
      let text = closing;
      if (item && times <= 2) text = item.answer;
      else if (controlId === 'procedural' && times === 1) text = INTRODUCTIONS[tag];
      client.send({ type: 'answer', text });
    }
  } finally {
    await client.close();
  }
}

async function awaitReport(api: (path: string) => Promise<Response>, id: string): Promise<ReportQuestion[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await api(`/interview/evaluation-report/${id}`);
    if (response.ok) {
      const body = (await response.json()) as { evaluation_report: { questions: ReportQuestion[] } };
      return body.evaluation_report.questions;
    }
    if (Date.now() > deadline) throw new Error(`no evaluation report for ${id} after 60 s (last status ${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
