// Rules of issue 21's tenth step (docs/evaluation.md, "After (issue 21, tenth step ...)"), each in at least three
// languages: the cases name what each rule must keep doing, and each fails without its rule. The sentences are written
// for the tests, not taken from any labelled set.

import { describe, expect, it } from 'vitest';
import { readDepth, readErrors, type CriterionEvidence } from './answer-evidence.js';
import type { LanguageCode } from '../interviews/enums.js';

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
