// Rules of issue 21's ninth step (docs/evaluation.md, "After (issue 21, ninth step ...)"), each in at least three
// languages: the cases name what each rule must keep doing, and each fails without its rule.

import { describe, expect, it } from 'vitest';
import { scoreJobAnswer } from './job-rubric.js';
import { CACHE_QUESTIONS } from './job-generalising-5.cases.js';
import type { LanguageCode } from '../interviews/enums.js';

const rubricOf = (language: LanguageCode, answer: string) =>
  scoreJobAnswer({ question: CACHE_QUESTIONS[language], answer, language, experienceLevel: 'junior', difficultyLevel: 'medium' });

describe('a certainty phrase under a negation is a caveat, not an overclaim', () => {
  it.each<[LanguageCode, string, string]>([
    [
      6,
      'No basta con guardar los datos en memoria rápida: hay que invalidar las entradas cuando cambia la fuente, porque si no se sirven datos obsoletos.',
      'Basta con guardar los datos en memoria rápida: hay que invalidar las entradas cuando cambia la fuente, porque si no se sirven datos obsoletos.',
    ],
    [
      9,
      'حفظ البيانات في ذاكرة سريعة فلا يكفي وحده، لأن البيانات القديمة يجب إبطالها عندما يتغير المصدر.',
      'حفظ البيانات في ذاكرة سريعة يكفي وحده، لأن البيانات القديمة يجب إبطالها عندما يتغير المصدر.',
    ],
    [
      5,
      "Garder les données en mémoire rapide n'est pas forcément suffisant : les entrées doivent être invalidées quand la source change, sinon elles sont périmées.",
      'Garder les données en mémoire rapide est forcément suffisant : les entrées doivent être invalidées quand la source change, sinon elles sont périmées.',
    ],
    [
      1,
      'Keeping data in fast memory is not simply a win: entries must be invalidated when the source changes, because otherwise the data is stale.',
      'Keeping data in fast memory is simply a win: entries must be invalidated when the source changes, because otherwise the data is stale.',
    ],
  ])('language %i: the negated phrase is no overclaim, the plain one is', (language, caveat, claim) => {
    expect(rubricOf(language, caveat).signals.overclaims).toBe(false);
    expect(rubricOf(language, claim).signals.overclaims).toBe(true);
    expect(rubricOf(language, caveat).rating).not.toBe('SUBOPTIMAL');
  });
});
