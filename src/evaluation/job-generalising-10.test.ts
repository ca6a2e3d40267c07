// Rules of issue 21's tenth step (docs/evaluation.md, "After (issue 21, tenth step ...)"), each in at least three
// languages: the cases name what each rule must keep doing, and each fails without its rule. The sentences are written
// for the tests, not taken from any labelled set.

import { describe, expect, it } from 'vitest';
import { readDepth, readErrors, type CriterionEvidence } from './answer-evidence.js';
import { claimsHabitOfSelf, readStructure, scoreJobAnswer } from './job-rubric.js';
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

const storyQuestion = (question: string, criteria: [string, string]): StoredJobQuestion => ({
  id: 'habit',
  question,
  evaluation_criteria: criteria,
  sample_answer: null,
  type: 'behavioral',
});

const HABIT_QUESTIONS: Partial<Record<LanguageCode, StoredJobQuestion>> = {
  1: storyQuestion('Tell me about a time you received critical feedback. How did you respond?', [
    'Describes a specific situation in which they received critical feedback',
    'Explains a concrete change they made and the outcome',
  ]),
  2: storyQuestion('Erzählen Sie von einer Situation, in der Sie kritisches Feedback bekommen haben. Wie haben Sie reagiert?', [
    'Beschreibt eine konkrete Situation mit kritischem Feedback',
    'Erklärt eine konkrete Änderung und das Ergebnis',
  ]),
  6: storyQuestion('Cuéntame una ocasión en la que recibiste una crítica a tu trabajo. ¿Cómo reaccionaste?', [
    'Describe una situación concreta en la que recibió una crítica',
    'Explica un cambio concreto que hizo y el resultado',
  ]),
};

const storyOf = (language: LanguageCode, answer: string) =>
  scoreJobAnswer({
    question: HABIT_QUESTIONS[language] as StoredJobQuestion,
    answer,
    language,
    experienceLevel: 'junior',
    difficultyLevel: 'easy',
  });

const technicalQuestion = (question: string, criteria: [string, string]): StoredJobQuestion => ({
  id: 'injection',
  question,
  evaluation_criteria: criteria,
  sample_answer: null,
  type: 'technical',
});

const INJECTION_QUESTIONS: Partial<Record<LanguageCode, StoredJobQuestion>> = {
  1: technicalQuestion('What is SQL injection and how do you prevent it?', [
    'Explains that user input is executed as part of the SQL query',
    'Names prepared statements or parameterised queries as the prevention',
  ]),
  2: technicalQuestion('Was ist SQL-Injection und wie verhindern Sie sie?', [
    'Erklärt, dass Benutzereingaben als Teil der SQL-Abfrage ausgeführt werden',
    'Nennt Prepared Statements oder parametrisierte Abfragen als Schutz',
  ]),
  6: technicalQuestion('¿Qué es la inyección SQL y cómo la evitas?', [
    'Explica que la entrada del usuario se ejecuta como parte de la consulta SQL',
    'Nombra las consultas preparadas o parametrizadas como prevención',
  ]),
};

const technicalOf = (language: LanguageCode, answer: string) =>
  scoreJobAnswer({
    question: INJECTION_QUESTIONS[language] as StoredJobQuestion,
    answer,
    language,
    experienceLevel: 'junior',
    difficultyLevel: 'medium',
  });

describe('a habit claimed of oneself without exception cannot rate above OKAY', () => {
  it.each<[LanguageCode, string, string]>([
    [
      1,
      'Last year my lead gave me critical feedback on a pull request. I always stand behind my decisions, so I explained my reasoning, I changed nothing and in the end he agreed with me.',
      'Last year my lead gave me critical feedback on a pull request. I explained my reasoning, I changed the structure he pointed at and in the end the review went through in a day.',
    ],
    [
      2,
      'Letztes Jahr bekam ich kritisches Feedback zu meinem Code. Ich mache grundsätzlich immer alles richtig, also habe ich nichts geändert, und am Ende war das Ergebnis gut.',
      'Letztes Jahr bekam ich kritisches Feedback zu meinem Code. Ich habe die Struktur geändert, die er bemängelt hat, und am Ende war das Ergebnis ein schnellerer Review.',
    ],
    [
      6,
      'El año pasado recibí una crítica de mi jefe sobre un informe. Yo siempre defiendo mis decisiones, así que le expliqué mis razones, hice un cambio mínimo en el formato y al final el resultado fue bueno.',
      'El año pasado recibí una crítica de mi jefe sobre un informe. Hice un cambio concreto en la estructura que señaló y al final el resultado fue un informe más corto.',
    ],
  ])('language %i: "I always/never ..." is capped, the story without it is not', (language, habit, story) => {
    expect(storyOf(language, habit).rating).toBe('OKAY');
    expect(storyOf(language, story).rating).not.toBe('OKAY');
  });

  // A technical question asks what one knows: "I always use prepared statements" states a practice, and keeps its grade.
  it.each<[LanguageCode, string, string]>([
    [
      1,
      'I always use prepared statements, so the query and the user input travel separately and the input can never change the SQL; on top of that I validate input and give the database account only the rights it needs.',
      'I use prepared statements, so the query and the user input travel separately and the input can never change the SQL; on top of that I validate input and give the database account only the rights it needs.',
    ],
    [
      2,
      'Ohne Schutz werden Benutzereingaben als Teil der SQL-Abfrage ausgeführt. Ich verwende immer Prepared Statements, also parametrisierte Abfragen: Abfrage und Eingabe werden getrennt übertragen, und die Eingabe kann das SQL nie verändern.',
      'Ohne Schutz werden Benutzereingaben als Teil der SQL-Abfrage ausgeführt. Ich verwende Prepared Statements, also parametrisierte Abfragen: Abfrage und Eingabe werden getrennt übertragen, und die Eingabe kann das SQL nie verändern.',
    ],
    [
      6,
      'Yo siempre uso consultas preparadas, así la consulta y la entrada del usuario viajan por separado y la entrada nunca cambia el SQL; además valido la entrada y le doy a la cuenta de la base de datos solo los permisos necesarios.',
      'Uso consultas preparadas, así la consulta y la entrada del usuario viajan por separado y la entrada nunca cambia el SQL; además valido la entrada y le doy a la cuenta de la base de datos solo los permisos necesarios.',
    ],
  ])('language %i: to a technical question the practice claimed keeps its grade', (language, habit, plain) => {
    const rating = (answer: string) => technicalOf(language, answer).rating;
    expect(rating(plain)).not.toBe('OKAY');
    expect(rating(habit)).toBe(rating(plain));
  });

  it.each<[LanguageCode, string]>([
    [1, 'I always stay calm with customers.'],
    [2, 'Ich mache grundsätzlich immer alles parallel.'],
    [3, 'मैं हमेशा पूरी technical detail देता हूँ।'],
    [6, 'Yo es que nunca tomo decisiones sin toda la información.'],
    [7, 'Jeg har faktisk aldrig haft brug for at lære noget nyt.'],
  ])('language %i: the claim is read', (language, answer) => {
    expect(claimsHabitOfSelf(answer, [language])).toBe(true);
  });

  it.each<[LanguageCode, string]>([
    // A lesson: the habit the story led to.
    [1, 'Since then I always run a test export a week before the deadline.'],
    // Swedish "i" is "in", not the English subject.
    [8, 'Vi använder CI-variabler, så de ligger aldrig i koden.'],
    // The subject is far from the word: the outages, not the candidate, always happened then.
    [1, 'I pulled the line logs and noticed that the outages always happened between six and seven.'],
    // Said of a thing, not of oneself.
    [5, "La donnée n'est jamais mélangée au code."],
    // The subject comes first: romanised Hindi "main" after "hamesha" is the English "main" (branch).
    [3, 'Hum hamesha main branch par merge karte hain.'],
  ])('language %i: no claim of a habit in "%s"', (language, answer) => {
    expect(claimsHabitOfSelf(answer, [language])).toBe(false);
  });
});

const decisionQuestion = (question: string, criteria: [string, string]): StoredJobQuestion => ({
  id: 'decision',
  question,
  evaluation_criteria: criteria,
  sample_answer: null,
  type: 'behavioral',
});

const DECISION_QUESTIONS: Partial<Record<LanguageCode, StoredJobQuestion>> = {
  1: decisionQuestion('Tell me about an important decision you had to make without all the information.', [
    'Names the decision taken and the missing information',
    'Explains how the risk was limited',
  ]),
  2: decisionQuestion('Erzählen Sie von einer wichtigen Entscheidung, die Sie ohne alle Informationen treffen mussten.', [
    'Nennt die getroffene Entscheidung und die fehlenden Informationen',
    'Erklärt die Begrenzung des Risikos',
  ]),
  5: decisionQuestion("Parlez-moi d'une décision importante que vous avez dû prendre sans avoir toutes les informations.", [
    'Nomme la décision prise et les informations manquantes',
    'Explique comment le risque a été limité',
  ]),
};

const decisionOf = (language: LanguageCode, answer: string) =>
  scoreJobAnswer({
    question: DECISION_QUESTIONS[language] as StoredJobQuestion,
    answer,
    language,
    experienceLevel: 'senior',
    difficultyLevel: 'medium',
  });

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
});

describe('a number in the unit of the criterion’s number, but another value, is an error', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Explains that a password must have at least 12 characters', 'A password needs at least 6 characters and one digit.'],
    [
      2,
      'Erklärt, dass der FI-Schalter bei einem Fehlerstrom von 30 mA auslöst',
      'Der FI löst bei einem Fehlerstrom von 300 Milliampere aus.',
    ],
    [5, "Explique que la session expire après 15 minutes d'inactivité", "La session expire après 60 minutes d'inactivité."],
    [8, 'Förklarar att lösenordet ska ha minst 12 tecken', 'Lösenordet ska ha minst 6 tecken och en siffra.'],
  ])('language %s: the other value is read as an error', (language, criterion, answer) => {
    const errors = readErrors(answer, [met(criterion)], [language]);
    expect(errors.map((e) => e.kind)).toContain('other_number');
  });

  it.each<[LanguageCode, string, string]>([
    // The criterion's value, with another one in the same unit for something else.
    [
      2,
      'Erklärt, dass der FI-Schalter bei einem Fehlerstrom von 30 mA auslöst',
      'Der FI löst bei 30 mA aus, für den Brandschutz nimmt man 300 mA.',
    ],
    // Another quantity in the same unit that is not what the criterion's number measures.
    [
      2,
      'Erklärt, dass der FI-Schalter bei einem Fehlerstrom von 30 mA auslöst',
      'Wenn jemand in die Steckdose fasst, fließen vielleicht 100 Milliampere.',
    ],
    [1, 'Explains that a password must have at least 12 characters', 'A password needs at least 12 characters and one digit.'],
  ])('language %s: a right answer reads no error', (language, criterion, answer) => {
    expect(readErrors(answer, [met(criterion)], [language]).map((e) => e.kind)).not.toContain('other_number');
  });
});
