import { describe, expect, it } from 'vitest';
import { STRONG_Q1, jobInput } from '../../test/helpers/evaluation-inputs.js';
import { evaluateBuiltin } from './builtin-evaluator.js';
import type { JobEvaluation, JobQuestionEvaluation, ScreeningQuestionEvaluation } from './evaluation.types.js';
import { resolveLocale } from './locale.js';
import { judgeScreeningAnswer } from './screening.js';

describe('locale', () => {
  it('resolves region and case variants and falls back to English', () => {
    expect(resolveLocale('de')).toBe('de');
    expect(resolveLocale('de-CH')).toBe('de');
    expect(resolveLocale('DE_de')).toBe('de');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('fr')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('')).toBe('en');
  });

  it('writes job prose in German for locale de while rating and suitability stay English', () => {
    const de = evaluateBuiltin(jobInput({ q1: STRONG_Q1, q2: 'Ich habe Überstunden gemacht.' }, { locale: 'de-DE' }))
      .evaluation as JobEvaluation;
    const e = de.questions[1]?.evaluation as JobQuestionEvaluation;
    expect(e.rating).toMatch(/^(SUBOPTIMAL|OKAY|GOOD|EXCELLENT)$/);
    expect(e.explanation).toMatch(/Kriterien abgedeckt|Keines der Bewertungskriterien/);
    expect(e.improvement_points.join(' ')).toMatch(/eingehen|Situation, Handlung und Ergebnis/);
    const overall = de.overall_summary?.overall_assessment;
    expect(['Exceeds expectations', 'Meets expectations', 'Below expectations', 'Needs further assessment']).toContain(
      overall?.suitability,
    );
    expect([...(overall?.strengths ?? []), ...(overall?.weaknesses ?? [])].join(' ')).toMatch(/Frage \d/);
  });

  it('falls back to English prose for locales without a catalogue', () => {
    const fr = evaluateBuiltin(jobInput({ q1: STRONG_Q1 }, { locale: 'fr' })).evaluation as JobEvaluation;
    expect((fr.questions[0]?.evaluation as JobQuestionEvaluation).explanation).toMatch(/^Covered \d of 3 criteria/);
  });

  it('writes screening analyses in the locale', () => {
    const en = judgeScreeningAnswer('At least 3 years', 'Two years.', 2, 'en');
    const de: ScreeningQuestionEvaluation = judgeScreeningAnswer('At least 3 years', 'Zwei Jahre.', 2, 'de');
    expect(en.analysis).toContain('the criterion asks for at least 3 years');
    expect(de.analysis).toContain('verlangt sind mindestens 3 Jahre');
    expect(de.outcome).toBe(false);
  });
});
