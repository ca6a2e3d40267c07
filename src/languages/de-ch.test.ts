// The de-CH record's Mundart layer: a behavioural answer written the way Swiss
// candidates speak is read as a story (situation, own actions, result, lesson),
// and the dialect forms that other languages also spell do not leak into them.

import { describe, expect, it } from 'vitest';
import { AgentLanguages } from '../interviews/enums.js';
import { readStructure } from '../evaluation/job-rubric.js';
import { german } from './de.js';
import { swissGerman } from './de-ch.js';
import { tokenize } from './index.js';

const MUNDART_STORY =
  'Letscht Jahr bin ich i de Logistik gsi, und vor eme grosse Uftrag isch eusi Waag usgfalle. ' +
  'Ich ha sofort de Teamleiter aaglüte und ha vorgschlage, dass mer d Päckli vo Hand wäged. ' +
  'Dänn han i zwei Lüüt vom Lager abzoge und ha d Lischte nomal kontrolliert, will mer kei Fehler wänd. ' +
  'Am Schluss isch alles pünktlich duss gsi. Sit dem lüüt ich lieber z früeh aa, das han i glernt.';

describe('Swiss German (Mundart) answers', () => {
  it('reads a Mundart behavioural answer as situation, own actions, result and lesson', () => {
    const s = readStructure(MUNDART_STORY, AgentLanguages.SWISS_GERMAN);
    expect(s).toMatchObject({ hasSituation: true, hasOwnActions: true, hasResult: true, hasLesson: true, hasReasoning: true });
  });

  it('recognises the dialect negation, hedges and fillers in the de-CH lexicon', () => {
    const has = (words: readonly string[], text: string) => words.some((w) => tokenize(text).join(' ').includes(tokenize(w).join(' ')));
    expect(has(swissGerman.lexicon.negators, 'das han i nöd gmacht')).toBe(true);
    expect(has(swissGerman.lexicon.hedges, 'das weiss i nöd, vilicht')).toBe(true);
    expect(has(swissGerman.lexicon.fillers, 'äh, weisch, gäll')).toBe(true);
    expect(swissGerman.stopWords).toEqual(expect.arrayContaining(['isch', 'händ', 'het', 'mer', 'eus', 'vo', 'uf', 'öppis']));
  });

  it('keeps German whole underneath', () => {
    for (const key of ['negators', 'hedges', 'fillers', 'yes', 'no'] as const)
      expect(swissGerman.lexicon[key]).toEqual(expect.arrayContaining(german.lexicon[key]));
    expect(swissGerman.stopWords).toEqual(expect.arrayContaining([...german.stopWords]));
    expect(swissGerman.cues.reasoning).toEqual(expect.arrayContaining([...german.cues.reasoning]));
  });

  it('does not read English "will" or Scandinavian "han" as Swiss forms', () => {
    expect(readStructure('I will restart the server and check the logs tomorrow.', AgentLanguages.ENGLISH).hasReasoning).toBe(false);
    expect(readStructure('Han ringde kunden och jag skrev en rapport.', AgentLanguages.SWEDISH).hasOwnActions).toBe(false);
  });
});
