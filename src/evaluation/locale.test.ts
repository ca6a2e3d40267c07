import { describe, expect, it } from 'vitest';
import { STRONG_Q1, jobInput } from '../../test/helpers/evaluation-inputs.js';
import { evaluateBuiltin } from './builtin-evaluator.js';
import type { JobEvaluation, JobQuestionEvaluation, ScreeningQuestionEvaluation } from './evaluation.types.js';
import { messagesFor, PROSE_LOCALES, resolveLocale } from './locale.js';
import { judgeScreeningAnswer } from './screening.js';

describe('locale', () => {
  it('resolves region and case variants, Swiss German on its own, and falls back to English', () => {
    expect(resolveLocale('de')).toBe('de');
    expect(resolveLocale('DE_de')).toBe('de');
    expect(resolveLocale('de-CH')).toBe('de-CH');
    expect(resolveLocale('de_ch')).toBe('de-CH');
    expect(resolveLocale('en-GB')).toBe('en');
    expect(resolveLocale('fr-FR')).toBe('fr');
    expect(resolveLocale('ar')).toBe('ar');
    expect(resolveLocale('ja')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('')).toBe('en');
  });

  it('has report prose for every interview language, each its own', () => {
    expect([...PROSE_LOCALES].sort()).toEqual(['ar', 'da', 'de', 'de-CH', 'en', 'es', 'fr', 'hi', 'sv']);
    const closings = PROSE_LOCALES.map((l) => messagesFor(l).recommendNextRound);
    expect(new Set(closings.filter((c, i) => PROSE_LOCALES[i] !== 'de-CH')).size).toBe(PROSE_LOCALES.length - 1);
    expect(messagesFor('de-CH').describeOutcome).toBe('Mit dem Ergebnis und dem Gelernten abschliessen.');
  });

  it('writes grammatical level notes: "an easy question", "an intern"', () => {
    const en = messagesFor('en');
    expect(en.noteLevel('junior', 'easy')).toBe('Judged for a junior candidate on an easy question.');
    expect(en.noteLevel('intern', 'hard')).toBe('Judged for an intern candidate on a hard question.');
    expect(en.noteLevel('assistant', 'medium')).toBe('Judged for an assistant candidate on a medium question.');
    expect(messagesFor('de').noteLevel('junior', 'easy')).toBe('Bewertet für die Stufe Junior bei einer leichten Frage.');
    expect(messagesFor('fr').noteLevel('senior', 'hard')).toBe('Évalué pour un profil senior, sur une question difficile.');
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

  it('writes job prose in French, Arabic and Hindi for those locales, and English for a locale it does not know', () => {
    const explanation = (locale: string) =>
      (
        (evaluateBuiltin(jobInput({ q1: STRONG_Q1 }, { locale })).evaluation as JobEvaluation).questions[0]
          ?.evaluation as JobQuestionEvaluation
      ).explanation;
    expect(explanation('fr')).toMatch(/^\d critères? sur 3 couverts? :/);
    expect(explanation('ar')).toMatch(/^غطّى \d من 3 معايير/);
    expect(explanation('hi')).toMatch(/^3 में से \d मापदंड पूरे हुए/);
    expect(explanation('ja')).toMatch(/^Covered \d of 3 criteria/);
  });

  it('writes screening analyses in the locale', () => {
    const en = judgeScreeningAnswer('At least 3 years', 'Two years.', 2, 'en');
    const de: ScreeningQuestionEvaluation = judgeScreeningAnswer('At least 3 years', 'Zwei Jahre.', 2, 'de');
    expect(en.analysis).toContain('the criterion asks for at least 3 years');
    expect(de.analysis).toContain('verlangt sind mindestens 3 Jahre');
    expect(de.outcome).toBe(false);
  });
});
