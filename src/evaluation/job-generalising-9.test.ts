// Rules of issue 21's ninth step (docs/evaluation.md, "After (issue 21, ninth step ...)"), each in at least three
// languages: the cases name what each rule must keep doing, and each fails without its rule.

import { describe, expect, it } from 'vitest';
import { scoreJobAnswer } from './job-rubric.js';
import { CACHE_QUESTIONS } from './job-generalising-5.cases.js';
import type { LanguageCode } from '../interviews/enums.js';
import type { CueTrigger } from '../languages/index.js';
import type { StoredJobQuestion } from '../interviews/questions.js';

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
  it('reads an interjection that another record has as its "no" ("Na", "Nå") as no negation', () => {
    // Hindi's romanised "na" and Swedish "nä" are answers of "no", not negators of the phrase after them.
    expect(rubricOf(2, 'Na, natürlich reicht es, die Daten im schnellen Speicher zu halten.').signals.overclaims).toBe(true);
  });
});

const storyQuestion = (question: string, criteria: [string, string]): StoredJobQuestion => ({
  id: 'story',
  question,
  evaluation_criteria: criteria,
  sample_answer: null,
  type: 'behavioral',
});

const STORY_QUESTIONS: Partial<Record<LanguageCode, StoredJobQuestion>> = {
  1: storyQuestion('Tell me about a time you had to deal with an upset customer. What did you do?', [
    'Describes a concrete situation with an upset customer and what they personally did',
    'States the outcome and what they learned',
  ]),
  2: storyQuestion('Erzählen Sie von einem verärgerten Kunden. Was haben Sie getan?', [
    'Beschreibt eine konkrete Situation mit einem verärgerten Kunden und was der Kandidat selbst getan hat',
    'Nennt das Ergebnis und was der Kandidat gelernt hat',
  ]),
  5: storyQuestion("Parlez-moi d'un client mécontent. Qu'avez-vous fait ?", [
    'Décrit une situation concrète avec un client mécontent et ce que le candidat a fait lui-même',
    'Indique le résultat et ce que le candidat a appris',
  ]),
  6: storyQuestion('Háblame de un cliente enfadado. ¿Qué hiciste?', [
    'Describe una situación concreta con un cliente enfadado y lo que hizo el candidato',
    'Indica el resultado y lo que aprendió',
  ]),
};

const storyOf = (language: LanguageCode, answer: string) =>
  scoreJobAnswer({
    question: STORY_QUESTIONS[language] as StoredJobQuestion,
    answer,
    language,
    experienceLevel: 'junior',
    difficultyLevel: 'easy',
  });

describe('rule 10: a long story does not make up for the outcome and lesson it leaves out', () => {
  it.each<[LanguageCode, string]>([
    [
      1,
      'Last year at the store an upset customer came back because the laptop he had bought would not switch on, and the queue behind him was getting long. ' +
        'I asked my colleague to open the second till, because the others were waiting, took him to the service desk, tested the charger with him and then called my supervisor over.',
    ],
    [
      2,
      'Letztes Jahr kam im Laden ein verärgerter Kunde zurück, weil sein neuer Laptop nicht anging, und die Schlange hinter ihm wurde lang. ' +
        'Ich habe meine Kollegin gebeten, die zweite Kasse zu öffnen, weil die anderen warteten, habe ihn zum Servicetresen gebracht, das Ladegerät mit ihm getestet und dann meinen Vorgesetzten gerufen.',
    ],
    [
      5,
      "L'an dernier au magasin, un client mécontent est venu à la caisse parce que son ordinateur portable ne s'allumait pas, et la file derrière lui s'allongeait. " +
        "J'ai demandé à ma collègue d'ouvrir la deuxième caisse, parce que les autres attendaient, je l'ai emmené au comptoir du service, j'ai testé le chargeur avec lui puis j'ai appelé mon responsable.",
    ],
    [
      6,
      'El año pasado en la tienda volvió un cliente enfadado porque su portátil nuevo no encendía, y la cola detrás de él era cada vez más larga. ' +
        'Le pedí a mi compañera que abriera la segunda caja, porque los demás esperaban, lo llevé al mostrador de servicio, probé el cargador con él y luego llamé a mi supervisor.',
    ],
  ])('language %i: a situation and own actions at length, with no outcome or lesson, is OKAY', (language, answer) => {
    const rubric = storyOf(language, answer);
    expect(rubric.criteria.map((c) => c.credit)).toEqual([1, 0]);
    expect(rubric.criteria[1]?.asks).toEqual(expect.arrayContaining([expect.stringMatching(/^(result|lesson)$/)]));
    expect(rubric.rating).toBe('OKAY');
  });
});

describe('ordered steps explain a plan, not a technical subject', () => {
  it.each<[LanguageCode, string]>([
    [1, 'First the cache starts, then the application runs, and finally everything appears on the screen.'],
    [2, 'Zuerst startet der Cache, dann läuft die Anwendung, und schliesslich erscheint alles auf dem Bildschirm.'],
    [5, "D'abord le cache démarre, ensuite l'application tourne, et enfin tout apparaît à l'écran."],
    [8, 'Först startar cachen, sedan körs applikationen, och till sist visas allt på skärmen.'],
  ])('language %i: steps with no criterion word are SUBOPTIMAL to a technical question, OKAY to a situational one', (language, answer) => {
    const technical = rubricOf(language, answer);
    expect(technical.coverage).toBe(0);
    expect(technical.signals.hasSteps).toBe(true);
    expect(technical.rating).toBe('SUBOPTIMAL');
    const situational = scoreJobAnswer({
      question: { ...CACHE_QUESTIONS[language], type: 'situational' },
      answer,
      language,
      experienceLevel: 'junior',
      difficultyLevel: 'medium',
    });
    expect(situational.rating).toBe('OKAY');
  });
});

describe('structure words are read as the records write them, accents and Arabic letters included', () => {
  it.each<[LanguageCode, string, CueTrigger]>([
    [8, 'Berättar vad kandidaten lärde sig av det', 'lesson'],
    [8, 'Förklarar varför beslutet togs', 'reason'],
    [9, 'يذكر النتيجة', 'result'],
    [9, 'يعرض خطة واضحة', 'steps'],
  ])('language %i: "%s" asks for a %s', (language, criterion, cue) => {
    const question = storyQuestion('?', [criterion, criterion]);
    const rubric = scoreJobAnswer({ question, answer: '-', language, experienceLevel: 'junior', difficultyLevel: 'medium' });
    expect(rubric.criteria[0]?.asks).toContain(cue);
  });
});
