import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('a required part refused outweighs another part accepted', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Able to work weekends including Sundays', "Saturdays are no problem at all. Sundays I won't work, that's family time."],
    [1, 'Willing to work early and night shifts', "Early shifts, no problem. Night shifts I can't do."],
    [2, 'Bereitschaft zu Wochenenddiensten inklusive Sonntag', 'Samstags ist kein Problem. Sonntags arbeite ich grundsätzlich nicht.'],
    [5, 'Disponible pour travailler le week-end, dimanche compris', 'Le samedi, aucun souci. Le dimanche, je ne peux pas travailler.'],
    [6, 'Disponibilidad para turnos rotativos incluidas noches', 'Las mañanas y las tardes sin problema. Las noches no puedo hacerlas.'],
    [8, 'Kan arbeta helger inklusive söndagar', 'Lördagar är inga problem. Söndagar kan jag inte jobba.'],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(false);
  });

  it('keeps a yes when the refusal is of something the criterion asks to be absent', () => {
    expect(
      judge(
        'Must have the right to work in Canada without employer sponsorship',
        "Yes, I'm a permanent resident. I don't need any sponsorship.",
        1,
      ).outcome,
    ).toBe(true);
  });

  it('keeps a yes when the refusal names nothing the criterion asks for', () => {
    expect(judge('Willing to work night shifts', "Yes, nights suit me. I don't drive, so I'd take the bus.", 1).outcome).toBe(true);
  });
});
