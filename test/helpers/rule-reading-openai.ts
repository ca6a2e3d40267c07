// A local OpenAI-compatible chat-completions server whose "model" really does
// the work: it reads the interview out of the request's <interview_data> block
// and judges it with the built-in evaluator's rules, then answers in the JSON
// the model-backed evaluator asks for. It stands in for a self-hosted model at
// the internet edge, so `npm run accuracy -- --llm` can be run end to end here.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BuiltinEvaluator, type EvaluationInput } from '../../src/evaluation/index.js';
import { DATA_CLOSE, DATA_OPEN } from '../../src/evaluation/llm-prompt.js';
import { LANGUAGES } from '../../src/languages/index.js';

interface DataQuestion {
  id: string;
  type?: 'technical' | 'behavioral' | 'situational';
  question: string;
  evaluation_criteria?: string[];
  sample_answer?: string | null;
  qualifying_criteria?: string | null;
  candidate_answer: string;
  answered_on?: string | null;
}

interface InterviewData {
  interview_language: string;
  job_title: string;
  primary_tech_focus: string | null;
  experience_level: EvaluationInput['experienceLevel'];
  difficulty_level: EvaluationInput['difficultyLevel'];
  questions: DataQuestion[];
}

async function judge(messages: Array<{ role: string; content: string }>): Promise<unknown> {
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const data = JSON.parse(user.slice(user.indexOf(DATA_OPEN) + DATA_OPEN.length, user.indexOf(DATA_CLOSE))) as InterviewData;
  const language = LANGUAGES.find((l) => l.englishName === data.interview_language);
  if (!language) throw new Error(`unknown language ${data.interview_language}`);
  const isScreening = (messages[0]?.content ?? '').includes('qualifying question');
  const input: EvaluationInput = {
    interviewType: isScreening ? 1 : 0,
    languageCode: language.code,
    jobTitle: data.job_title,
    primaryTechFocus: data.primary_tech_focus,
    experienceLevel: data.experience_level,
    difficultyLevel: data.difficulty_level,
    questions: data.questions.map((q, i) =>
      isScreening
        ? {
            id: q.id,
            question_text: q.question,
            question_type: 'qualifying' as const,
            asking_order: i + 1,
            qualifying_criteria: q.qualifying_criteria ?? null,
          }
        : {
            id: q.id,
            question: q.question,
            evaluation_criteria: q.evaluation_criteria ?? [],
            sample_answer: q.sample_answer ?? null,
            type: q.type ?? 'technical',
          },
    ),
    answers: data.questions.map((q) => ({
      questionId: q.id,
      exchanges: [{ role: 'user' as const, content: q.candidate_answer }],
      ...(q.answered_on ? { answeredAt: q.answered_on } : {}),
    })),
    locale: 'en',
  };
  const result = await new BuiltinEvaluator().evaluate(input);
  const evaluation = result.evaluation;
  if (evaluation.kind === 'screening_interview') {
    return {
      questions: evaluation.qualifying_questions.map((q) => {
        const e = q.evaluation as { outcome: boolean; analysis: string; undecided?: boolean };
        return { id: q.id, outcome: e.outcome, undecided: e.undecided === true, analysis: e.analysis };
      }),
    };
  }
  if (evaluation.kind !== 'job_interview') throw new Error('video introductions are not evaluated');
  return {
    questions: evaluation.questions.map((q) => {
      const e = q.evaluation as {
        rating: string;
        improvement_points: string[];
        explanation: string;
        criteria_met: string[];
        criteria_partial?: string[];
        criteria_missed: string[];
      };
      const evidence = (criteria: string[] | undefined, met: 'met' | 'partly' | 'not_met') =>
        (criteria ?? []).map((criterion) => ({ criterion, met, words: '' }));
      return {
        id: q.id,
        evidence: [
          ...evidence(e.criteria_met, 'met'),
          ...evidence(e.criteria_partial, 'partly'),
          ...evidence(e.criteria_missed, 'not_met'),
        ],
        depth: [],
        errors: [],
        rating: e.rating,
        improvement_points: e.improvement_points,
        explanation: e.explanation,
        criteria_met: e.criteria_met,
        criteria_missed: e.criteria_missed,
      };
    }),
    overall_assessment: evaluation.overall_summary?.overall_assessment ?? {
      suitability: 'Needs further assessment',
      strengths: [],
      weaknesses: [],
      recommendations: [],
    },
  };
}

export class RuleReadingOpenAi {
  requests = 0;
  baseUrl = '';
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url !== '/v1/chat/completions' || request.method !== 'POST') return void response.writeHead(404).end();
        this.requests++;
        const parsed = JSON.parse(body) as { model: string; messages: Array<{ role: string; content: string }> };
        judge(parsed.messages).then(
          (reply) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({
                id: `chatcmpl-${this.requests}`,
                object: 'chat.completion',
                created: 0,
                model: parsed.model,
                choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(reply) } }],
                usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
              }),
            );
          },
          (error: unknown) =>
            response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(error) } })),
        );
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
