// What the evaluators read from the language records, assembled once: the
// screening lexicons, and the concept groups and answer cues of the job rubric.
// Concept groups and cues are the union over every language, because
// candidates code-switch and criteria may be written in another language than
// the answer; the screening lexicons are the interview language plus English.

import type { LanguageCode } from '../interviews/enums.js';
import { ENGLISH, LANGUAGES, languageFor, normaliseText, type CueTrigger, type Cues, type Lexicon } from '../languages/index.js';

export type { Lexicon as LanguageLexicon, TimeUnit } from '../languages/index.js';

/** The interview language's lexicon, with English added for code-switching (common in Hindi, Swiss and Nordic answers). */
export function lexiconsFor(language: LanguageCode): Lexicon[] {
  const own = languageFor(language);
  return own === ENGLISH ? [ENGLISH.lexicon] : [own.lexicon, ENGLISH.lexicon];
}

export const ALL_LEXICONS: readonly Lexicon[] = LANGUAGES.map((l) => l.lexicon);

export interface ConceptGroup {
  id: string;
  members: string[];
}

/** One group per concept the English record names; each language adds its own members. */
export const CONCEPT_GROUPS: readonly ConceptGroup[] = Object.keys(ENGLISH.concepts).map((name) => ({
  id: `~${name}`,
  members: [...new Set(LANGUAGES.flatMap((l) => l.concepts[name] ?? []))],
}));

type CueList = Exclude<keyof Cues, 'triggers' | 'pastVerbPattern'>;
const union = (key: CueList): string[] => [...new Set(LANGUAGES.flatMap((l) => l.cues[key]))];

export const CUES: Readonly<Record<CueList, readonly string[]>> = {
  pastSituation: union('pastSituation'),
  result: union('result'),
  lesson: union('lesson'),
  ownership: union('ownership'),
  deflection: union('deflection'),
  steps: union('steps'),
  tradeOff: union('tradeOff'),
  example: union('example'),
  reasoning: union('reasoning'),
  doesNotKnow: union('doesNotKnow'),
  admittedGap: union('admittedGap'),
  pastVerbsIrregular: union('pastVerbsIrregular'),
  firstPersonSubject: union('firstPersonSubject'),
  proportion: union('proportion'),
  ownActions: union('ownActions'),
  manipulation: union('manipulation'),
  certainty: union('certainty'),
  platitude: union('platitude'),
  absolutes: union('absolutes'),
  costTerms: union('costTerms'),
  opposites: union('opposites'),
};

const pastVerbPatterns = new Map<LanguageCode, RegExp[]>();

/** Regular past verbs of the interview language and English (candidates code-switch; patterns of other languages would misread). */
export function pastVerbPatternsFor(language: LanguageCode): readonly RegExp[] {
  let patterns = pastVerbPatterns.get(language);
  if (!patterns) {
    patterns = [...new Set([languageFor(language).cues.pastVerbPattern, ENGLISH.cues.pastVerbPattern])]
      .filter(Boolean)
      .map((source) => new RegExp(source, 'u'));
    pastVerbPatterns.set(language, patterns);
  }
  return patterns;
}

const TRIGGERS: readonly CueTrigger[] = ['situation', 'action', 'result', 'lesson', 'ownership', 'quantified', 'steps', 'reason'];

/**
 * Words in a criterion that call for a structural cue rather than a keyword, normalised as the criterion's tokens
 * are: written "lärde" or "النتيجة" in a record, they must meet the token "larde" or "النتيجه".
 */
export const CUE_TRIGGERS = {} as Record<CueTrigger, readonly string[]>;
for (const trigger of TRIGGERS) {
  CUE_TRIGGERS[trigger] = [...new Set(LANGUAGES.flatMap((l) => l.cues.triggers[trigger]).map(normaliseText))];
}

/** Weak absence markers that open a criterion, in every language. */
export const ABSENCE_OPENERS: readonly string[] = [...new Set(LANGUAGES.flatMap((l) => l.lexicon.absenceOpeners))];
