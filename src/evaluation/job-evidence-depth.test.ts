import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import type { StoredJobQuestion } from '../interviews/questions.js';
import { scoreJobAnswer } from './job-rubric.js';

const RACE: StoredJobQuestion = {
  id: 'q1',
  question: 'What is a race condition and how do you prevent it?',
  evaluation_criteria: [
    'Two threads access shared data at the same time and the result depends on timing',
    'Locks, mutexes or atomic operations serialise access',
    'Avoiding shared mutable state, for example immutable data or message passing',
    'Race conditions are hard to reproduce because they depend on scheduling',
  ],
  sample_answer: null,
  type: 'technical',
};

const SCALING: StoredJobQuestion = {
  id: 'q2',
  question: 'Was ist der Unterschied zwischen horizontaler und vertikaler Skalierung?',
  evaluation_criteria: [
    'Vertikal: ein einzelner Server bekommt mehr CPU oder Arbeitsspeicher',
    'Horizontal: mehr Server hinter einem Load Balancer',
    'Vertikale Skalierung stößt an eine Obergrenze und bleibt ein Single Point of Failure',
    'Horizontale Skalierung verlangt zustandslose Dienste oder verteilte Daten',
  ],
  sample_answer: null,
  type: 'technical',
};

const QUEUE_FR: StoredJobQuestion = {
  id: 'q3',
  question: 'Pourquoi utiliser une file de messages entre deux services ?',
  evaluation_criteria: [
    "Découple l'émetteur du récepteur",
    'Absorbe les pics de charge comme un tampon',
    'Les messages ne sont pas perdus si le consommateur est en panne',
    'Coût : livraison au moins une fois, donc traitement idempotent nécessaire',
  ],
  sample_answer: null,
  type: 'technical',
};

const REVIEW_DA: StoredJobQuestion = {
  id: 'q4',
  question: 'En kollega pusher direkte til main uden code review. Hvad gør du?',
  evaluation_criteria: [
    'Taler først med kollegaen privat for at forstå hvorfor',
    'Forklarer risikoen ved at springe review over',
    'Foreslår branch protection eller en aftalt proces i teamet',
    'Eskalerer til teamlederen hvis det fortsætter',
  ],
  sample_answer: null,
  type: 'situational',
};

const rate = (question: StoredJobQuestion, answer: string, language: LanguageCode, level: 'junior' | 'senior' = 'junior') =>
  scoreJobAnswer({ question, answer, language, experienceLevel: level, difficultyLevel: 'medium' });

describe('an answer that contains a factual error is not rated as if it were right', () => {
  it('reads the opposite of a criterion word about the same thing as a contradiction ("easy" against "hard to reproduce")', () => {
    const answer =
      'A race condition is when two threads access shared data at the same time and the result depends on timing. ' +
      'You prevent it with a mutex or atomic operations. They are easy to reproduce because they happen every time you run the tests, so you just run the tests and fix them.';
    const score = rate(RACE, answer, 1);
    expect(score.errors.map((e) => e.kind)).toContain('opposite_claim');
    expect(score.rating).toBe('OKAY');
    expect(score.tentative).toBe(true);
  });

  it('agrees with the criterion when the opposite is itself negated ("not easy to reproduce")', () => {
    const answer =
      'Two threads access shared data at the same time and the result depends on timing; a mutex or atomic operations prevent it. ' +
      'They are not easy to reproduce because they depend on scheduling.';
    expect(rate(RACE, answer, 1).errors).toEqual([]);
  });

  it('reads a denial of a criterion word even when the question words around it are said plainly ("keine Obergrenze")', () => {
    const answer =
      'Vertikal heißt mehr CPU und Arbeitsspeicher für einen Server, horizontal heißt mehr Server hinter einem Load Balancer. ' +
      'Vertikale Skalierung hat keine Obergrenze, man kann immer weiter aufrüsten, deshalb ist sie meistens besser.';
    const score = rate(SCALING, answer, 2);
    expect(score.errors.map((e) => e.criterion)).toContain(SCALING.evaluation_criteria[2]);
    expect(score.rating).toBe('OKAY');
  });
});

describe('a short answer that meets every criterion is GOOD, not EXCELLENT', () => {
  it('keeps a one-line complete answer at GOOD', () => {
    const answer =
      'Jeg taler med kollegaen privat for at forstå hvorfor, forklarer risikoen, foreslår branch protection og eskalerer til teamlederen hvis det fortsætter.';
    expect(rate(REVIEW_DA, answer, 7, 'senior').rating).toBe('GOOD');
  });
});

describe('an answer in another language than the interview is judged on what it says', () => {
  it('rates a complete Spanish answer to a French question GOOD', () => {
    const answer =
      'Una cola desacopla al emisor del receptor, absorbe los picos de carga como un búfer y, si el consumidor cae, los mensajes no se pierden. ' +
      'El coste es que la entrega es al menos una vez, así que el procesamiento tiene que ser idempotente.';
    expect(rate(QUEUE_FR, answer, 5).rating).toBe('GOOD');
  });

  it('rates a complete French answer to a German question GOOD', () => {
    const answer =
      "La mise à l'échelle verticale consiste à donner plus de CPU et de mémoire à un seul serveur, l'horizontale à ajouter des serveurs derrière un load balancer. " +
      "La verticale a une limite et reste un point de défaillance unique, l'horizontale exige des services sans état.";
    expect(rate(SCALING, answer, 2).rating).toBe('GOOD');
  });
});

describe('an answer rich in an example, a mechanism and a trade-off is rated above its words', () => {
  it('lifts a paraphrased answer from the candidate’s own work one grade', () => {
    const answer =
      'Bei uns lief die Datenbank auf einer einzigen großen Maschine; wir haben sie zweimal aufgerüstet, erst auf 32, dann auf 64 Kerne und 512 GB RAM, was ohne Codeänderung ging. ' +
      'Irgendwann gab es aber keine größere Maschine mehr zu kaufen, und als sie einmal ausfiel, stand der ganze Shop. ' +
      'Für die Webserver sind wir deshalb in die Breite gegangen: zwölf kleine Instanzen hinter einem Load Balancer, die bei Last automatisch mehr werden. ' +
      'Das ging erst, nachdem wir die Sessions aus dem Speicher der Server nach Redis verschoben hatten, weil sonst jeder Request auf derselben Instanz landen musste. ' +
      'Der Preis ist mehr Betrieb und Monitoring.';
    const score = rate(SCALING, answer, 2);
    expect(score.depth.count).toBe(3);
    expect(score.rating).toBe('EXCELLENT');
  });

  it('does not lift a short answer with the same signals', () => {
    const answer =
      'Bei uns zum Beispiel mehr Server hinter einem Load Balancer, weil eine Maschine ausfiel; der Nachteil ist mehr Betrieb.';
    expect(rate(SCALING, answer, 2).rating).not.toBe('EXCELLENT');
  });
});
