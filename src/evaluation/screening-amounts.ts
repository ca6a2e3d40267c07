// Amounts in screening answers and criteria: numbers with their unit, read
// clause by clause. Durations (in days), distances (km), hours, percentages,
// pay (with "k", "tausend", "lakh" multipliers and ranges such as "48 to 50k"
// or "zwischen 110 und 120 tausend") and dates (a day and a month, or a month
// alone). Minutes are hours ("45 minutes away" is a time, not 45 km); years in
// an age frame ("50 years old") are an age. Words come from the language
// records (lexicon + screening).

import { escapeRegExp } from '../common/regexp.js';
import type { LanguageCode } from '../interviews/enums.js';
import {
  ENGLISH,
  STOP_WORDS,
  languageFor,
  normaliseText,
  tokenize,
  type Language,
  type Lexicon,
  type ScreeningWords,
  type TimeUnit,
} from '../languages/index.js';
import { findPhrases, phraseTokens, type PhraseHit } from './phrase-match.js';

/** `level`: a CEFR language level, A1 = 1 ... C2 = 6 (written the same in every language). */
export type Dimension = 'duration' | 'distance' | 'hours' | 'percent' | 'money' | 'date' | 'level';

export interface Amount {
  /** null: a bare number with no unit ("Five.", "90 ginge auch"), which takes the criterion's unit. */
  dimension: Dimension | null;
  /** Days, km, hours, percent, money, or a date as month * 31 + day. */
  value: number;
  /** The number as said and its time unit, for durations (the report names them). */
  count: number;
  unit: TimeUnit | null;
  /** +1 a little above ("more than ten"), -1 a little below ("almost three"). */
  bias: -1 | 0 | 1;
  /** "at least 45k", "mindestens", "I wouldn't go below": the candidate's floor. */
  isFloor: boolean;
  /** "from 1 March", "ab Oktober", "2 जनवरी से": when availability starts. */
  isStart: boolean;
  /** "valid until the end of August", "gültig bis März", "تنتهي في مايو": when something ends, never a start date. */
  isEnd?: boolean;
  /** "50 years old", "j'ai 50 ans", "عمري 50 سنة", "I'm 50": a duration that is the candidate's age, not experience. */
  isAge?: boolean;
  /** "five years ago", "vor fünf Jahren", "for seks år siden": when something happened, not how long one has done it. */
  isAgo?: boolean;
  /** "5 years of experience", "خبرة ست سنوات": years said of experience, an age only when they reach a minimum age. */
  isExperience?: boolean;
  /** "between 40 and 60k": which end of a range the amount is (a maximum reads the top, a minimum the bottom). */
  rangeEnd?: 'bottom' | 'top';
  /** "I'm 50": the plain number an age was read from; against hours, a Pensum or a distance it is that number again. */
  plain?: number;
  /** "a couple of years", "quelques années": the count is somewhere in this span (`count` is its low end). */
  span?: readonly [number, number];
  at: number;
  /** The token after a plain or money figure and its multiplier ("cinq cents" ends after "cents"): a pay period is read from there. */
  numberEnd?: number;
}

const DAYS: Record<TimeUnit, number> = { year: 365, month: 30, week: 7, day: 1 };
/** What a loose count may stand for ("a couple" of years is two or three); ScreeningWords.vagueCounts. */
const VAGUE_COUNTS = { couple: [2, 3], few: [2, 5], several: [2, 7] } as const;
/** Words that may stand between a loose count and its unit ("a couple of years", "un par de años"). */
const VAGUE_LINKS = new Set(['of', 'de', 'd', 'af', 'av', 'an', 'von']);
const RANGE_JOINERS = new Set([
  'to',
  'and',
  'bis',
  'und',
  'et',
  'a',
  'y',
  'og',
  'til',
  'och',
  'till',
  'से',
  'se',
  'و',
  'or',
  'oder',
  'ou',
  'o',
  'eller',
  'या',
  'ya',
  'او',
  'और',
  'aur',
]);
/** The "and" among RANGE_JOINERS: between two stretches it adds a unit ("two years and three months"), no span. */
const AND_JOINERS = new Set(['and', 'und', 'et', 'y', 'og', 'och', 'و', 'और', 'aur']);
const CONNECTORS = new Set(['de', 'of', 'the', 'del']);
/** Tokens before a date where "valid until" may start ("valid until the end of June": five). */
const END_REACH = 5;
/** A candidate is at least this old: "two years old" is the age of a certificate or a child, never the candidate's. */
const YOUNGEST_CANDIDATE = 16;
/** A plain number said as an age ("I'm 50") is at most this: "ich bin 2019 umgezogen" is a year. */
const OLDEST_CANDIDATE = 80;
/** Tokens that may come between "ich werde" and the age when a month is among them ("werd aber im Dezember 18"). */
const NEXT_AGE_GAP = 3;

/** A frame of the records ("j'ai # $"): the words before the count, after its unit, and whether the clause ends there. */
interface AgeFrame {
  before: string[];
  after: string[];
  atEnd: boolean;
}

export interface AmountWords {
  lexicons: Lexicon[];
  screening: ScreeningWords[];
  units: Map<string, TimeUnit>;
  numbers: Map<string, number>;
  distance: Map<string, number>;
  hours: Set<string>;
  minutes: Set<string>;
  ages: AgeFrame[];
  /** Age frames of a criterion only ("be #", "# sein"): in an answer "it'll be 20 years" is a stretch. */
  agesAsked: AgeFrame[];
  /** "y medio", "et demi": after a count of years, a half of it, never the "y" of an age frame. */
  halfAfter: string[][];
  experience: PhraseSet;
  agesSaid: AgeFrame[];
  agesNext: AgeFrame[];
  ago: AgeFrame[];
  /** Whole phrases: "per cent", "por ciento", "في المئة" (their first word alone, "per", "por", "في", is no percent). */
  percent: PhraseSet;
  thousands: Set<string>;
  lakhs: Set<string>;
  hundreds: Set<string>;
  monthPhrases: Array<{ phrase: string; month: number }>;
  monthList: string[];
  monthWords: Set<string>;
  above: PhraseSet;
  below: PhraseSet;
  floors: PhraseSet;
  starts: PhraseSet;
  since: PhraseSet;
  /** A permit or contract running out ("valid until", "gäller till", "expire"): a date after it is an end. */
  ends: PhraseSet;
  /** Pay by the day ("a day", "al día", "par jour"): its "day" is the period of a rate, not a count of days. */
  perDay: string[];
  /** Every pay period ("a month", "per week", "la hora", "في الشهر"): after a figure they make it a rate, not a stretch. */
  perPeriod: string[];
  /** "euros", "kr", "रुपये": the only words that may stand between a figure and the pay period that makes it a rate. */
  currencies: Set<string>;
  /** "three and a half", "साढ़े चौदह": a number and a half, as one pattern over normalised text (null: none). */
  halves: RegExp | null;
  /** "twenty-six", "vierunddreißig", "treinta y cinco", "ستة عشر": numbers of several parts, with their values. */
  compounds: { pattern: RegExp; values: Map<string, number> } | null;
  /** "and", "und", "og", "و": between the parts of a number said in full ("two hundred and fifty"). */
  numberJoiners: Set<string>;
  /** Loose counts, longest first: their tokens and the span they stand for. */
  vague: Array<{ tokens: string[]; span: readonly [number, number] }>;
  /** The interview language's number words written as one ("viertausendfünfhundert", "tvåhundranittio"), null when it has no hundred or thousand word. */
  glued: GluedNumbers | null;
}

/** What a glued number word may be made of, in the interview language alone. */
interface GluedNumbers {
  /** Number words, compounds ("achtundvierzig"), joiners ("und", "og") and multipliers, normalised. */
  parts: Set<string>;
  /** Compounds written as one and their values ("toogfyrre" = 42): written as digits when split out. */
  compounds: Map<string, number>;
  multipliers: Set<string>;
  longest: number;
  /** A word that contains a multiplier: only such words are split. */
  probe: RegExp;
}

const cache = new Map<LanguageCode, AmountWords>();

/** The interview language's words plus English (candidates and criteria code-switch). */
export function amountWordsFor(language: LanguageCode): AmountWords {
  let words = cache.get(language);
  if (words) return words;
  const own = languageFor(language);
  const records = own === ENGLISH ? [own] : [own, ENGLISH];
  const lexicons = records.map((r) => r.lexicon);
  const screening = records.map((r) => r.screening);
  const single = (list: readonly string[]) => new Set(list.flatMap((w) => phraseTokens(w).slice(0, 1)));
  words = {
    lexicons,
    screening,
    units: new Map(
      lexicons.flatMap((l) =>
        (Object.entries(l.units) as Array<[TimeUnit, string[]]>).flatMap(([unit, list]) =>
          list.flatMap((w) => phraseTokens(w).map((t) => [t, unit] as const)),
        ),
      ),
    ),
    numbers: new Map(
      lexicons.flatMap((l) =>
        Object.entries(l.numberWords)
          .map(([w, v]) => [phraseTokens(w), v] as const)
          .filter(([t]) => t.length === 1)
          .map(([t, v]) => [t[0] as string, v] as const),
      ),
    ),
    distance: new Map(
      screening.flatMap((s) => Object.entries(s.distanceUnits).map(([w, km]) => [phraseTokens(w)[0] as string, km] as const)),
    ),
    hours: single(screening.flatMap((s) => s.hourUnits)),
    minutes: single(screening.flatMap((s) => s.minuteUnits)),
    ages: screening.flatMap((s) => s.ages.map(frameOf)),
    agesAsked: screening.flatMap((s) => s.agesAsked.map(frameOf)),
    experience: phraseSet(screening.flatMap((s) => s.experience)),
    halfAfter: lexicons.flatMap((l) => l.halfAfter.map((h) => phraseTokens(h))).filter((h) => h.length > 0),
    agesSaid: screening.flatMap((s) => s.agesSaid.map(frameOf)),
    agesNext: screening.flatMap((s) => s.agesNext.map(frameOf)),
    ago: screening.flatMap((s) => s.ago.map(frameOf)),
    percent: phraseSet([...screening.flatMap((s) => s.percentUnits), 'percent']),
    thousands: single(screening.flatMap((s) => s.thousands)),
    lakhs: single(screening.flatMap((s) => s.lakhs)),
    hundreds: single(screening.flatMap((s) => s.hundreds)),
    monthPhrases: screening.flatMap((s) =>
      s.months.flatMap((spellings, month) => spellings.split('|').map((phrase) => ({ phrase, month }))),
    ),
    monthWords: new Set(screening.flatMap((s) => s.months.flatMap((m) => m.split('|').flatMap((p) => phraseTokens(p))))),
    monthList: screening.flatMap((s) => s.months.flatMap((spellings) => spellings.split('|'))),
    above: phraseSet(lexicons.flatMap((l) => l.above)),
    below: phraseSet(lexicons.flatMap((l) => l.below)),
    floors: phraseSet(lexicons.flatMap((l) => l.atLeast)),
    starts: phraseSet(screening.flatMap((s) => s.from)),
    since: phraseSet(screening.flatMap((s) => s.since)),
    perDay: screening.flatMap((s) => s.payPeriods.day),
    perPeriod: screening.flatMap((s) => Object.values(s.payPeriods).flat()),
    currencies: single(screening.flatMap((s) => s.currencies)),
    ends: phraseSet(screening.flatMap((s) => s.expiring)),
    halves: null,
    compounds: null,
    numberJoiners: single(screening.flatMap((s) => s.numberJoiners)),
    vague: screening
      .flatMap((s) =>
        (Object.keys(VAGUE_COUNTS) as Array<keyof typeof VAGUE_COUNTS>).flatMap((kind) =>
          s.vagueCounts[kind].map((phrase) => ({ tokens: phraseTokens(phrase), span: VAGUE_COUNTS[kind] })),
        ),
      )
      .filter((v) => v.tokens.length > 0)
      .sort((a, b) => b.tokens.length - a.tokens.length),
    glued: null,
  };
  words.halves = halvesPattern(words);
  words.compounds = compoundsPattern(lexicons, [...words.thousands]);
  words.glued = gluedNumbers(own, words.compounds);
  cache.set(language, words);
  return words;
}

/**
 * One pattern for a number and a half: a number (digits or a number word) then a half word ("three and a half",
 * "tres y medio", "drei einhalb", also joined: "dreieinhalb"), or a half word then a number ("साढ़े चौदह").
 */
function halvesPattern(words: AmountWords): RegExp | null {
  const alternatives = (list: readonly string[]) =>
    [...new Set(list.map((w) => normaliseText(w)).filter(Boolean))]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
  const after = alternatives(words.lexicons.flatMap((l) => l.halfAfter));
  const before = alternatives(words.lexicons.flatMap((l) => l.halfBefore));
  // Not "a", "an", "en": French "un an et demi" is a year and a half (readAmounts), not "un" and one and a half.
  const number = `(\\d+|${alternatives([...words.numbers.keys()].filter((w) => w.length > 2 || !/^\p{Ll}+$/u.test(w)))})`;
  const edge = '(?<![\\p{L}\\p{M}\\p{N}])';
  const end = '(?![\\p{L}\\p{M}\\p{N}])';
  const parts = [
    ...(after ? [`${edge}${number}(?:\\s+|-)?(?:${after})${end}`] : []),
    ...(before ? [`${edge}(?:${before})\\s+${number}${end}`] : []),
  ];
  return parts.length === 0 ? null : new RegExp(parts.join('|'), 'gu');
}

/**
 * Numbers said in several parts, from the records' numberCompounds ("{t} {u}", "{u}und{t}") and number words of
 * several tokens ("ثلاثة عشر"): each spelling with its value, and one pattern over normalised text (spaces and
 * hyphens alike: "twenty-six", "twenty six").
 */
function compoundsPattern(lexicons: readonly Lexicon[], thousands: readonly string[]): AmountWords['compounds'] {
  const values = new Map<string, number>();
  const key = (text: string) =>
    normaliseText(text)
      .replace(/[\s-]+/g, ' ')
      .trim();
  for (const lexicon of lexicons) {
    const entries = Object.entries(lexicon.numberWords);
    // "a", "en": a unit word of one or two letters would join "twenty a week"; only real digits 1 to 9.
    const units = entries.filter(([w, v]) => Number.isInteger(v) && v >= 1 && v <= 9 && (w.length > 2 || !/^[a-z]+$/.test(w)));
    for (const [word, value] of entries) if (phraseTokens(word).length > 1) values.set(key(word), value);
    for (const [spelling, value] of compoundSpellings(lexicon, units)) values.set(key(spelling), value);
  }
  if (values.size === 0) return null;
  // "achtundvierzigtausend", "toogfyrretusind", "siebetuusig": a number glued to its thousand is the number and the thousand.
  for (const lexicon of lexicons)
    for (const [word, value] of Object.entries(lexicon.numberWords))
      if (phraseTokens(word).length === 1 && value >= 1 && Number.isInteger(value)) values.set(key(word), value);
  const alternatives = [...values.keys()]
    .sort((a, b) => b.length - a.length)
    .map((k) => escapeRegExp(k).replace(/ /g, '[\\s-]+'))
    .join('|');
  const thousand = thousands
    .filter((t) => t.length > 2)
    .map(escapeRegExp)
    .join('|');
  const compound = [...values.keys()].filter((k) => k.includes(' ') || !lexicons.some((l) => normalisedWords(l).has(k)));
  const parts = compound.sort((a, b) => b.length - a.length).map((k) => escapeRegExp(k).replace(/ /g, '[\\s-]+'));
  const edge = ['(?<![\\p{L}\\p{M}\\p{N}])', '(?![\\p{L}\\p{M}\\p{N}])'];
  const source = [
    ...(parts.length > 0 ? [`(?:${parts.join('|')})`] : []),
    ...(thousand ? [`(?:${alternatives})(?=(?:${thousand})${edge[1]})`] : []),
  ];
  return { pattern: new RegExp(`${edge[0]}(?:${source.join('|')})(?=${thousand ? `(?:${thousand})?` : ''}${edge[1]})`, 'gu'), values };
}

/**
 * Every spelling the record's numberCompounds make of its tens and the given units, with its value ("vierunddreißig"
 * 34, "dix-sept" 17: a number word written out in the template, "dix {u}", "{u} عشر", adds its value).
 */
function compoundSpellings(lexicon: Lexicon, units: ReadonlyArray<readonly [string, number]>): Array<[string, number]> {
  const tens = Object.entries(lexicon.numberWords).filter(([, v]) => v >= 20 && v <= 90 && v % 10 === 0);
  const spellings: Array<[string, number]> = [];
  for (const template of lexicon.numberCompounds ?? []) {
    const fixed = template
      .replace(/\{[tu]\}/g, ' ')
      .split(/\s+/)
      .reduce((sum, w) => sum + (lexicon.numberWords[w] ?? 0), 0);
    for (const [t, tv] of template.includes('{t}') ? tens : [['', 0] as const])
      for (const [u, uv] of units) spellings.push([template.replace('{t}', t).replace('{u}', u), tv + uv + fixed]);
  }
  return spellings;
}

function normalisedWords(lexicon: Lexicon): Set<string> {
  return new Set(Object.keys(lexicon.numberWords).map((w) => normaliseText(w)));
}

/** "twenty-six" -> "26", "treinta y cinco" -> "35". */
function joinCompounds(text: string, words: AmountWords): string {
  const compounds = words.compounds;
  if (!compounds) return text;
  return text.replace(compounds.pattern, (m, at: number, whole: string) => {
    const value = compounds.values.get(m.replace(/[\s-]+/g, ' '));
    if (value === undefined) return m;
    // "48" before a glued "tausend" becomes "48 tausend".
    return /[\p{L}]/u.test(whole[at + m.length] ?? '') ? `${value} ` : String(value);
  });
}

/** "three and a half" -> "3d5" (the decimal form prepareNumbers writes). */
function joinHalves(text: string, words: AmountWords): string {
  if (!words.halves) return text;
  return text.replace(words.halves, (match: string, first?: string, second?: string) => {
    const said = first ?? second ?? '';
    const value = /^\d+$/.test(said) ? Number(said) : words.numbers.get(said);
    // "a half" alone ("half a day") and "one and a half" from a word worth under one are left as they were.
    return value === undefined || value < 1 || !Number.isInteger(value) ? match : `${value}d5`;
  });
}

/**
 * The parts of glued number words in the interview language's own record: its number words of one token worth a whole
 * number, its compounds written as one ("achtundvierzig", "toogfyrre"), joiners and its hundred and thousand words
 * (of more than two letters: never "k").
 */
function gluedNumbers(own: Language, compounds: AmountWords['compounds']): GluedNumbers | null {
  const norm = (w: string) => phraseTokens(w);
  const multipliers = new Set(
    [...own.screening.thousands, ...own.screening.hundreds].flatMap(norm).filter((w) => w.length > 2 && /^\p{L}+$/u.test(w)),
  );
  if (multipliers.size === 0) return null;
  const numbers = Object.entries(own.lexicon.numberWords)
    .filter(([w, v]) => Number.isInteger(v) && v >= 1 && norm(w).length === 1)
    .map(([w]) => norm(w)[0] as string);
  // Compounds written as one, with every unit: inside a glued number "to" is two ("toogfyrretusind" = 42 000), though
  // alone it is too short to be read as one (compoundsPattern).
  const compoundValues = new Map([...(compounds?.values ?? [])].filter(([k]) => !k.includes(' ')));
  const units = Object.entries(own.lexicon.numberWords).filter(([w, v]) => Number.isInteger(v) && v >= 1 && v <= 9 && norm(w).length === 1);
  for (const [spelling, value] of compoundSpellings(own.lexicon, units)) {
    const tokens = norm(spelling);
    if (tokens.length === 1 && !/\s/.test(spelling)) compoundValues.set(tokens[0] as string, value);
  }
  const parts = new Set([...numbers, ...compoundValues.keys(), ...own.screening.numberJoiners.flatMap(norm), ...multipliers]);
  const longest = Math.max(...[...parts].map((p) => p.length));
  const probe = new RegExp([...multipliers].map(escapeRegExp).join('|'), 'u');
  return { parts, compounds: compoundValues, multipliers, longest, probe };
}

/**
 * "viertausendfunfhundert" -> "vier tausend funf hundert", "tvahundranittio" -> "tva hundra nittio",
 * "toogfyrretusind" -> "42 tusind": a word made wholly of number parts, one of them a hundred or a thousand, in the
 * fewest parts; any other word as it was ("tusindvis", "hundratals").
 */
function splitGluedNumbers(text: string, words: AmountWords): string {
  const glued = words.glued;
  if (!glued) return text;
  return text.replace(/[\p{L}\p{M}]{6,}/gu, (word) => {
    if (!glued.probe.test(word) || glued.parts.has(word)) return word;
    // fewest[i]: the fewest parts that make word[0, i), and where the last of them starts.
    const fewest: Array<{ count: number; from: number } | null> = [{ count: 0, from: 0 }];
    for (let end = 1; end <= word.length; end++) {
      fewest[end] = null;
      for (let start = Math.max(0, end - glued.longest); start < end; start++) {
        const before = fewest[start];
        if (!before || !glued.parts.has(word.slice(start, end))) continue;
        if (!fewest[end] || before.count + 1 < (fewest[end] as { count: number }).count)
          fewest[end] = { count: before.count + 1, from: start };
      }
    }
    const parts: string[] = [];
    for (let end = word.length; end > 0;) {
      const last = fewest[end];
      if (!last) return word;
      parts.unshift(word.slice(last.from, end));
      end = last.from;
    }
    if (parts.length < 2 || !parts.some((p) => glued.multipliers.has(p))) return word;
    return parts.map((p) => String(glued.compounds.get(p) ?? p)).join(' ');
  });
}

/** `isShort`: "a", "en", "to": a number only right before a hundred or a thousand ("eight hundred a month"). */
type NumberPart = { kind: 'number'; value: number; isShort?: boolean } | { kind: 'multiplier'; times: number } | { kind: 'joiner' };

/** A number said in full as it is being read: the thousands (and lakhs) done, and the group under a thousand. */
interface NumberState {
  total: number;
  group: number;
  hasHundred: boolean;
  /** The smallest multiplier applied to the total so far: a later one must be smaller ("two thousand three hundred"). */
  below: number;
}

/**
 * Reads a number said in full over normalised tokens ("2 thousand 8 hundred", "dos mil doscientos", "to hundrede og
 * 50", "hundra nittio", "3 الاف وخمسمايه", "दो लाख पचास हज़ार") into one figure. A number and its multiplier alone
 * ("38 tausend", "five hundred") are left for readAmounts, which scales ranges by them ("between 20 and 25 thousand").
 * A joiner followed by a number that takes a multiplier of its own starts a second number: "two thousand and three
 * thousand" is a range, not 2003 thousand.
 */
function composeNumbers(text: string, words: AmountWords): string {
  if (words.hundreds.size === 0 && words.thousands.size === 0) return text;
  const tokens = [...text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const partsOf = (token: string): NumberPart[] | null => {
    if (/^\d{1,3}$/.test(token)) return [{ kind: 'number', value: Number(token) }];
    const value = words.numbers.get(token);
    // "ألفين" (two thousand): a number and its thousand.
    if (value !== undefined && value >= 1000 && value < 10_000 && value % 1000 === 0)
      return [
        { kind: 'number', value: value / 1000 },
        { kind: 'multiplier', times: 1000 },
      ];
    if (value !== undefined)
      return Number.isInteger(value) && value >= 1 && value < 1000 ? [{ kind: 'number', value, isShort: token.length < 3 }] : null;
    if (words.hundreds.has(token)) return [{ kind: 'multiplier', times: 100 }];
    if (words.thousands.has(token) && token !== 'k') return [{ kind: 'multiplier', times: 1000 }];
    if (words.lakhs.has(token) && token !== 'lpa') return [{ kind: 'multiplier', times: 100_000 }];
    if (words.numberJoiners.has(token)) return [{ kind: 'joiner' }];
    // "وخمسمايه": the Arabic "و" glued to the next part.
    const rest = token.startsWith('و') && words.numberJoiners.has('و') ? partsOf(token.slice(1)) : null;
    return rest && rest[0]?.kind !== 'joiner' ? [{ kind: 'joiner' }, ...rest] : null;
  };
  const step = (state: NumberState, part: NumberPart): NumberState | null => {
    if (part.kind === 'number') {
      if (state.group === 0) return part.value < state.below ? { ...state, group: part.value, hasHundred: part.value >= 100 } : null;
      return state.hasHundred && state.group % 100 === 0 && part.value < 100 ? { ...state, group: state.group + part.value } : null;
    }
    if (part.kind === 'joiner') return state;
    if (part.times === 100)
      return !state.hasHundred && state.group < 10 ? { ...state, group: (state.group || 1) * 100, hasHundred: true } : null;
    if (part.times >= state.below || state.group >= 1000) return null;
    return { total: state.total + (state.group || 1) * part.times, group: 0, hasHundred: false, below: part.times };
  };
  let out = '';
  let copied = 0;
  for (let i = 0; i < tokens.length;) {
    // The parts of the run from token i, while only spaces or hyphens stand between tokens.
    const run: Array<{ part: NumberPart; token: number }> = [];
    for (let j = i; j < tokens.length; j++) {
      if (j > i && !/^[\s-]+$/.test(text.slice((tokens[j - 1] as { end: number }).end, (tokens[j] as { start: number }).start))) break;
      const parts = partsOf((tokens[j] as { text: string }).text);
      if (!parts) break;
      for (const part of parts) run.push({ part, token: j });
    }
    let state: NumberState = { total: 0, group: 0, hasHundred: false, below: Infinity };
    let good: { state: NumberState; length: number } | null = null;
    let beforeJoiner: { state: NumberState; length: number } | null = null;
    let beforeNumber: { state: NumberState; length: number } | null = null;
    for (let k = 0; k < run.length; k++) {
      const { part } = run[k] as { part: NumberPart };
      const previous = run[k - 1]?.part;
      const isJoinerPlace = part.kind === 'joiner' && previous?.kind === 'multiplier' && run[k + 1]?.part.kind === 'number';
      const isArticle = part.kind === 'number' && part.isShort === true && run[k + 1]?.part.kind !== 'multiplier';
      const next = (part.kind === 'joiner' && !isJoinerPlace) || isArticle ? null : step(state, part);
      if (!next) {
        // "two hundred and three hundred": the number after the joiner wanted a multiplier of its own; so did the
        // number in "two thousand three thousand" (two figures, not one).
        if (beforeJoiner && part.kind === 'multiplier') good = beforeJoiner;
        else if (previous?.kind === 'number' && part.kind === 'multiplier') good = beforeNumber;
        break;
      }
      if (part.kind === 'joiner') beforeJoiner = good;
      if (part.kind === 'number') beforeNumber = good;
      state = next;
      if (part.kind !== 'joiner') good = { state, length: k + 1 };
    }
    const used = good ? run.slice(0, good.length) : [];
    // "ciento cincuenta", "doscientos cincuenta": a hundreds word is a multiplier of its own.
    const hasMultiplier = used.some(
      (u) => u.part.kind === 'multiplier' || (u.part.kind === 'number' && u.part.value >= 100 && !/^\d/.test(tokens[u.token]?.text ?? '')),
    );
    const isPlainPair = used.length === 2 && used[0]?.part.kind === 'number' && used[1]?.part.kind === 'multiplier';
    const lastToken = used[used.length - 1]?.token ?? i;
    if (!good || !hasMultiplier || isPlainPair || used.length < 2) {
      i++;
      continue;
    }
    const first = tokens[i] as { start: number };
    out += text.slice(copied, first.start) + String(good.state.total + good.state.group);
    copied = (tokens[lastToken] as { end: number }).end;
    i = lastToken + 1;
  }
  return out + text.slice(copied);
}

/**
 * Normalised text with numbers made whole tokens: thousands separators
 * dropped ("85'000", "38 000", "55,000"), decimals kept as "9d5" (the
 * tokenizer splits at dots), "%" spelled out, "1. März" kept in one clause, the dot
 * of an abbreviated unit before a lower-case word ("38.000 kr. om måneden") dropped.
 */
export function prepareNumbers(text: string, words: AmountWords): string {
  // "38.000 kr. om måneden", "ca. 5 km": the dot of a unit's abbreviation before a word in lower case ends no clause.
  // "pr. måned", "ca. 5 km": the dot of a short abbreviation before a lower-case word or a number ends no clause either.
  const undotted = text
    .replace(/(\d\s?\p{L}{1,3})\.(?=\s+\p{Ll})/gu, '$1')
    .replace(/(^|\s)(pr|ca|kr|md|std|inkl|zzgl)\.(?=\s+[\p{Ll}\d])/giu, '$1$2');
  const normalised = normaliseText(undotted);
  const prepared = joinCompounds(splitGluedNumbers(normalised, words), words)
    .replace(/%/g, ' percent ')
    .replace(/(^|\s)و(?=\d)/gu, '$1و ')
    .replace(/\d{1,3}(?:['’.,\u00a0\u202f ]\d{3})+(?!\d)/g, (m) => m.replace(/\D/g, ''))
    .replace(/(\d+)[.,](\d+)/g, '$1d$2')
    .replace(/(\d)\.\s+(\p{L}+)/gu, (m, d: string, w: string) => (words.monthWords.has(w) ? `${d} ${w}` : m));
  return joinHalves(composeNumbers(prepared, words), words);
}

function numberAt(token: string, words: AmountWords): { value: number; isOrdinal: boolean; times: number } | null {
  const digits = /^(\d+(?:d\d+)?)(k|st|nd|rd|th|er|re|e|eme|o|a)?$/.exec(token);
  if (digits) {
    const value = Number((digits[1] as string).replace('d', '.'));
    const suffix = digits[2];
    return { value, isOrdinal: Boolean(suffix && suffix !== 'k'), times: suffix === 'k' ? 1000 : 1 };
  }
  const word = words.numbers.get(token);
  return word === undefined ? null : { value: word, isOrdinal: false, times: 1 };
}

/** Phrases as joined token strings, for the few-token windows around a number (findPhrases is too slow per number). */
export interface PhraseSet {
  joined: Set<string>;
  longest: number;
}

function phraseSet(phrases: readonly string[]): PhraseSet {
  const joined = new Set(phrases.map((p) => phraseTokens(p).join(' ')).filter(Boolean));
  return { joined, longest: Math.max(0, ...[...joined].map((j) => j.split(' ').length)) };
}

function near(tokens: readonly string[], from: number, to: number, phrases: PhraseSet): boolean {
  const start = Math.max(0, from);
  const end = Math.min(tokens.length, Math.max(0, to));
  for (let i = start; i < end; i++)
    for (let n = 1; n <= phrases.longest && i + n <= end; n++) if (phrases.joined.has(tokens.slice(i, i + n).join(' '))) return true;
  return false;
}

/** The end of the longest phrase of the set that starts at token `at`, or null. */
function phraseEnd(tokens: readonly string[], at: number, phrases: PhraseSet): number | null {
  for (let n = Math.min(phrases.longest, tokens.length - at); n >= 1; n--)
    if (phrases.joined.has(tokens.slice(at, at + n).join(' '))) return at + n;
  return null;
}

function frameOf(frame: string): AgeFrame {
  const [before = '', after = ''] = frame.split('#');
  return { before: phraseTokens(before), after: phraseTokens(after.replace('$', '')), atEnd: after.includes('$') };
}

/**
 * Whether a count of years (its number at `at`, its unit ending at `end`) stands in an age frame of the records;
 * a bias or a floor may come between ("aged at least 18", "âgé d'au moins 18 ans", "tengo casi 50 años").
 */
function isAge(tokens: readonly string[], at: number, end: number, years: number, words: AmountWords, isAsked: boolean): boolean {
  // "tengo 20 años y medio de experiencia": the "y" starts a half, not the rest of a sentence about one's age.
  if (words.halfAfter.some((h) => tokens.slice(end, end + h.length).join(' ') === h.join(' '))) return false;
  const frames = isAsked ? [...words.ages, ...words.agesAsked] : words.ages;
  return years >= YOUNGEST_CANDIDATE && inFrame(tokens, at, end, frames, words);
}

/** Whether tokens `at` to `end` stand in one of the frames, a bias or a floor between ("vor über fünf Jahren"). */
function inFrame(tokens: readonly string[], at: number, end: number, frames: readonly AgeFrame[], words: AmountWords, gap = 0): boolean {
  let start = at;
  for (let moved = true; moved;) {
    moved = false;
    for (const set of [words.above, words.below, words.floors])
      for (let n = 1; n <= set.longest && n <= start && !moved; n++)
        if (set.joined.has(tokens.slice(start - n, start).join(' '))) {
          start -= n;
          moved = true;
        }
  }
  const joined = (from: number, length: number) => tokens.slice(from, from + length).join(' ');
  const saysBefore = (before: string[], skip: number) =>
    start - skip >= before.length && joined(start - skip - before.length, before.length) === before.join(' ');
  return frames.some(
    ({ before, after, atEnd }) =>
      (before.length === 0 || Array.from({ length: gap + 1 }, (_, skip) => skip).some((skip) => saysBefore(before, skip))) &&
      (after.length === 0 || joined(end, after.length) === after.join(' ')) &&
      (!atEnd || end + after.length === tokens.length),
  );
}

/** "five years ago", "for seks år siden", but not "desde hace dos años" (since then: a stretch). */
function isAgo(tokens: readonly string[], at: number, end: number, words: AmountWords): boolean {
  return inFrame(tokens, at, end, words.ago, words) && !near(tokens, at - 3, at, words.since);
}

/**
 * A plain number said as an age: "I'm 50", "jeg er 35", "ich bi 28i" (agesSaid), or the age to come, one less now:
 * "I turn 19 this summer", "jeg fylder nitten", "ich werde im Dezember 18" (agesNext; a month may come between).
 * Only whole numbers from 16 to 80 with no unit after them ("I'm 5 minutes away" never reaches here) and nothing
 * but the clause's end or a stop word ("and", "und", "og") right after.
 */
function plainAge(
  tokens: readonly string[],
  at: number,
  end: number,
  value: number,
  words: AmountWords,
  months: readonly PhraseHit[],
  isNextOnly = false,
): number | null {
  if (!Number.isInteger(value) || value < YOUNGEST_CANDIDATE || value > OLDEST_CANDIDATE) return null;
  // "tengo 30 empleados", "I'm 30 people short": a word of its own after a plain number says what it counts.
  const after = tokens[end];
  if (!isNextOnly && after !== undefined && !STOP_WORDS.has(after)) return null;
  const hasMonth = months.some((h) => h.end <= at && h.start >= at - NEXT_AGE_GAP);
  if (inFrame(tokens, at, end, words.agesNext, words, hasMonth ? NEXT_AGE_GAP : 0)) return value - 1;
  return !isNextOnly && inFrame(tokens, at, end, words.agesSaid, words) ? value : null;
}

/**
 * An age said of the past: "seit ich sechzehn bin", "depuis mes seize ans", "since I was 16" (a "since" word at most
 * three words before the number, no number or "hace" between; not "seit zwei Jahren", right before it), "सोलह साल की उम्र से"
 * ("से" after "उम्र"): when one started, not one's age now.
 */
export function isPastAge(tokens: readonly string[], at: number, words: AmountWords): boolean {
  // "desde hace dos años": since then, a stretch.
  const agoWords = new Set(words.ago.flatMap((f) => f.before));
  for (let from = Math.max(0, at - 3); from < at - 1; from++)
    if (near(tokens, from, from + 1, words.since) && !tokens.slice(from + 1, at).some((t) => numberAt(t, words) || agoWords.has(t)))
      return true;
  const age = tokens.findIndex((t, i) => i > at && i <= at + 4 && (t === 'उम्र' || t === 'umar' || t === 'umr'));
  return age > 0 && (tokens[age + 1] === 'से' || tokens[age + 1] === 'se');
}

/** A year that can start a stretch of experience: at most 60 years before the answer, not after it. */
function isPastYear(token: string, answeredAt: Date): boolean {
  if (!/^\d{4}$/.test(token)) return false;
  const year = Number(token);
  return year <= answeredAt.getUTCFullYear() && year >= answeredAt.getUTCFullYear() - 60;
}

/**
 * "since 2018", "seit März 2019", "2018 से", "منذ عام 2020": the time from that year (or month) to the
 * date the answer was given, as a duration. Whole years for a year alone (a recruiter reads "since 2023"
 * in 2026 as three years); a closed period ("2018 से 2020 तक") is left alone.
 */
function sinceDuration(
  tokens: readonly string[],
  at: number,
  words: AmountWords,
  months: readonly PhraseHit[],
  monthOf: (hit: PhraseHit) => number,
  answeredAt: Date,
): { months: number; start: number } | null {
  const year = Number(tokens[at]);
  const month = months.find((h) => h.end === at);
  const start = month?.start ?? at;
  const saysSince = near(tokens, start - 3, start, words.since) || near(tokens, at + 1, at + 2, words.since);
  const isClosed = [...tokens.slice(Math.max(0, start - 4), start), ...tokens.slice(at + 1, at + 5)].some((t) => isPastYear(t, answeredAt));
  if (!saysSince || isClosed) return null;
  const elapsed = month
    ? (answeredAt.getUTCFullYear() - year) * 12 + answeredAt.getUTCMonth() - monthOf(month)
    : answeredAt.getUTCFullYear() === year
      ? answeredAt.getUTCMonth()
      : (answeredAt.getUTCFullYear() - year) * 12;
  return elapsed < 0 ? null : { months: elapsed, start };
}

/**
 * Every amount in one clause of prepared text, in order. `answeredAt` (when the answer was given) turns
 * "since 2018" into a duration; without it a year stays a bare four-digit number. `isAsked`: the text is a
 * criterion, read with its own age frames too ("must be at least 18").
 */
export function readAmounts(clause: string, words: AmountWords, answeredAt: Date | null = null, isAsked = false): Amount[] {
  const tokens = tokenize(clause);
  const found: Amount[] = [];
  const taken = new Set<number>();
  const months = findPhrases(tokens, words.monthList);
  const monthAt = new Map(
    months.map((h) => [h.start, { month: words.monthPhrases.find((m) => m.phrase === h.phrase)?.month ?? 0, end: h.end }]),
  );
  const monthOfHit = (hit: PhraseHit) => monthAt.get(hit.start)?.month ?? 0;
  // "640 a day", "480 euros al día": the day of a day rate is no duration.
  const dayRate = new Set(findPhrases(tokens, words.perDay).flatMap((h) => Array.from({ length: h.end - h.start }, (_, k) => h.start + k)));
  // "800 a month", "30 euros an hour", "500 per week": where each pay period phrase starts, by the tokens it covers.
  const rateStart = new Map<number, number>();
  for (const hit of findPhrases(tokens, words.perPeriod))
    for (let k = hit.start; k < hit.end; k++) rateStart.set(k, Math.min(hit.start, rateStart.get(k) ?? hit.start));
  const { above, below, floors, starts } = words;
  const make = (at: number, dimension: Dimension | null, value: number, count: number, unit: TimeUnit | null, end: number): Amount => ({
    dimension,
    value,
    count,
    unit,
    bias: near(tokens, at - 3, at, above) ? 1 : near(tokens, at - 3, at, below) ? -1 : 0,
    isFloor: near(tokens, at - 4, at, floors) || near(tokens, end, end + 2, floors),
    isStart: near(tokens, at - 3, at, starts) || near(tokens, end, end + 1, starts),
    ...(dimension === 'date' && (near(tokens, at - END_REACH, at, words.ends) || near(tokens, end, end + 2, words.ends))
      ? { isEnd: true }
      : {}),
    at,
  });

  const isFigure = (t: string) => /^\d/.test(t) || (words.numbers.get(t) ?? 0) >= 1;
  let skipTo = 0;
  tokens.forEach((token, at) => {
    if (at < skipTo) return;
    const loose = looseCount(tokens, at, words);
    if (loose) {
      skipTo = loose.end;
      // "a few weeks ago", "hace pocos meses": when something happened, loosely; it says nothing of how long.
      if (isAgo(tokens, at, loose.end, words)) return;
      const [low] = loose.span;
      return void found.push({ ...make(at, 'duration', low * DAYS[loose.unit], low, loose.unit, loose.end), span: loose.span });
    }
    const since = answeredAt && isPastYear(token, answeredAt) ? sinceDuration(tokens, at, words, months, monthOfHit, answeredAt) : null;
    if (since) {
      for (let k = since.start; k < at; k++) taken.add(k);
      // "19 months" says more than "1 year"; whole years and long stretches read in years.
      const isYears = since.months % 12 === 0 || since.months >= 36;
      const count = isYears ? Math.floor(since.months / 12) : since.months;
      return void found.push(make(since.start, 'duration', (since.months / 12) * DAYS.year, count, isYears ? 'year' : 'month', at + 1));
    }
    const level = /^([abc])([12])$/.exec(token);
    if (level) {
      const value = ((level[1] as string).charCodeAt(0) - 97) * 2 + Number(level[2]);
      return void found.push(make(at, 'level', value, value, null, at + 1));
    }
    const n = numberAt(token, words);
    if (!n) return;
    const isWord = !/^\d/.test(token);
    // "twenty hours a week", "four days a week": the "a" of a rate counts nothing; only after a number and its unit
    // ("uppsägningstid är en månad": Swedish "är" reads as the year unit "år").
    const previous = tokens[at - 1] ?? '';
    const isRate = (words.hours.has(previous) || words.units.has(previous)) && numberAt(tokens[at - 2] ?? '', words) !== null;
    if (isWord && n.value === 1 && isRate) return;
    // "il y a six ans": an "a" before another number counts nothing either.
    // (French "un an": the "an" after it is a unit, the year, though English reads it as one.)
    if (isWord && n.value === 1 && numberAt(tokens[at + 1] ?? '', words) && !words.units.has(tokens[at + 1] ?? '')) return;
    // "800 a month", "30 euros an hour": nor does the "a" that opens a pay period after a figure ("in a month" still counts).
    // Right after the figure, or after its currency ("2 weeks or a month": the "a" after "or" is one month).
    const isAfterFigure = isFigure(tokens[at - 1] ?? '') || (words.currencies.has(tokens[at - 1] ?? '') && isFigure(tokens[at - 2] ?? ''));
    if (isWord && n.value === 1 && rateStart.get(at) === at && isAfterFigure) return;
    let value = n.value * n.times;
    // Four digits and more are money (or a year), never a count of years or hours.
    let isMoney = n.times > 1 || value >= 1000;
    let last = at;
    for (let j = at + 1; j <= Math.min(at + 3, tokens.length - 1); j++) {
      const next = tokens[j] as string;
      if (words.thousands.has(next) && j === at + 1) {
        value *= 1000;
        isMoney = true;
        last = j;
        continue;
      }
      // "cinq cents euros", "five hundred", "पाँच सौ": times 100, and still a plain figure (a day rate, an hourly wage).
      if (words.hundreds.has(next) && j === at + 1) {
        value *= 100;
        last = j;
        continue;
      }
      if (words.lakhs.has(next) && j === at + 1) {
        value *= 100_000;
        isMoney = true;
        last = j;
        continue;
      }
      const month = monthAt.get(j);
      if (month && n.value >= 1 && n.value <= 31 && (j === at + 1 || CONNECTORS.has(tokens[j - 1] as string))) {
        for (let k = j; k < month.end; k++) taken.add(k);
        found.push(make(at, 'date', month.month * 31 + n.value, n.value, null, month.end));
        return;
      }
      if (numberAt(next, words) && !words.numbers.has(next)) break;
      // A pay period that starts after the figure and not right after it ("800 a month", "30 euros an hour", "500 per
      // week") makes the figure a rate: a plain figure that pay reads with that period. A unit right after the number
      // is a stretch as before ("eight months", "three days a week", "5 साल का अनुभव").
      // Only a currency may stand between the figure and its period ("two evenings a week", "half a year" are no rates),
      // and a pay period that opens with a unit is the number's unit ("6 से ज़्यादा महीने का अनुभव": six months).
      const rate = rateStart.get(j) ?? -1;
      const opener = tokens[rate] ?? '';
      const isCurrencyOnly = tokens.slice(last + 1, rate).every((t) => words.currencies.has(t));
      if (j > at + 1 && rate > at && n.value >= 1 && isCurrencyOnly && !words.units.has(opener) && !words.hours.has(opener)) break;
      const km = words.distance.get(next);
      if (km !== undefined) return void found.push(make(at, 'distance', value * km, n.value, null, j + 1));
      if (isMoney) continue;
      if (words.hours.has(next)) return void found.push(make(at, 'hours', value, n.value, null, j + 1));
      // "45 minutes away": a time, so never taken for a distance; right after the number ("60 words per minute" is a rate).
      if (words.minutes.has(next) && j === at + 1) return void found.push(make(at, 'hours', value / 60, n.value, null, j + 1));
      // "25 per hour", "25 € por hora", "800 في الشهر": only the whole phrase ("per cent") is a percent, not its first word.
      const percentEnd = phraseEnd(tokens, j, words.percent);
      if (percentEnd !== null) return void found.push(make(at, 'percent', value, n.value, null, percentEnd));
      const unit = dayRate.has(j) ? undefined : words.units.get(next);
      if (unit && !isMoney) {
        // "a year and a half", "un an et demi", "un año y medio": the half after the unit.
        const half = words.halfAfter.find((h) => tokens.slice(j + 1, j + 1 + h.length).join(' ') === h.join(' '));
        if (half && Number.isInteger(n.value)) {
          const count = n.value + 0.5;
          skipTo = j + 1 + half.length;
          return void found.push(make(at, 'duration', count * DAYS[unit], count, unit, j + 1 + half.length));
        }
        const duration = make(at, 'duration', n.value * DAYS[unit], n.value, unit, j + 1);
        if (unit === 'year' && isAge(tokens, at, j + 1, n.value, words, isAsked)) return void found.push({ ...duration, isAge: true });
        // "je vais avoir 19 ans", "cumplo 19 años": the age to come, one less now.
        const next = unit === 'year' ? plainAge(tokens, at, j + 1, n.value, words, months, true) : null;
        if (next !== null) return void found.push({ ...make(at, 'duration', next * DAYS.year, next, 'year', j + 1), isAge: true });
        const isExperience = near(tokens, at - 2, at, words.experience) || near(tokens, j + 1, j + 3, words.experience);
        return void found.push({
          ...duration,
          ...(isAgo(tokens, at, j + 1, words) ? { isAgo: true } : {}),
          ...(isExperience ? { isExperience } : {}),
        });
      }
    }
    const age = isMoney || n.isOrdinal ? null : plainAge(tokens, at, at + 1, value, words, months);
    if (age !== null) return void found.push({ ...make(at, 'duration', age * DAYS.year, age, 'year', at + 1), isAge: true, plain: value });
    // "March 1st", "May 15": the day after the month.
    const before = months.find((h) => h.end === at);
    if (before && n.value >= 1 && n.value <= 31 && !isMoney) {
      for (let k = before.start; k < before.end; k++) taken.add(k);
      found.push(make(before.start, 'date', (monthAt.get(before.start)?.month ?? 0) * 31 + n.value, n.value, null, at + 1));
      return;
    }
    if (isWord && token.length < 3) return; // "a", "en", "do": too ambiguous without a unit
    if (isMoney || value >= 1000) return void found.push({ ...make(at, 'money', value, n.value, null, at + 1), numberEnd: last + 1 });
    found.push({ ...make(at, null, value, n.value, null, at + 1), numberEnd: last + 1 });
  });

  // A month alone ("from May on", "ab Oktober") is its first day.
  for (const hit of months) {
    if (taken.has(hit.start) || found.some((a) => a.dimension === 'date' && a.at <= hit.start && hit.start <= a.at + 3)) continue;
    found.push(make(hit.start, 'date', (monthAt.get(hit.start)?.month ?? 0) * 31 + 1, 1, null, hit.end));
  }

  // "48 to 50k", "zwischen 110 und 120 tausend", "6 से 8 लाख": the first number takes the second's unit.
  found.sort((a, b) => a.at - b.at);
  for (let i = 0; i + 1 < found.length; i++) {
    const first = found[i] as Amount;
    const second = found[i + 1] as Amount;
    const joiner = tokens.slice(first.at + 1, second.at);
    const isJoined = joiner.length === 1 && RANGE_JOINERS.has(joiner[0] as string);
    // "2 weeks or a month", "drei Wochen bis zwei Monate": two stretches, each with its unit, as alternatives or a span
    // (not "and": "two years and three months" is one stretch told in two units).
    const afterUnit = joiner.slice(words.units.has(joiner[0] ?? '') ? 1 : 0);
    const isSpan = afterUnit.length === 1 && RANGE_JOINERS.has(afterUnit[0] as string) && !AND_JOINERS.has(afterUnit[0] as string);
    // "two years and three months", "zwei Jahre und sechs Monate": one stretch in two units, the smaller after.
    const isAnd = afterUnit.length === 1 && AND_JOINERS.has(afterUnit[0] as string);
    if (isAnd && first.dimension === 'duration' && second.dimension === 'duration' && first.unit && second.unit) {
      const isPart = DAYS[second.unit] < DAYS[first.unit] && second.value < DAYS[first.unit] && !first.span && !second.span;
      if (isPart && !first.isAge && !second.isAge && !first.isAgo && !second.isAgo && first.bias === 0) {
        // In the first one's unit, a month a twelfth of a year: "17 years and 11 months" is 17.9 years, short of 18
        // (counted in months it would get the slack of another unit and pass).
        const added = first.unit === 'year' && second.unit === 'month' ? (second.count * DAYS.year) / 12 : second.value;
        const value = first.value + added;
        found[i] = { ...first, value, count: Math.round((value / DAYS[first.unit]) * 10) / 10 };
        found.splice(i + 1, 1);
        i--;
      }
      continue;
    }
    // "två-tre veckor": the first number reaches over the second to the unit; one more in a row is a span too.
    const isRunOfUnits = joiner.length === 0 && first.unit === second.unit && second.count === first.count + 1;
    if ((isSpan || isRunOfUnits) && first.dimension === 'duration' && second.dimension === 'duration' && first.unit && second.unit) {
      if (first.value < second.value && !first.isAge && !second.isAge && !first.span && !second.span) {
        found[i] = { ...first, rangeEnd: 'bottom' };
        found[i + 1] = { ...second, rangeEnd: 'top' };
      }
      continue;
    }
    // "between 40,000 and 60,000": two sums of money, the lower first.
    if (isJoined && first.dimension === 'money' && second.dimension === 'money' && first.value < second.value) {
      found[i] = { ...first, rangeEnd: 'bottom' };
      found[i + 1] = { ...second, rangeEnd: 'top' };
      continue;
    }
    // "between twenty and thirty an hour", "entre 30 y 35 euros la hora": two plain figures before a pay period (a
    // currency word may come between) are a range of rates, each end a plain figure that pay reads with that period.
    const secondEnd = second.numberEnd ?? second.at + 1;
    const isRate = [secondEnd, secondEnd + 1].some((k) => rateStart.get(k) === k);
    if (isJoined && first.dimension === null && second.dimension === null && first.value < second.value && isRate) {
      found[i] = { ...first, rangeEnd: 'bottom' };
      found[i + 1] = { ...second, rangeEnd: 'top' };
      continue;
    }
    // "a week or two", "un mois ou deux", "ett år eller två": the second end of a span said without its unit.
    if (isSpan && first.dimension === 'duration' && first.unit && second.dimension === null && !first.span && !first.isAge) {
      const top = second.count * DAYS[first.unit];
      if (Number.isInteger(second.count) && first.value < top) {
        found[i] = { ...first, rangeEnd: 'bottom' };
        found[i + 1] = { ...second, dimension: 'duration', unit: first.unit, value: top, rangeEnd: 'top' };
      }
      continue;
    }
    // "एक-दो हफ्ते", "två-tre veckor": two numbers in a row, the second one more, are a span too.
    const isRun = joiner.length === 0 && Number.isInteger(first.count) && second.count === first.count + 1;
    const isJoinedOrRun = (joiner.length === 1 && RANGE_JOINERS.has(joiner[0] as string)) || isRun;
    if (first.dimension !== null || second.dimension === null || !isJoinedOrRun) continue;
    const scale = second.count > 0 ? second.value / second.count : 1;
    found[i] = {
      ...first,
      dimension: second.dimension,
      unit: second.unit,
      value: second.dimension === 'date' ? first.value : first.count * scale,
      isFloor: first.isFloor || second.isFloor,
      rangeEnd: 'bottom',
    };
    found[i + 1] = { ...second, rangeEnd: 'top' };
    if (second.dimension === 'date') {
      found[i] = { ...first, dimension: null };
      found[i + 1] = second;
    }
  }
  // "immediately", "sofort": a start now, as zero days.
  for (const lexicon of words.lexicons)
    for (const hit of findPhrases(tokens, lexicon.immediately)) found.push(make(hit.start, 'duration', 0, 0, 'day', hit.end));
  for (const lexicon of words.lexicons)
    for (const [word, [count, unit]] of Object.entries(lexicon.countedUnits ?? {}))
      tokens.forEach((t, at) => {
        if (t !== phraseTokens(word)[0]) return;
        const duration = make(at, 'duration', count * DAYS[unit], count, unit, at + 1);
        found.push(isAgo(tokens, at, at + 1, words) ? { ...duration, isAgo: true } : duration);
      });
  return found.sort((a, b) => a.at - b.at);
}

/** "a couple of years", "quelques années", "कई साल": a loose count right before a time unit, and where it ends. */
function looseCount(
  tokens: readonly string[],
  at: number,
  words: AmountWords,
): { span: readonly [number, number]; unit: TimeUnit; end: number } | null {
  for (const { tokens: phrase, span } of words.vague) {
    if (tokens.slice(at, at + phrase.length).join(' ') !== phrase.join(' ')) continue;
    let next = at + phrase.length;
    if (VAGUE_LINKS.has(tokens[next] ?? '')) next++;
    const unit = words.units.get(tokens[next] ?? '');
    if (unit) return { span, unit, end: next + 1 };
  }
  return null;
}

/** Signed days from `required` to `stated` on the calendar, across a year end ("2 January" after "15 December"). */
export function dateDifference(stated: number, required: number): number {
  const diff = (((stated - required) % 372) + 372) % 372;
  return diff > 186 ? diff - 372 : diff;
}
