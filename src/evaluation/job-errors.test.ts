import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import type { StoredJobQuestion } from '../interviews/questions.js';
import { readStructure, scoreJobAnswer } from './job-rubric.js';

const question = (text: string, criteria: string[]): StoredJobQuestion => ({
  id: 'q1',
  question: text,
  evaluation_criteria: criteria,
  sample_answer: null,
  type: 'technical',
});

const INDEX = question('How does a database index speed up queries, and what does it cost?', [
  'An index is a separate sorted structure such as a B-tree that avoids a full table scan',
  'Lookups become logarithmic instead of linear',
  'Indexes slow down inserts and updates and use extra storage',
  'Choose indexes for columns used in WHERE, JOIN or ORDER BY',
]);
const ACID = question('¿Qué es una transacción en una base de datos y qué significan las propiedades ACID?', [
  'Una transacción agrupa operaciones que se ejecutan todas o ninguna (atomicidad)',
  'Consistencia: la base de datos pasa de un estado válido a otro',
  'Aislamiento entre transacciones concurrentes',
  'Durabilidad: los cambios confirmados sobreviven a un fallo',
]);
const THREADS = question('ما الفرق بين العملية (process) والخيط (thread)؟', [
  'لكل عملية مساحة ذاكرة مستقلة بينما تتشارك الخيوط ذاكرة العملية',
  'إنشاء الخيوط والتبديل بينها أخف من العمليات',
  'الذاكرة المشتركة تتطلب مزامنة مثل الأقفال لتجنب حالات السباق',
]);

const TCP_UDP = question('Erklären Sie den Unterschied zwischen TCP und UDP.', [
  'TCP ist verbindungsorientiert mit Verbindungsaufbau (Handshake)',
  'TCP garantiert Zustellung und Reihenfolge durch Bestätigungen und Neuübertragung',
  'UDP ist verbindungslos und ohne Zustellgarantie, dafür schneller mit weniger Overhead',
  'Typische Einsatzgebiete: UDP für Streaming, DNS oder Spiele, TCP für HTTP oder E-Mail',
]);

const HTTPS = question('Förklara hur HTTPS skyddar data under överföring.', [
  'TLS krypterar trafiken',
  'Serverns certifikat verifieras mot en betrodd certifikatutfärdare',
  'Handskakningen förhandlar fram en gemensam sessionsnyckel',
  'Integritetsskydd mot manipulation',
]);

const score = (q: StoredJobQuestion, answer: string, language: LanguageCode) =>
  scoreJobAnswer({ question: q, answer, language, experienceLevel: 'junior', difficultyLevel: 'medium' });

describe('an answer with one wrong fact', () => {
  it('reads a comparative as a form of the opposite word ("faster" against "slow down")', () => {
    const s = score(
      INDEX,
      'An index is a sorted structure like a B-tree, so lookups become logarithmic instead of scanning the table. ' +
        'Indexes also make inserts faster, and you should add them on the columns used in WHERE and JOIN.',
      1,
    );
    expect(s.errors).toEqual([expect.objectContaining({ kind: 'opposite_claim', criterion: INDEX.evaluation_criteria[2] })]);
    expect(s.rating).toBe('OKAY');
  });

  it('reads "lost" against "survive" as a contradiction (Spanish: "se pierden" against "sobreviven")', () => {
    const s = score(
      ACID,
      'Una transacción agrupa operaciones que se ejecutan todas o ninguna. La durabilidad significa que los cambios se pierden ' +
        'si el servidor falla, y el aislamiento separa transacciones concurrentes.',
      6,
    );
    expect(s.errors.map((e) => e.criterion)).toContain(ACID.evaluation_criteria[3]);
    expect(s.rating).toBe('OKAY');
  });

  it('reads "heavier" against "lighter" as a contradiction (Arabic: "أثقل" against "أخف")', () => {
    const s = score(
      THREADS,
      'لكل عملية مساحة ذاكرة مستقلة بينما تتشارك الخيوط ذاكرة العملية. لكن إنشاء الخيوط أثقل وأبطأ من إنشاء العمليات.',
      9,
    );
    expect(s.errors.map((e) => e.criterion)).toContain(THREADS.evaluation_criteria[1]);
    expect(s.rating).toBe('OKAY');
  });

  it('takes the same words the right way round as correct', () => {
    const s = score(
      THREADS,
      'لكل عملية مساحة ذاكرة مستقلة بينما تتشارك الخيوط ذاكرة العملية، وإنشاء الخيوط أخف وأسرع من إنشاء العمليات.',
      9,
    );
    expect(s.errors).toEqual([]);
    expect(s.rating).not.toBe('SUBOPTIMAL');
  });

  it('rates a wrong fact asserted with certainty SUBOPTIMAL, beside correct parts or not', () => {
    const s = score(
      INDEX,
      'Obviously an index is a sorted B-tree, so lookups become logarithmic instead of a full table scan, and it makes inserts faster too.',
      1,
    );
    expect(s.errors).not.toEqual([]);
    expect(s.signals.overclaims).toBe(true);
    expect(s.rating).toBe('SUBOPTIMAL');
  });
});

describe('certainty in every language', () => {
  it('hears "está claro", "det er klart", "c\'est clair", "no doubt" and "بلا شك" as certainty', () => {
    const said: Array<[string, LanguageCode]> = [
      ['Está claro: UDP es la versión moderna de TCP.', 6],
      ['Det er klart den bedste måde at gøre det på.', 7],
      ["C'est clair, il faut toujours faire comme ça.", 5],
      ['There is no doubt that this is the right design.', 1],
      ['بلا شك هذه هي الطريقة الصحيحة.', 9],
    ];
    for (const [answer, language] of said) expect(readStructure(answer, language).overclaims, answer).toBe(true);
    expect(readStructure('Creo que UDP es más rápido, pero no estoy seguro.', 6).overclaims).toBe(false);
  });

  it('rates a fluent answer that asserts "está claro" and misses most criteria SUBOPTIMAL', () => {
    const s = score(
      ACID,
      'Está claro: una transacción es una consulta que la base de datos guarda en caché para ir más rápido, y ACID es el nombre del motor que la ejecuta en el servidor.',
      6,
    );
    expect(s.coverage).toBeLessThan(0.5);
    expect(s.rating).toBe('SUBOPTIMAL');
  });
});

describe('a fact said of the other thing compared', () => {
  it('reads "UDP ist ebenfalls verbindungsorientiert" as a swapped fact against the TCP criterion', () => {
    const s = score(
      TCP_UDP,
      'TCP ist verbindungsorientiert mit Handshake und garantiert die Reihenfolge. UDP ist ebenfalls verbindungsorientiert, aber schneller, deshalb nutzt man es für DNS und Streaming.',
      2,
    );
    expect(s.errors).toEqual([expect.objectContaining({ kind: 'swapped_fact', criterion: TCP_UDP.evaluation_criteria[0] })]);
    expect(s.rating).toBe('OKAY');
  });

  it('finds no swap where each fact is said of its own thing, or denied of the other', () => {
    const s = score(
      TCP_UDP,
      'TCP ist verbindungsorientiert mit Handshake und garantiert Zustellung und Reihenfolge durch Bestätigungen. UDP hat keinen Handshake ' +
        'und garantiert keine Reihenfolge, ist dafür aber schneller mit weniger Overhead, etwa für Streaming oder DNS, TCP für HTTP.',
      2,
    );
    expect(s.errors).toEqual([]);
    expect(['GOOD', 'EXCELLENT']).toContain(s.rating);
  });
});

describe('a denial opens the answer', () => {
  it('reads a negation at the end of a claim as its consequence: "... så ingen kan läsa den" is a partial answer, OKAY', () => {
    expect(score(HTTPS, 'TLS krypterar trafiken mellan webbläsaren och servern så ingen kan läsa den.', 8).rating).toBe('OKAY');
  });

  it('keeps an answer that opens with a denial SUBOPTIMAL', () => {
    expect(score(HTTPS, 'Nej, det har jag aldrig behövt veta, TLS krypterar väl något antar jag.', 8).rating).toBe('SUBOPTIMAL');
  });
});

describe('a telegraphic answer is not a keyword list', () => {
  it('rates "TCP: Handshake, ... UDP: verbindungslos, keine Garantie, aber schneller" on its content, GOOD', () => {
    const s = score(
      TCP_UDP,
      'TCP: Handshake, Bestätigungen, Reihenfolge garantiert. UDP: verbindungslos, keine Garantie, aber schneller, etwa für Streaming.',
      2,
    );
    expect(s.signals.isKeywordList).toBe(false);
    expect(s.rating).toBe('GOOD');
  });

  it('still reads bare terms as keyword stuffing, SQL keywords such as "WHERE" and "ORDER BY" among them', () => {
    const s = score(
      INDEX,
      'B-tree, full table scan, logarithmic, inserts, updates, storage, WHERE, JOIN, ORDER BY, index, performance, EXPLAIN.',
      1,
    );
    expect(s.signals.isKeywordList).toBe(true);
    expect(s.rating).toBe('SUBOPTIMAL');
  });
});

describe('concepts shared by the nine records', () => {
  it('meets a German criterion with the English words for it ("delivery and order through acknowledgements and retransmission")', () => {
    const s = score(TCP_UDP, 'TCP guarantees delivery and order through acknowledgements and retransmission, so nothing is lost.', 2);
    expect(s.answerLanguage).toBe(1);
    expect(s.criteria[1]).toMatchObject({ credit: 1 });
  });

  it('meets a French criterion about deleting data with "effacer" for "suppression"', () => {
    const INJECTION = question("Qu'est-ce qu'une injection SQL ?", ['Conséquences possibles : fuite ou suppression de données']);
    const s = score(INJECTION, "Quelqu'un peut voler ou effacer toutes les données de la table avec une telle requête.", 5);
    expect(s.criteria[0]).toMatchObject({ credit: 1 });
  });
});

describe('a criterion that names a cost in other words', () => {
  it('reads "slow down inserts ... extra storage" as a cost, so "no downside" contradicts it', () => {
    const s = score(
      INDEX,
      'An index simply stores a second full copy of the table. It makes every operation faster, reads and writes alike, and there is absolutely no downside, so you should index every column.',
      1,
    );
    expect(s.errors).toEqual([expect.objectContaining({ kind: 'absolute_against_cost', criterion: INDEX.evaluation_criteria[2] })]);
    expect(s.rating).toBe('SUBOPTIMAL');
  });
});

describe('Arabic function words behind a proclitic', () => {
  it('reads "وهذا يعني أنها" as function words: an answer padded with fillers is not a keyword run', () => {
    const s = score(
      THREADS,
      'يعني، اممم، كل عملية لها ذاكرة مستقلة، يعني، بينما الخيوط تتشارك ذاكرة العملية، اممم، وهذا يعني أنها تحتاج أقفالا للمزامنة.',
      9,
    );
    expect(s.signals.isKeywordList).toBe(false);
    expect(s.rating).not.toBe('SUBOPTIMAL');
  });

  it('still reads a comma list of Arabic nouns as keyword stuffing', () => {
    const s = score(THREADS, 'الذاكرة، الخيوط، العمليات، الأقفال، المزامنة، السباق، التبديل.', 9);
    expect(s.signals.isKeywordList).toBe(true);
  });
});
