// Scoring a long interview beside live sessions: the built-in evaluator runs in
// the process that also serves candidates' audio (single node), so the longest
// time it keeps the event loop busy is how long every live session waits. Three
// cases: a job interview of --questions questions, each answered in --turns
// turns of about --turn-chars characters (English answers of the development
// set, test/fixtures/understanding/development/job.json, joined), a screening
// interview of --questions questions, each answered in about --turns x
// --turn-chars characters (development screening.json's English answers; its
// result carries the communication analysis over all the answers), and one
// unpunctuated Arabic answer of --arabic-chars characters (one answer is the
// unit the evaluator yields between). Each is scored both ways, in turn, in one
// process: in one synchronous call (evaluateBuiltin, what
// BuiltinEvaluator.evaluate did before it yielded) and through
// BuiltinEvaluator.evaluate (a setImmediate after each answer). A 5 ms
// interval stands in for a live session: its longest gap is the stall.
//
//   npm run bench:evaluation
//   npm run bench:evaluation -- --questions 40 --runs 5
//
// Prints a Markdown table; nothing is asserted.

import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchArgs, countArg } from '../cli-args.js';
import { BuiltinEvaluator, evaluateBuiltin, type EvaluationInput } from '../../src/evaluation/index.js';
import type { StoredJobQuestion } from '../../src/interviews/questions.js';
import { JOB_QUESTIONS, jobInput } from '../../test/helpers/evaluation-inputs.js';

const values = benchArgs('npm run bench:evaluation', {
  questions: { type: 'string', default: '20', help: 'questions in the job interview' },
  turns: { type: 'string', default: '3', help: 'candidate turns per question' },
  'turn-chars': { type: 'string', default: '1500', help: 'characters per turn, about' },
  'arabic-chars': { type: 'string', default: '30000', help: 'characters of the unpunctuated Arabic answer (0: leave the case out)' },
  runs: { type: 'string', default: '3', help: 'measured runs of each path per case (after one warm-up each)' },
});
const QUESTIONS = countArg('questions', values.questions, 1);
const TURNS = countArg('turns', values.turns, 1);
const TURN_CHARS = countArg('turn-chars', values['turn-chars'], 1);
const ARABIC_CHARS = countArg('arabic-chars', values['arabic-chars'], 0);
const RUNS = countArg('runs', values.runs, 1);
const TICK_MS = 5;

interface JobFile {
  questions: Record<string, { question: string; evaluation_criteria: string[]; type: StoredJobQuestion['type'] }>;
  items: Array<{ language: string; q: string; answer: string }>;
}
const development = JSON.parse(
  readFileSync(new URL('../../test/fixtures/understanding/development/job.json', import.meta.url), 'utf8'),
) as JobFile;
const answersIn = (language: string) => development.items.filter((i) => i.language === language);

/** A fresh interview each call: question ids differ, so the rubric's score cache never answers for it. */
type Case = { name: string; chars: number; input: () => EvaluationInput };
let serial = 0;

function longJobInterview(): Case {
  const english = answersIn('en').map((i) => i.answer);
  let cursor = 0;
  const turn = () => {
    let text = '';
    while (text.length < TURN_CHARS) text += (text ? ' ' : '') + english[cursor++ % english.length];
    return text;
  };
  const turns = Array.from({ length: QUESTIONS }, () => Array.from({ length: TURNS }, turn));
  const chars = turns.flat().reduce((n, t) => n + t.length, 0);
  return {
    name: `job interview, ${QUESTIONS} questions x ${TURNS} turns (English)`,
    chars,
    input: () => {
      serial++;
      const questions = turns.map((_, i) => ({ ...(JOB_QUESTIONS[i % JOB_QUESTIONS.length] as StoredJobQuestion), id: `r${serial}q${i}` }));
      return jobInput(
        {},
        {
          questions,
          locale: 'en',
          answers: questions.map((q, i) => ({
            questionId: q.id,
            exchanges: (turns[i] as string[]).flatMap((content) => [
              { role: 'assistant' as const, content: q.question },
              { role: 'user' as const, content },
            ]),
          })),
        },
      );
    },
  };
}

interface ScreeningFile {
  items: Array<{ language: string; question_text: string; qualifying_criteria: string; answer: string }>;
}

/** The screening rules and the communication analysis over all the answers (screening results carry it). */
function longScreeningInterview(): Case {
  const screening = JSON.parse(
    readFileSync(new URL('../../test/fixtures/understanding/development/screening.json', import.meta.url), 'utf8'),
  ) as ScreeningFile;
  const items = screening.items.filter((i) => i.language === 'en');
  const chars = TURNS * TURN_CHARS;
  const answers = Array.from({ length: QUESTIONS }, (_, q) => {
    let text = '';
    for (let k = q; text.length < chars; k++) text += (text ? ' ' : '') + (items[k % items.length] as ScreeningFile['items'][0]).answer;
    return text;
  });
  return {
    name: `screening interview, ${QUESTIONS} questions (English)`,
    chars: answers.reduce((n, a) => n + a.length, 0),
    input: () => {
      serial++;
      const questions = answers.map((_, i) => {
        const item = items[i % items.length] as ScreeningFile['items'][0];
        return {
          id: `r${serial}s${i}`,
          question_text: item.question_text,
          question_type: 'qualifying' as const,
          asking_order: i + 1,
          qualifying_criteria: item.qualifying_criteria,
        };
      });
      return jobInput(
        {},
        {
          interviewType: 1,
          primaryTechFocus: null,
          experienceLevel: null,
          difficultyLevel: null,
          endedAt: '2026-11-30T00:00:00Z',
          locale: 'en',
          questions,
          answers: questions.map((q, i) => ({ questionId: q.id, exchanges: [{ role: 'user', content: answers[i] as string }] })),
        },
      );
    },
  };
}

function unpunctuatedArabicAnswer(): Case {
  const items = answersIn('ar');
  const question = development.questions[(items[0] as JobFile['items'][0]).q] as JobFile['questions'][string];
  let text = '';
  for (let k = 0; text.length < ARABIC_CHARS; k++) text += ` ${(items[k % items.length] as JobFile['items'][0]).answer}`;
  text = text.replace(/[.!?؟،,;:\n]/g, ' ').trim();
  return {
    name: 'one unpunctuated Arabic answer',
    chars: text.length,
    input: () => {
      serial++;
      const stored: StoredJobQuestion = {
        id: `r${serial}`,
        question: question.question,
        evaluation_criteria: question.evaluation_criteria,
        sample_answer: null,
        type: question.type,
      };
      return jobInput(
        {},
        {
          languageCode: 9,
          locale: 'en',
          questions: [stored],
          answers: [{ questionId: stored.id, exchanges: [{ role: 'user', content: text }] }],
        },
      );
    },
  };
}

type Path = 'one synchronous call' | 'yielding between answers';
const PATHS: Record<Path, (input: EvaluationInput) => Promise<unknown>> = {
  // What BuiltinEvaluator.evaluate was: Promise.resolve(evaluateBuiltin(input)).
  'one synchronous call': (input) => Promise.resolve(evaluateBuiltin(input)),
  'yielding between answers': (input) => new BuiltinEvaluator().evaluate(input),
};

/** Wall time of one evaluation and the longest gap between the ticks of a 5 ms interval meanwhile. */
async function measure(path: Path, input: EvaluationInput): Promise<{ ms: number; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, TICK_MS);
  await new Promise((resolve) => setTimeout(resolve, 3 * TICK_MS));
  stallMs = 0;
  last = performance.now();
  const started = performance.now();
  await PATHS[path](input);
  const ms = performance.now() - started;
  // The gap the evaluation's last slice opened is only seen at the next tick.
  await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS));
  clearInterval(ticker);
  return { ms, stallMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const cases = [longJobInterview(), longScreeningInterview(), ...(ARABIC_CHARS > 0 ? [unpunctuatedArabicAnswer()] : [])];
const rows: string[] = [];
for (const c of cases) {
  const paths = Object.keys(PATHS) as Path[];
  // Warm-up: module data, the JIT and the stem cache, for both paths alike.
  for (const path of paths) await measure(path, c.input());
  const results = new Map<Path, Array<{ ms: number; stallMs: number }>>(paths.map((p) => [p, []]));
  // Alternating, so load on the machine falls on both paths.
  for (let run = 0; run < RUNS; run++) for (const path of paths) results.get(path)?.push(await measure(path, c.input()));
  const base = results.get('one synchronous call') ?? [];
  const baseStall = median(base.map((r) => r.stallMs));
  for (const path of paths) {
    const rs = results.get(path) ?? [];
    const stall = median(rs.map((r) => r.stallMs));
    rows.push(
      `| ${c.name} | ${c.chars.toLocaleString('en')} | ${path} | ${median(rs.map((r) => r.ms)).toFixed(0)} | ${stall.toFixed(0)} | ${Math.max(...rs.map((r) => r.stallMs)).toFixed(0)} | ${(stall / baseStall).toFixed(2)}x |`,
    );
  }
}

console.log(
  `Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${RUNS} run(s) of each path per case, medians\n`,
);
console.log('| case | candidate chars | path | scoring ms | longest stall ms | worst stall ms | stall vs one call |');
console.log('|---|---:|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
