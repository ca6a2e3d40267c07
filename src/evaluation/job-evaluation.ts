// Built-in per-question evaluation and overall summary for job interviews:
// the rubric's numbers turned into a rating that explains itself, improvement
// points, and an OverallEvaluation that quotes the candidate.

import type { LanguageCode } from '../interviews/enums.js';
import type { OverallEvaluation } from '../interviews/interview.schemas.js';
import type { StoredJobQuestion } from '../interviews/questions.js';
import type { JobQuestionEvaluation, Rating, Suitability } from './evaluation.types.js';
import { messagesFor, type Messages, type ProseLocale } from './locale.js';
import { CONFIDENTLY_WRONG_COVERAGE, scoreJobAnswer, termsOf, type RubricContext, type RubricScore } from './job-rubric.js';
import { languageFor, splitSentences } from '../languages/index.js';
import { shortQuote } from './text.js';

const MAX_IMPROVEMENT_POINTS = 4;
const RATING_POINTS: Record<Rating, number> = { SUBOPTIMAL: 0, OKAY: 1, GOOD: 2, EXCELLENT: 3 };

export interface JudgedJobAnswer {
  /** 1-based position in the interview. */
  number: number;
  question: StoredJobQuestion;
  answer: string;
  language: LanguageCode;
  evaluation: JobQuestionEvaluation;
  rubric: RubricScore;
}

export function evaluateJobAnswer(ctx: RubricContext, locale: ProseLocale): { evaluation: JobQuestionEvaluation; rubric: RubricScore } {
  const m = messagesFor(locale);
  const rubric = scoreJobAnswer(ctx);
  const met = rubric.criteria.filter((c) => c.credit === 1).map((c) => c.criterion);
  const partial = rubric.criteria.filter((c) => c.credit === 0.5).map((c) => c.criterion);
  const missed = rubric.criteria.filter((c) => c.credit === 0).map((c) => c.criterion);
  const s = rubric.signals;

  const explanation = [
    rubric.signals.saysDoesNotKnow ? m.didNotKnow : null,
    s.attemptsManipulation ? m.manipulation : s.isKeywordList ? m.keywordList : null,
    s.overclaims && rubric.coverage < CONFIDENTLY_WRONG_COVERAGE ? m.overclaim : null,
    ...rubric.errors.map((e) => m.contradicts(e.criterion, e.words)),
    rubric.answerLanguage !== ctx.language ? m.otherLanguage(languageFor(rubric.answerLanguage).nativeName) : null,
    rubric.tentative ? m.evidenceTentative : null,
    // Each criterion is named once: met in full, partly, or missed.
    met.length > 0 ? m.criteriaFound(met, rubric.criteria.length) : partial.length === 0 ? m.noCriteriaFound : null,
    partial.length > 0 ? m.criteriaPartly(partial) : null,
    missed.length > 0 ? m.criteriaMissed(missed) : null,
    ctx.question.type === 'behavioral' ? m.noteStar(s.hasSituation, s.hasOwnActions, s.hasResult) : null,
    ctx.question.type === 'situational' ? m.notePlan(s.hasSteps, s.hasTradeOffs) : null,
    ctx.question.type === 'technical' ? m.noteSpecific(s.isSpecific) : null,
    m.noteLevel(ctx.experienceLevel, ctx.difficultyLevel),
  ]
    .filter((line): line is string => line !== null)
    .join(' ');

  const points = [...missed, ...partial].map((c) => m.addressCriterion(c));
  points.push(...typeAdvice(ctx.question.type, rubric, m));
  if (rubric.elaboration < 0.5 && rubric.rating !== 'EXCELLENT') points.push(m.expandAnswer);

  return {
    rubric,
    evaluation: {
      rating: rubric.rating,
      improvement_points: [...new Set(points)].slice(0, MAX_IMPROVEMENT_POINTS),
      explanation,
      criteria_met: met,
      criteria_partial: partial,
      criteria_missed: missed,
    },
  };
}

function typeAdvice(type: StoredJobQuestion['type'], rubric: RubricScore, m: Messages): string[] {
  const s = rubric.signals;
  switch (type) {
    case 'behavioral':
      return [
        !s.hasSituation || !s.hasResult ? m.useStar : null,
        !s.hasOwnActions ? m.speakFirstPerson : null,
        s.hasSituation && !s.hasResult && !s.hasLesson ? m.describeOutcome : null,
      ].filter((p): p is string => p !== null);
    case 'situational':
      return [!s.hasSteps ? m.layOutPlan : null, !s.hasTradeOffs && rubric.rating !== 'SUBOPTIMAL' ? m.nameTradeOffs : null].filter(
        (p): p is string => p !== null,
      );
    case 'technical':
      return [!s.isSpecific ? m.giveConcreteExample : null, !s.hasReasoning ? m.explainWhy : null].filter((p): p is string => p !== null);
  }
}

/** Suitability from the ratings alone, so it is reproducible and always one of the four English values. */
export function suitabilityOf(ratings: readonly Rating[]): Suitability {
  if (ratings.length < 2) return 'Needs further assessment';
  const mean = ratings.reduce((a, r) => a + RATING_POINTS[r], 0) / ratings.length;
  const weak = ratings.filter((r) => r === 'SUBOPTIMAL').length;
  if (mean >= 2.5 && weak === 0) return 'Exceeds expectations';
  if (mean >= 1.75 && weak <= 1) return 'Meets expectations';
  if (mean < 1.25) return 'Below expectations';
  return 'Needs further assessment';
}

/**
 * Where at least half the ratings rest on thin or conflicting evidence, a
 * confident verdict would overstate what the answers show.
 */
export function leanOnEvidence(suitability: Suitability, tentative: number, judged: number): Suitability {
  return judged > 0 && tentative * 2 >= judged ? 'Needs further assessment' : suitability;
}

export function summariseJobInterview(judged: readonly JudgedJobAnswer[], locale: ProseLocale): OverallEvaluation {
  const m = messagesFor(locale);
  const suitability = leanOnEvidence(
    suitabilityOf(judged.map((j) => j.evaluation.rating)),
    judged.filter((j) => j.rubric.tentative).length,
    judged.length,
  );
  const byScore = [...judged].sort((a, b) => b.rubric.score - a.rubric.score);
  const strong = byScore.filter((j) => RATING_POINTS[j.evaluation.rating] >= 2).slice(0, 3);
  const weak = [...byScore]
    .reverse()
    .filter((j) => RATING_POINTS[j.evaluation.rating] <= 1)
    .slice(0, 3);

  const strengths = strong.map((j) =>
    m.strength(j.number, shortQuote(j.question.question, 8), j.evaluation.criteria_met.slice(0, 2), bestQuote(j)),
  );
  const weaknesses = weak.map((j) =>
    m.weakness(j.number, shortQuote(j.question.question, 8), j.evaluation.criteria_missed.slice(0, 2), shortQuote(j.answer, 14)),
  );

  const recommendations: string[] = [];
  if (suitability === 'Exceeds expectations' || suitability === 'Meets expectations') recommendations.push(m.recommendNextRound);
  if (suitability === 'Needs further assessment') recommendations.push(m.recommendMoreEvidence);
  const toProbe = weak.flatMap((j) => j.evaluation.criteria_missed).slice(0, 3);
  if (toProbe.length > 0) recommendations.push(m.recommendProbe(toProbe));
  if (weak.some((j) => j.question.type === 'behavioral' && !(j.rubric.signals.hasSituation && j.rubric.signals.hasResult))) {
    recommendations.push(m.recommendStructure);
  }
  if (weak.some((j) => j.question.type === 'technical' && !j.rubric.signals.isSpecific)) recommendations.push(m.recommendSpecifics);

  return { overall_assessment: { suitability, strengths, weaknesses, recommendations } };
}

/** The sentence of the answer that carries most of the matched criterion terms. */
function bestQuote(j: JudgedJobAnswer): string {
  const matched = new Set(j.rubric.criteria.flatMap((c) => c.matchedTerms));
  let best = j.answer;
  let bestHits = -1;
  for (const sentence of splitSentences(j.answer)) {
    const terms = [...termsOf(sentence, j.language).values()];
    const hits = terms.filter((t) => matched.has(t)).length;
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return shortQuote(best, 14);
}
