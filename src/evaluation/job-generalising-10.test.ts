// Rules of issue 21's tenth step (docs/evaluation.md, "After (issue 21, tenth step ...)"), each in at least three
// languages: the cases name what each rule must keep doing, and each fails without its rule. The sentences are written
// for the tests, not taken from any labelled set.

import { describe, expect, it } from 'vitest';
import { readDepth, readErrors, type CriterionEvidence } from './answer-evidence.js';
import { readStructure, scoreJobAnswer } from './job-rubric.js';
import type { LanguageCode } from '../interviews/enums.js';
import type { StoredJobQuestion } from '../interviews/questions.js';

const met = (criterion: string, matchedTerms: string[] = []): CriterionEvidence => ({ criterion, credit: 1, matchedTerms });

describe('a swapped fact needs the things compared named side by side in the question', () => {
  // A scenario names tickets and an error far apart, and different criteria speak of each: nothing is compared, so an
  // answer sending the tickets to the engineer (a word of the other criterion) swaps no fact.
  it.each<[LanguageCode, string, [string, string], string]>([
    [
      1,
      'Thirty customers opened tickets within one hour, all reporting the same payment error. What do you do?',
      ['Escalates the payment error to the on-call engineer at once', 'Links the tickets to one incident and sends customers one reply'],
      'All tickets escalated straight to the engineer, and the customers get one reply.',
    ],
    [
      2,
      'Dreißig Kunden haben in einer Stunde Tickets eröffnet und melden alle denselben Zahlungsfehler. Was tun Sie?',
      [
        'Eskaliert den Zahlungsfehler sofort an den Techniker in Bereitschaft',
        'Verknüpft die Tickets mit einem Vorfall und schickt den Kunden eine gemeinsame Antwort',
      ],
      'Die Tickets eskaliere ich sofort an den Techniker, und die Kunden bekommen eine gemeinsame Antwort.',
    ],
    [
      6,
      'Treinta clientes abrieron tickets en una hora, todos con el mismo error de pago. ¿Qué haces?',
      [
        'Escala el error de pago de inmediato al técnico de guardia',
        'Agrupa los tickets en una incidencia y envía a los clientes una respuesta común',
      ],
      'Los tickets los escalo de inmediato al técnico, y los clientes reciben una respuesta común.',
    ],
  ])('language %i: no swapped fact in a scenario', (language, question, [first, second], answer) => {
    const errors = readErrors(answer, [met(first), met(second)], [language, 1], question);
    expect(errors.filter((e) => e.kind === 'swapped_fact')).toEqual([]);
  });

  it.each<[LanguageCode, string, [string, string], string]>([
    [
      1,
      'What is the difference between TCP and UDP?',
      ['TCP is connection-oriented and reliable', 'UDP is connectionless and fast'],
      'UDP is also connection-oriented.',
    ],
    [
      2,
      'Was ist der Unterschied zwischen TCP und UDP?',
      ['TCP ist verbindungsorientiert und zuverlässig', 'UDP ist verbindungslos und schnell'],
      'UDP ist ebenfalls verbindungsorientiert.',
    ],
    [
      7,
      'Hvad er forskellen på FIFO og FEFO på et lager?',
      ['FIFO sender de varer ud, der kom først ind', 'FEFO sender varer med den tidligste udløbsdato ud først'],
      'FIFO tager den tidligste udløbsdato.',
    ],
    [
      1,
      'When should you use a process rather than a thread in Python?',
      ['A process has its own interpreter and sidesteps the GIL', 'A thread shares memory and suits waiting on I/O'],
      'A thread sidesteps the GIL, so use threads for heavy computation.',
    ],
  ])('language %i: a comparison still catches the swapped fact', (language, question, [first, second], answer) => {
    const errors = readErrors(answer, [met(first), met(second)], [language, 1], question);
    expect(errors.some((e) => e.kind === 'swapped_fact')).toBe(true);
  });
});

describe('a trade-off named as a weighing of one thing against another is a trade-off', () => {
  it.each<[string, string]>([
    ['sv', 'Det är en avvägning mellan öppenhet och integritet.'],
    ['da', 'Det er en afvejning mellem åbenhed og privatliv.'],
    ['ar', 'والمهم هنا الموازنة بين الأمان والسرعة.'],
    ['hi', 'यहाँ सुरक्षा और गति के बीच संतुलन ज़रूरी है।'],
    ['fr', "C'est un arbitrage entre la vitesse et la sécurité."],
  ])('%s: the weighing is read as a trade-off', (_language, sentence) => {
    expect(readDepth(sentence).tradeOff).toBe(true);
  });

  it('a sentence that weighs nothing shows no trade-off', () => {
    expect(readDepth('Vi sparar nyckeln i Vault och hämtar den vid körning.').tradeOff).toBe(false);
  });
});

const jobQuestion = (type: StoredJobQuestion['type'], question: string, criteria: [string, string]): StoredJobQuestion => ({
  id: type,
  question,
  evaluation_criteria: criteria,
  sample_answer: null,
  type,
});

const scorerFor = (questions: Partial<Record<LanguageCode, StoredJobQuestion>>) => (language: LanguageCode, answer: string) =>
  scoreJobAnswer({
    question: questions[language] as StoredJobQuestion,
    answer,
    language,
    experienceLevel: 'senior',
    difficultyLevel: 'medium',
  });

const DECISION_QUESTIONS: Partial<Record<LanguageCode, StoredJobQuestion>> = {
  1: jobQuestion('behavioral', 'Tell me about an important decision you had to make without all the information.', [
    'Names the decision taken and the missing information',
    'Explains how the risk was limited',
  ]),
  2: jobQuestion('behavioral', 'Erzählen Sie von einer wichtigen Entscheidung, die Sie ohne alle Informationen treffen mussten.', [
    'Nennt die getroffene Entscheidung und die fehlenden Informationen',
    'Erklärt die Begrenzung des Risikos',
  ]),
  5: jobQuestion('behavioral', "Parlez-moi d'une décision importante que vous avez dû prendre sans avoir toutes les informations.", [
    'Nomme la décision prise et les informations manquantes',
    'Explique comment le risque a été limité',
  ]),
};

const decisionOf = scorerFor(DECISION_QUESTIONS);

// Criteria that only restate the question, as clients often write them: they have no words of their own to look for.
const RESTATING_QUESTIONS: Partial<Record<LanguageCode, StoredJobQuestion>> = {
  1: jobQuestion('technical', 'What is SQL injection and how do you prevent it?', [
    'Explains what SQL injection is',
    'Explains how to prevent SQL injection',
  ]),
  2: jobQuestion('technical', 'Was ist SQL-Injection und wie verhindert man sie?', [
    'Erklärt, was SQL-Injection ist',
    'Erklärt, wie man SQL-Injection verhindert',
  ]),
  6: jobQuestion('technical', '¿Qué es la inyección SQL y cómo se evita?', [
    'Explica qué es la inyección SQL',
    'Explica cómo se evita la inyección SQL',
  ]),
};

const restatingOf = scorerFor(RESTATING_QUESTIONS);

describe("echoing the question's words proves nothing", () => {
  it.each<[LanguageCode, string, string]>([
    [
      1,
      'An important decision without all the information is a gamble, so a good lead waits for the information, because waiting is safer than guessing.',
      'We had to pick a cloud provider in two weeks while the load figures were missing, so I took the one with monthly contracts, which limited the risk of a wrong choice.',
    ],
    [
      2,
      'Eine wichtige Entscheidung ohne alle Informationen ist ein Glücksspiel, deshalb wartet ein guter Chef auf die Informationen, weil Warten klüger ist als Raten.',
      'Wir mussten in zwei Wochen einen Cloud-Anbieter wählen, obwohl die Lastzahlen fehlten, also nahm ich den mit Monatsvertrag, was das Risiko einer falschen Wahl begrenzt hat.',
    ],
    [
      5,
      "Une décision importante sans toutes les informations, c'est un pari, donc un bon chef attend les informations, parce qu'attendre est plus sûr que deviner.",
      "Nous devions choisir un hébergeur en deux semaines alors que les chiffres de charge étaient manquants, donc j'ai pris celui au contrat mensuel, ce qui a limité le risque d'un mauvais choix.",
    ],
  ])('language %i: only the question echoed earns nothing, the criterion said in its words does', (language, echo, answer) => {
    const echoed = decisionOf(language, echo);
    expect(echoed.criteria.map((c) => c.credit)).toEqual([0, 0]);
    expect(echoed.rating).toBe('SUBOPTIMAL');
    expect(decisionOf(language, answer).rating).not.toBe('SUBOPTIMAL');
  });
  it.each<[LanguageCode, string]>([
    [
      1,
      'SQL injection is when user input ends up inside the query and runs as SQL, so an attacker can read or delete data. You prevent SQL injection with prepared statements, where the query and the input travel separately.',
    ],
    [
      2,
      'SQL-Injection heisst, dass Benutzereingaben in der Abfrage landen und als SQL ausgeführt werden, so kann ein Angreifer Daten lesen oder löschen. Man verhindert SQL-Injection mit Prepared Statements, bei denen Abfrage und Eingabe getrennt übertragen werden.',
    ],
    [
      6,
      'La inyección SQL es cuando la entrada del usuario acaba dentro de la consulta y se ejecuta como SQL, así un atacante puede leer o borrar datos. Se evita la inyección SQL con consultas preparadas, donde la consulta y la entrada viajan por separado.',
    ],
  ])('language %i: a criterion that only restates the question is met by its own words', (language, answer) => {
    const scored = restatingOf(language, answer);
    expect(scored.criteria.map((c) => c.credit)).toEqual([1, 1]);
    expect(['GOOD', 'EXCELLENT']).toContain(scored.rating);
  });
});

describe('a lesson told as what one took from it or would do differently is a lesson', () => {
  it.each<[LanguageCode, string]>([
    [1, 'What I took from it: check the backups before you need them.'],
    [2, 'Ich würde die Migration anders machen und sie zuerst auf der Kopie testen.'],
    [4, 'Ich würd das anders mache und zerscht mit em Team rede.'],
    [5, "Ce que j'en ai tiré : on teste la restauration chaque mois."],
    [6, 'Lo que saqué de ahí: primero haz lo que puedas deshacer.'],
    [7, 'Det jeg tog med mig var at spørge kunden tidligere.'],
    [8, 'Det jag tog med mig var att fråga kunden tidigare.'],
    [9, 'استخلصت أن التواصل المبكر مع العميل أهم من السرعة.'],
    [3, 'दोबारा ऐसा हो तो मैं यह काम अलग तरीके से करूँगा और पहले टीम से पूछूँगा।'],
  ])('language %s: the lesson is read', (language, sentence) => {
    expect(readStructure(sentence, language).hasLesson).toBe(true);
  });

  it('a story without a lesson shows none', () => {
    expect(readStructure('Lo que hice fue cortar las escrituras y pasar a la réplica.', 6).hasLesson).toBe(false);
    expect(readStructure('I took the database offline and restored the backup.', 1).hasLesson).toBe(false);
  });

  // Taking a thing along, doing something another way, a day before: words near a lesson's that tell none.
  it.each<[LanguageCode, string]>([
    [1, 'We ordered takeaway and stayed until the release was out.'],
    [6, 'Me llevé el portátil a casa y lo resolví de otra manera.'],
    [8, 'Jag tog med mig datorn hem och fixade felet på kvällen.'],
    [5, 'Il fallait corriger vite, autrement le client perdait ses commandes.'],
    [3, 'उस दिन से पहले मैंने यह system कभी नहीं देखा था।'],
    [9, 'كل فريق يعمل بشكل مختلف، فاجتمعنا واتفقنا على خطة.'],
  ])('language %s: no lesson in an ordinary sentence', (language, sentence) => {
    expect(readStructure(sentence, language).hasLesson).toBe(false);
  });
});
