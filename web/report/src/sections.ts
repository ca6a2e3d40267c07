// The report's findings: the overall assessment, each question with the
// candidate's answers and its verdict, and the communication analysis.

import type { ReportPageData, ReportQuestion } from '../../../src/results/report-page.types.js';
import { clockText, el, fill, section, textList } from './dom.js';
import type { PlayerSync } from './player.js';

type Words = ReportPageData['words'];

const SUITABILITY: Record<string, keyof Words> = {
  'Exceeds expectations': 'suitabilityExceeds',
  'Meets expectations': 'suitabilityMeets',
  'Below expectations': 'suitabilityBelow',
  'Needs further assessment': 'suitabilityFurther',
};

const RATING: Record<string, keyof Words> = {
  SUBOPTIMAL: 'ratingSuboptimal',
  OKAY: 'ratingOkay',
  GOOD: 'ratingGood',
  EXCELLENT: 'ratingExcellent',
};

const CLARITY: Record<string, keyof Words> = { clear: 'clarityClear', mostly_clear: 'clarityMostlyClear', unclear: 'clarityUnclear' };

/** A heading and its list, or nothing for an empty list; h3 in a section, h4 inside a question card. */
function subList(heading: string, items: readonly string[], level: 'h3' | 'h4' = 'h3'): HTMLElement[] {
  const list = textList(items);
  return list ? [el(level, {}, heading), list] : [];
}

export function overallSection(data: ReportPageData): HTMLElement {
  const w = data.words;
  const message = { pending: w.evaluationPending, incomplete: w.evaluationMissing, not_evaluated: w.notEvaluated, ready: '' }[
    data.evaluation
  ];
  if (!data.overall) return section('overall', w.overallHeading, el('p', { class: 'notice' }, message));
  const { suitability, strengths, weaknesses, recommendations } = data.overall;
  const key = SUITABILITY[suitability];
  return section(
    'overall',
    w.overallHeading,
    el(
      'p',
      { class: 'suitability' },
      el('span', { class: 'label' }, `${w.suitability}: `),
      el('strong', { class: `badge suitability-${key ?? 'unknown'}` }, key ? w[key] : suitability),
    ),
    ...subList(w.strengths, strengths),
    ...subList(w.weaknesses, weaknesses),
    ...subList(w.recommendations, recommendations),
  );
}

function verdict(question: ReportQuestion, w: Words): HTMLElement[] {
  if (!question.is_graded) return [el('p', { class: 'muted' }, w.informationOnly)];
  if (question.job) {
    const key = RATING[question.job.rating];
    return [
      el(
        'p',
        { class: 'verdict' },
        el('span', { class: 'label' }, `${w.rating}: `),
        el('strong', { class: `badge rating-${question.job.rating.toLowerCase()}` }, key ? w[key] : question.job.rating),
      ),
      ...subList(w.criteriaMet, question.job.criteria_met, 'h4'),
      ...subList(w.criteriaMissed, question.job.criteria_missed, 'h4'),
      ...subList(w.improvementPoints, question.job.improvement_points, 'h4'),
    ];
  }
  if (question.screening) {
    const { outcome, undecided, analysis } = question.screening;
    const [text, tone] = outcome ? [w.outcomeMet, 'met'] : undecided ? [w.outcomeUndecided, 'undecided'] : [w.outcomeNotMet, 'not-met'];
    return [
      el(
        'p',
        { class: 'verdict' },
        el('span', { class: 'label' }, `${w.outcome}: `),
        el('strong', { class: `badge outcome-${tone}` }, text),
      ),
      el('h4', {}, w.reasons),
      el('p', { dir: 'auto' }, analysis),
    ];
  }
  return [];
}

function questionCard(question: ReportQuestion, w: Words, sync: PlayerSync | null): HTMLElement {
  const headingId = `question-${question.number}`;
  const answers =
    question.answers.length === 0
      ? [el('p', { class: 'muted' }, w.notAnswered)]
      : question.answers.map((answer) => el('p', { class: 'answer-text', dir: 'auto' }, answer));
  let play: HTMLElement | null = null;
  if (sync && question.video_time) {
    const begin = question.video_time.begin;
    play = el('button', { type: 'button', class: 'play-answer no-print' }, fill(w.playAnswer, { time: clockText(begin) }));
    play.addEventListener('click', () => sync.playFrom(begin));
  }
  return el(
    'article',
    { class: 'question', 'aria-labelledby': headingId },
    el('h3', { id: headingId, class: 'question-number' }, fill(w.questionNumber, { n: question.number })),
    el('p', { class: 'question-text', dir: 'auto' }, question.question),
    el('div', { class: 'answer' }, el('h4', {}, w.answer), ...answers, play),
    el('div', { class: 'assessment' }, ...verdict(question, w)),
  );
}

export function questionsSection(data: ReportPageData, sync: PlayerSync | null): HTMLElement {
  return section('questions', data.words.questionsHeading, ...data.questions.map((q) => questionCard(q, data.words, sync)));
}

export function communicationSection(data: ReportPageData): HTMLElement | null {
  const c = data.communication;
  if (!c) return null;
  const w = data.words;
  const number = new Intl.NumberFormat(data.language_tag, { maximumFractionDigits: 1 });
  const row = (term: string, ...value: (string | HTMLElement)[]) => el('div', {}, el('dt', {}, term), el('dd', {}, ...value));
  const clarityKey = CLARITY[c.clarity.level];
  const phrases = c.repetition.repeated_phrases.map((p) => `“${p.phrase}” × ${number.format(p.count)}`);
  return section(
    'communication',
    w.communicationHeading,
    el(
      'dl',
      { class: 'metrics' },
      row(w.wordsSpoken, number.format(c.word_count)),
      row(
        w.fillerWords,
        `${number.format(c.filler_words.total)} (${fill(w.per100Words, { n: number.format(c.filler_words.per_100_words) })})`,
      ),
      row(w.repetition, fill(w.per100Words, { n: number.format(c.repetition.per_100_words) })),
      row(w.clarity, `${clarityKey ? w[clarityKey] : c.clarity.level} (${fill(w.clarityScore, { n: number.format(c.clarity.score) })})`),
      row(w.averageSentence, number.format(c.clarity.average_sentence_length)),
    ),
    ...subList(w.fillerWords, c.filler_words.examples),
    ...subList(w.repeatedPhrases, phrases),
  );
}
