// What a screening criterion asks for (a deadline, a pay range, a minimum or a
// maximum in some unit, or yes/no) and the answer's amount it is compared
// with (docs/evaluation.md, "Screening rules", 1 to 3).

import type { LanguageCode } from '../interviews/enums.js';
import { ENGLISH, contentTerms, languageByTag, normaliseText, splitClauses, tokenize, type ScreeningWords } from '../languages/index.js';
import type { Messages, ProseLocale } from './locale.js';
import { findPhrases } from './phrase-match.js';
import {
  amountWordsFor,
  dateDifference,
  isPastAge,
  prepareNumbers,
  readAmounts,
  type Amount,
  type Dimension,
} from './screening-amounts.js';
import { parseCriterion } from './screening-quantities.js';
import type { LanguageLexicon } from './vocabulary.js';

/** One clause of the answer as the reader saw it (screening.ts). */
export interface ClauseReading {
  text: string;
  stance: 'negative' | 'positive' | 'neutral';
  hedges: string[];
  amounts: Amount[];
  tokens: string[];
  isDeferral: boolean;
  opensWithContrast: boolean;
  /** "I've applied for it", "in Bearbeitung": the requirement is on its way, not met yet. */
  isPending: boolean;
  /** "expired", "isch abgloffe", "har gått ut": the credential exists but no longer counts. */
  isLapsed: boolean;
}

const unions = new Map<string, string[]>();

/** One list per language and word kind, built once (the phrase matcher compiles each list once). */
export function wordsOf(
  language: LanguageCode,
  key: keyof LanguageLexicon | keyof ScreeningWords,
  source: 'lexicon' | 'screening',
): string[] {
  const id = `${language}:${source}:${key}`;
  let list = unions.get(id);
  if (!list) {
    const words = amountWordsFor(language);
    const records = (source === 'lexicon' ? words.lexicons : words.screening) as unknown as Array<Record<string, unknown>>;
    list = records.flatMap((r) => r[key] as string[]);
    unions.set(id, list);
  }
  return list;
}

export interface Requirement {
  kind: 'minimum' | 'maximum' | 'range' | 'deadline' | 'boolean';
  dimension: Dimension | null;
  /** The limit: the minimum, the maximum, the top of a pay range, or the deadline. */
  limit: Amount | null;
  /** The bottom of a pay range (amounts far under it are not pay: a year, a count). */
  bottom: Amount | null;
  requiresAbsence: boolean;
  /** The period a pay range is for, when the criterion names one ("per year", "monatlich"). */
  period?: PayPeriod | null;
  /** Units the criterion names besides its limit's ("at least 80% (about 34 hours per week)": percent). */
  alsoNames?: Set<Dimension>;
  /** The criterion's own words, units and numbers left out ("Buchhaltung", "teaching"): what a stretch of years must be in. */
  field?: Set<string>;
  /** The criterion names experience ("Berufserfahrung", "خبرة"): only then is an age no answer to its years. */
  isExperience?: boolean;
}

export type PayPeriod = 'hour' | 'day' | 'week' | 'month' | 'year';
const PAY_PERIODS: readonly PayPeriod[] = ['hour', 'day', 'week', 'month', 'year'];
/**
 * The periods a criterion that names none may be meant in: weekly pay ranges are rare, and a week between a day and a
 * month would read a figure far off a yearly range ("1000" against 50 000 to 60 000) as weekly pay.
 */
const GUESSED_PERIODS: readonly PayPeriod[] = ['hour', 'day', 'month', 'year'];

/**
 * A working day is 8 hours: a day rate against an hourly cap is the day rate over 8 ("Tagessatz 640 Euro" is 80 an
 * hour), the usual full-time day of 40 hours a week over five days.
 */
export const HOURS_PER_DAY = 8;
/** The hours of a week: a bare figure above it is no count of hours. */
const HOURS_PER_WEEK = 168;
/** Full-time work is 40 hours a week, 52 weeks a year (2 080 hours, 173 a month). */
const HOURS_PER_YEAR = 2080;
/**
 * A monthly pay is paid 12 times a year unless the answer names more payments: a 13th salary (Switzerland, Austria,
 * Belgium) or a 14th (Spain, Austria, Italy) make "2.400 al mes, en 14 pagas" 33 600 a year. Counts outside
 * MONTHLY_PAYMENTS_MIN to MONTHLY_PAYMENTS_MAX before a payments word are something else.
 */
const MONTHLY_PAYMENTS_MIN = 12;
const MONTHLY_PAYMENTS_MAX = 16;

/** Words at most between a stretch and the one that corrects it ("about a year, no, ten months": "year no"). */
const CORRECTION_REACH = 5;
/** Words at most between a correction word and the number it gives instead ("لا، بالضبط عشرة": one). */
const CORRECTION_GAP = 1;
/** Words after a stretch in which a job or a workplace makes it one to add ("ten months, at a software company"). */
const WORK_REACH = 8;

/** A share of a duration's limit by which a stretch counted in other units may miss it: 12 months of 30 days are 360 of 365. */
const DURATION_SLACK = 0.02;

/** Pay periods in a year: 2 080 hours, 260 working days of HOURS_PER_DAY, 52 weeks ("£500 a week" is 26 000 a year), 12 months. */
const PERIODS_PER_YEAR: Readonly<Record<PayPeriod, number>> = {
  hour: HOURS_PER_YEAR,
  day: HOURS_PER_YEAR / HOURS_PER_DAY,
  week: 52,
  month: 12,
  year: 1,
};

/** The pay period named in these tokens, from `from` up to `to` (exclusive); the one nearest `from` when several are. */
export function payPeriodIn(tokens: readonly string[], language: LanguageCode, from = 0, to = tokens.length): PayPeriod | null {
  const window = tokens.slice(Math.max(0, from), Math.max(0, to));
  let nearest: { period: PayPeriod; start: number } | null = null;
  for (const period of PAY_PERIODS) {
    const phrases = amountWordsFor(language).screening.flatMap((s) => s.payPeriods[period]);
    for (const hit of findPhrases(window, phrases)) if (!nearest || hit.start < nearest.start) nearest = { period, start: hit.start };
  }
  return nearest?.period ?? null;
}

/** What a criterion asks for, read with the interview language's words and English. */
export function parseRequirement(criterion: string, language: LanguageCode): Requirement {
  const words = amountWordsFor(language);
  const { requiresAbsence, kind } = parseCriterion(criterion);
  const tokens = tokenize(criterion);
  const amounts = splitClauses(prepareNumbers(criterion, words)).flatMap((c) => readAmounts(c, words, null, true));
  const says = (key: 'within' | 'atLeast') => words.lexicons.some((l) => findPhrases(tokens, l[key]).length > 0);
  const period = payPeriodIn(tokens, language);
  // "Hourly rate", "Timlön", "taux horaire", "Taux journalier": a pay period per hour or per day names pay on its own.
  const isPay = words.screening.some((s) => findPhrases(tokens, s.payWords).length > 0) || period === 'hour' || period === 'day';
  let money = amounts.filter((a) => a.dimension === 'money');
  // Pay per hour is a small figure ("between 20 and 25 USD"): in a criterion about pay, plain numbers are the amounts.
  if (money.length === 0 && isPay) money = amounts.filter((a) => a.dimension === null).map((a) => ({ ...a, dimension: 'money' as const }));
  const date = amounts.find((a) => a.dimension === 'date');
  if (date) return { kind: 'deadline', dimension: 'date', limit: date, bottom: null, requiresAbsence: false };
  if (money.length >= 2 || (isPay && money.length === 1)) {
    const top = money.reduce((a, b) => (b.value > a.value ? b : a));
    const bottom = money.reduce((a, b) => (b.value < a.value ? b : a));
    // One figure for pay is the employer's budget ("up to 60,000", "Jahresgehalt bis 65.000", "حتى 120000"): a ceiling
    // the candidate's ask must stay under, unless the criterion says it is a floor ("at least", "mindestens").
    return {
      kind: money.length >= 2 || !says('atLeast') ? 'range' : 'minimum',
      dimension: 'money',
      limit: top,
      bottom,
      requiresAbsence: false,
      period,
    };
  }
  for (const dimension of ['distance', 'hours', 'percent', 'level'] as const) {
    const limit = amounts.find((a) => a.dimension === dimension);
    if (!limit) continue;
    // A distance is where one lives or travels: a maximum unless the criterion says "at least".
    const isMaximum = dimension === 'distance' ? !says('atLeast') : says('within');
    const alsoNames = new Set(amounts.flatMap((a) => (a.dimension && a.dimension !== dimension ? [a.dimension] : [])));
    return { kind: isMaximum ? 'maximum' : 'minimum', dimension, limit, bottom: null, requiresAbsence: false, alsoNames };
  }
  const duration = amounts.find((a) => a.dimension === 'duration');
  if (duration && kind !== 'boolean') {
    // "Minimum age: 18 years", "Alter: 18 Jahre": a label and its value are one phrase for the age frames.
    const isAge =
      duration.isAge || readAmounts(prepareNumbers(criterion.replace(/:/g, ' '), words), words, null, true).some((a) => a.isAge);
    const limit = isAge ? { ...duration, isAge } : duration;
    const field = fieldOf(criterion, language);
    const isExperience = namesExperience(tokens, language);
    return { kind, dimension: 'duration', limit, bottom: null, requiresAbsence: false, field, isExperience };
  }
  return { kind: 'boolean', dimension: null, limit: null, bottom: null, requiresAbsence };
}

/** Whether a criterion names experience, also as the end of a compound ("Pflegeerfahrung", "lagererfarenhet"). */
function namesExperience(tokens: readonly string[], language: LanguageCode): boolean {
  const experience = wordsOf(language, 'experience', 'screening');
  if (findPhrases(tokens, experience).length > 0) return true;
  const ends = experience.map((w) => normaliseText(w)).filter((w) => w.length >= COMPOUND_PART && !w.includes(' '));
  return tokens.some((t) => ends.some((w) => t.endsWith(w)));
}

/** The shortest word read as the first part of a compound ("truck" in "truckkörning"). */
const COMPOUND_PART = 5;

/** The content words of a criterion that are no number, unit or floor: "5 Jahre Berufserfahrung in der Buchhaltung" -> Berufserfahrung, Buchhaltung. */
function fieldOf(criterion: string, language: LanguageCode): Set<string> {
  const words = amountWordsFor(language);
  const quantity = words.lexicons.flatMap((l) => [
    ...Object.values(l.units).flat(),
    ...Object.keys(l.numberWords),
    ...l.atLeast,
    ...l.within,
  ]);
  const generic = new Set(contentTerms(quantity.join(' '), language, 3).keys());
  return new Set([...contentTerms(criterion, language, 3).keys()].filter((t) => !generic.has(t) && !/^\d/.test(t)));
}

/**
 * Whether a stretch of years is said of the criterion's field: a field word in its stretch of the clause, from the
 * amount to the next (and from the clause's start for the first): "zwei Jahre in der Buchhaltung", not "sechs Jahre
 * im Vertrieb".
 */
function isOfField(
  requirement: Requirement,
  pair: { amount: Amount; clause: ClauseReading },
  clauses: readonly ClauseReading[],
  language: LanguageCode,
): boolean {
  const { amount, clause } = pair;
  if (!requirement.field || requirement.field.size === 0) return false;
  const others = clause.amounts.filter((a) => a !== amount && a.dimension !== null);
  const from = others.some((a) => a.at < amount.at) ? amount.at : 0;
  const to = Math.min(clause.tokens.length, ...others.filter((a) => a.at > amount.at).map((a) => a.at));
  // The first stretch of a clause may be said of what the clause before named, when that one has no figure of its own.
  const before = from === 0 ? clauses[clauses.indexOf(clause) - 1] : undefined;
  const lead = before && !before.amounts.some((a) => a.dimension !== null) ? before.tokens : [];
  const said = [...contentTerms([...lead, ...clause.tokens.slice(from, to)].join(' '), language, 3).keys()];
  const field = [...requirement.field];
  // A compound of the field says it too: "truck" in "truckkörning", "lager" in "lagerarbete".
  const isPart = (a: string, b: string) => a.length >= COMPOUND_PART && b.startsWith(a);
  return said.some((t) => requirement.field?.has(t) || field.some((f) => isPart(t, f) || isPart(f, t)));
}

export function describe(amount: Amount, m: Messages, locale: ProseLocale): string {
  const number = (v: number) => new Intl.NumberFormat(locale).format(Math.round(v * 10) / 10);
  switch (amount.dimension) {
    case 'duration':
      // "a couple of years": the span it may stand for, "2–3 years".
      return amount.span
        ? `${amount.span[0]}–${m.quantity(amount.span[1], amount.unit ?? 'day')}`
        : m.quantity(amount.count, amount.unit ?? 'day');
    case 'distance':
      return `${number(amount.value)} km`;
    case 'hours':
      // "45 minutes away" reads better as minutes than as 0.8 h.
      return amount.value < 1 ? `${Math.round(amount.value * 60)} min` : `${number(amount.value)} h`;
    case 'percent':
      return `${number(amount.value)} %`;
    case 'level':
      return `${'ABC'[Math.floor((amount.value - 1) / 2)] ?? ''}${((amount.value - 1) % 2) + 1}`;
    case 'date': {
      const months = (languageByTag(locale) ?? ENGLISH).screening.months;
      const name = (months[Math.floor((amount.value - 1) / 31)] ?? '').split('|')[0] ?? '';
      return `${((amount.value - 1) % 31) + 1} ${name}`;
    }
    default:
      return number(amount.value);
  }
}

/**
 * Whether an amount of the answer is of the kind the requirement asks for: its dimension, and an age is no
 * experience ("I'm 50 years old" says nothing of "5 years of experience"). Against an age, years said otherwise
 * still count (one may give one's age without "old").
 */
export function isOfKind(requirement: Requirement, amount: Amount): boolean {
  if (amount.dimension !== requirement.dimension) return false;
  // Only experience or a span not in years turns an age away: "Mindestens 18 Jahre" to "Ich bin 22" is an age,
  // "I'm 25" to a notice period of 4 weeks is not.
  const isYears = requirement.limit?.unit === 'year';
  if (amount.isAge && !requirement.limit?.isAge && (requirement.isExperience || !isYears)) return false;
  // Years of experience say an age only when they reach a minimum age themselves ("20 years of experience" is over
  // 18; "5 years of experience" says nothing of it).
  const { limit, kind } = requirement;
  return !(amount.isExperience && limit?.isAge && (kind !== 'minimum' || amount.value < limit.value));
}

/**
 * An answer to the requirement's question in the wrong kind: an age for years of experience, a travel time for a
 * distance, hours a week for a notice period, an age, years or hours for pay.
 */
export function isWrongKind(requirement: Requirement, amount: Amount): boolean {
  const { dimension } = requirement;
  const other = amount.dimension;
  const sameMeasure =
    other === dimension ||
    (dimension === 'distance' && other === 'hours') ||
    (dimension === 'duration' && other === 'hours') ||
    (dimension === 'money' && (other === 'hours' || other === 'duration'));
  return sameMeasure && !isOfKind(requirement, amount);
}

/** The stated amount a requirement is compared with, or null when the answer names none. */
export function statedAmount(
  requirement: Requirement,
  clauses: readonly ClauseReading[],
  language: LanguageCode,
): { amount: Amount; clause: ClauseReading; isCurrentOnly?: boolean } | null {
  const { dimension, limit, kind } = requirement;
  if (!dimension || !limit) return null;
  // "Between forty and sixty thousand" against a maximum ("up to 50,000", a pay range of one figure) is its top,
  // against a minimum its bottom; against a pay range of two figures the candidate's floor, as before.
  const isCap = kind === 'maximum' || (kind === 'range' && requirement.bottom?.value === limit.value);
  const otherEnd = isCap ? 'bottom' : kind === 'minimum' ? 'top' : null;
  const pairs = clauses.flatMap((clause) =>
    clause.amounts.filter((amount) => !otherEnd || amount.rangeEnd !== otherEnd).map((amount) => ({ amount, clause })),
  );
  if (dimension === 'money') {
    // The candidate's floor decides; "Jeg forventer 50.000", "at least 12 LPA", "between 48 and 50k" (48k).
    // What they earn now ("I currently make 60k") counts only when nothing else is named; a figure under a
    // fifth of the range's bottom is not pay ("since 2019").
    const current = wordsOf(language, 'currentPay', 'screening');
    const isCurrent = (p: (typeof pairs)[number]) =>
      findPhrases(p.clause.tokens.slice(Math.max(0, p.amount.at - 3), p.amount.at + 2), current).length > 0;
    // A plain figure with a pay period beside it is pay too: "roughly 22 an hour", "28 dollars an hour" (read as hours).
    const isPayFigure = (p: (typeof pairs)[number]) => {
      const period = p.amount.dimension === null || p.amount.dimension === 'hours' ? periodBeside(p, language) : null;
      // Against an hourly or a day rate a plain figure is that rate ("22.", "16 Euro" to "Stundenlohn höchstens 18 Euro").
      const isRateAsked = requirement.period === 'hour' || requirement.period === 'day';
      return p.amount.dimension === null ? period !== null || isRateAsked : period === 'hour';
    };
    const asMoney = pairs.map((p) => (isPayFigure(p) ? { ...p, amount: { ...p.amount, dimension: 'money' as const } } : p));
    const payments = paymentsPerYear(clauses, language);
    const inPeriod = asMoney.map((p) =>
      p.amount.dimension === 'money' ? { ...p, amount: toPeriodOf(requirement, p, language, payments) } : p,
    );
    const plausible = inPeriod.filter((p) => p.amount.dimension === 'money' && p.amount.value >= (requirement.bottom?.value ?? 0) / 5);
    const asked = plausible.filter((p) => !isCurrent(p));
    const money = asked.length > 0 ? asked : plausible;
    const found =
      money.find((p) => p.amount.isFloor) ??
      money.reduce<(typeof money)[number] | null>((a, b) => (!a || b.amount.value < a.amount.value ? b : a), null);
    // "Ich liege derzeit bei 4.600 im Monat und würde mich gern verbessern": only the current pay, and more wanted.
    const wantsMore = clauses.some((c) => findPhrases(c.tokens, wordsOf(language, 'payRise', 'screening')).length > 0);
    return found && asked.length === 0 && wantsMore ? { ...found, isCurrentOnly: true } : found;
  }
  if (dimension === 'date') {
    // "Det gäller till slutet av augusti": the date a permit runs until is no start date.
    const dates = pairs.filter((p) => p.amount.dimension === 'date' && !p.amount.isEnd);
    const start = dates.find((p) => p.amount.isStart) ?? dates[dates.length - 1];
    if (start) return start;
    return pairs.find((p) => p.amount.dimension === 'duration' && p.amount.value === 0) ?? null;
  }
  // "je vais avoir 19 ans", "سأبلغ 19": an age to come is said as a plan, and still an age.
  let affirmed = pairs.filter((p) => p.clause.stance !== 'negative' || (p.amount.isAge && p.clause.isPending));
  // "Ja, ich arbeite, seit ich sechzehn bin" against "at least 18" (an age or plain years): an age since when is no
  // age now; the yes decides.
  if (limit.isAge || (limit.unit === 'year' && !requirement.isExperience))
    affirmed = affirmed.filter((p) => !isPastAge(p.clause.tokens, p.amount.at, amountWordsFor(language)));
  let candidates = affirmed.filter((p) => isOfKind(requirement, p.amount));
  // "I'm 50 and have 20 years in the trade" against "at least 18 years old": the age said decides.
  if (limit.isAge && candidates.some((p) => p.amount.isAge)) candidates = candidates.filter((p) => p.amount.isAge);
  if (dimension === 'duration' && kind === 'minimum' && !limit.isAge && (limit.unit === 'year' || limit.unit === 'month')) {
    // Years of experience: a stretch in the criterion's field decides ("zwei Jahre in der Buchhaltung", not "sechs
    // Jahre im Vertrieb"); "five years ago" beside a move or a degree is when it happened ("flyttede til Danmark for
    // seks år siden"), but "I started five years ago" is how long, and so is it with work said since ("and have
    // worked as a carer ever since", "arbejdet som kok siden"; not the "siden" of the "for # siden" itself).
    // Otherwise the first stretch, as before.
    const inField = candidates.find((p) => isOfField(requirement, p, clauses, language));
    if (inField) return inField;
    const events = wordsOf(language, 'lifeEvents', 'screening');
    const sinceThen = wordsOf(language, 'sinceThen', 'screening');
    const agoAt = (c: ClauseReading) => candidates.filter((p) => p.clause === c && p.amount.isAgo).map((p) => p.amount.at);
    const goesOn = clauses.some((c) =>
      findPhrases(c.tokens, sinceThen).some((h) => !agoAt(c).some((at) => h.start > at && h.start <= at + 2)),
    );
    const isEvent = (p: (typeof candidates)[number]) =>
      !goesOn && p.amount.isAgo === true && findPhrases(p.clause.tokens, events).length > 0;
    if (candidates.some(isEvent) && candidates.every(isEvent)) return null;
    candidates = candidates.filter((p) => !isEvent(p));
    // "चार साल एक bank में … और अब पिछले एक साल से": a stretch up to now after an earlier one in another clause may be
    // the field's or not; which one the criterion means is unclear.
    // Stretches told with "then" add up first: Swedish "sen" is "then" as well as "since".
    const told = toldStretches(
      candidates.filter((p) => !p.amount.isAgo),
      clauses,
      language,
    );
    if (told) return told;
    // Not a "since" that is a "then" as well (Swedish "sen": "Fyra år, sen ett halvår utomlands").
    const thenWords = new Set(amountWordsFor(language).screening.flatMap((s) => s.stretches.then));
    const since = wordsOf(language, 'since', 'screening').filter((w) => !thenWords.has(w));
    const isCurrent = (p: (typeof candidates)[number]) =>
      findPhrases(p.clause.tokens.slice(Math.max(0, p.amount.at - 3), p.amount.at + 4), since).length > 0;
    const first = candidates.find((p) => !p.amount.isAgo);
    if (first && candidates.some((p) => p.clause !== first.clause && !p.amount.isAgo && isCurrent(p))) return null;
  }
  if (candidates.length === 0) {
    // A bare number takes the criterion's unit: "Five." to "how many years", "90 ginge auch" to a Pensum.
    const scale = limit.count > 0 ? limit.value / limit.count : 1;
    // Not beside a figure in the criterion's other unit: "sechzig, höchstens siebzig Prozent" against "80% (34 hours)".
    const hasOtherUnit = pairs.some((p) => p.amount.dimension !== null && requirement.alsoNames?.has(p.amount.dimension));
    candidates = (hasOtherUnit ? [] : affirmed)
      .filter((p) => p.amount.dimension === null)
      .map((p) => ({ ...p, amount: { ...p.amount, dimension, unit: limit.unit, value: p.amount.count * scale } }))
      // "I earn 500 a week" to an hours criterion: no one works more hours than a week has.
      .filter((p) => dimension !== 'hours' || p.amount.value <= HOURS_PER_WEEK);
  }
  if (candidates.length === 0) return null;
  if (dimension === 'duration' || dimension === 'distance') return candidates[0] ?? null;
  // Hours and percentages: the most the candidate offers against a minimum, the least against a maximum.
  return candidates.reduce((a, b) => ((kind === 'minimum' ? b.amount.value > a.amount.value : b.amount.value < a.amount.value) ? b : a));
}

/**
 * Stretches of work told one after another, as a recruiter adds them up: when every stretch follows the one before
 * with a "then" ("and then", "und dann nochmal", "وبعدين") or corrects it (a correction word right before the new
 * number, at most one word between: "about a year, no, ten months", "سنة تقريبا، لا، بالضبط عشرة شهور"), the sum of
 * those not corrected. Null (the first stretch decides, as before) when the stretches stand otherwise, when one is a
 * loose count ("a couple of years"), when a stretch's clause keeps it apart (study, leave, a gap, alongside, a total
 * or a recap: `stretches.apart`; "five years in finance overall" is often of a wider field than the criterion's), or
 * when a stretch after the first has no job or workplace near it (`stretches.work`).
 */
function toldStretches(
  stretches: ReadonlyArray<{ amount: Amount; clause: ClauseReading }>,
  clauses: readonly ClauseReading[],
  language: LanguageCode,
): { amount: Amount; clause: ClauseReading } | null {
  if (stretches.length < 2 || stretches.some((p) => p.amount.span || p.amount.dimension !== 'duration')) return null;
  const words = amountWordsFor(language).screening.map((s) => s.stretches);
  const [then, corrections, apart, work] = (['then', 'corrections', 'apart', 'work'] as const).map((k) => words.flatMap((w) => w[k]));
  if (stretches.some((p) => findPhrases(p.clause.tokens, apart as string[]).length > 0)) return null;
  // Token positions across the whole answer, so the words between stretches in two clauses are read too.
  const offsets = new Map<ClauseReading, number>();
  clauses.reduce((offset, c) => (offsets.set(c, offset), offset + c.tokens.length), 0);
  const tokens = clauses.flatMap((c) => c.tokens);
  const at = (p: (typeof stretches)[number]) => (offsets.get(p.clause) ?? 0) + p.amount.at;
  const kept = [stretches[0] as (typeof stretches)[number]];
  for (let i = 1; i < stretches.length; i++) {
    const between = tokens.slice(at(stretches[i - 1] as (typeof stretches)[number]) + 1, at(stretches[i] as (typeof stretches)[number]));
    const hasThen = findPhrases(between, then as string[]).length > 0;
    const isCorrection =
      !hasThen &&
      between.length <= CORRECTION_REACH &&
      findPhrases(between, corrections as string[]).some((h) => h.end >= between.length - CORRECTION_GAP);
    if (!hasThen && !isCorrection) return null;
    if (isCorrection) kept.pop();
    kept.push(stretches[i] as (typeof stretches)[number]);
  }
  if (kept.length === 1) return kept[0] ?? null;
  // "One year, then I was off sick for a year", "then I'd like to stay three years": a stretch after the first is added
  // only with work said near it ("and then ten months, no, eighteen months actually, at a software company").
  const saysWork = (p: (typeof stretches)[number]) =>
    findPhrases(tokens.slice(Math.max(0, at(p) - 3), at(p) + WORK_REACH), work as string[]).length > 0;
  if (!kept.slice(1).every(saysWork)) return null;
  const value = kept.reduce((sum, p) => sum + p.amount.value, 0);
  const units = new Set(kept.map((p) => p.amount.unit));
  const unit = units.size === 1 ? (kept[0]?.amount.unit ?? 'month') : 'month';
  const count = units.size === 1 ? kept.reduce((sum, p) => sum + p.amount.count, 0) : Math.round(value / 30);
  const biases = new Set(kept.map((p) => p.amount.bias));
  const bias = biases.size === 1 ? (kept[0]?.amount.bias ?? 0) : 0;
  const first = kept[0] as (typeof stretches)[number];
  return { amount: { ...first.amount, value, count, unit, bias }, clause: first.clause };
}

/**
 * Pay in the criterion's period: "4.500 im Monat" against a yearly range is
 * 54 000, "60k a year" against a monthly one 5 000, "22 an hour" against a
 * yearly one 45 760 (PERIODS_PER_YEAR). When the criterion names no period, a
 * figure within five times of the range is taken as the range's period; one
 * further off is read against the period that brings it nearest the range.
 */
function toPeriodOf(
  requirement: Requirement,
  pair: { amount: Amount; clause: ClauseReading },
  language: LanguageCode,
  payments: number = PERIODS_PER_YEAR.month,
): Amount {
  const { amount } = pair;
  const said = periodBeside(pair, language);
  if (!said) return amount;
  const bottom = requirement.bottom?.value ?? 0;
  const top = requirement.limit?.value ?? 0;
  // "2.400 al mes, en 14 pagas" against a yearly range: 14 monthly pays.
  const perYear = (p: PayPeriod) => (p === 'month' && said === 'month' ? payments : PERIODS_PER_YEAR[p]);
  const convert = (to: PayPeriod) => (to === said ? amount.value : (amount.value * perYear(said)) / PERIODS_PER_YEAR[to]);
  const isNear = (value: number) => value * 5 >= bottom && value <= top * 5;
  let asked: PayPeriod = requirement.period ?? said;
  if (!requirement.period && !isNear(amount.value) && bottom > 0 && top > 0) {
    const middle = Math.sqrt(bottom * top);
    const distance = (p: PayPeriod) => Math.abs(Math.log(convert(p) / middle));
    asked = GUESSED_PERIODS.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  }
  return asked === said ? amount : { ...amount, value: convert(asked) };
}

/**
 * The monthly pays a year the answer names ("en catorce pagas", "13 Monatslöhne", "plus a 13th salary", "sur 13
 * mois", "mal dreizehn"): a count from MONTHLY_PAYMENTS_MIN to MONTHLY_PAYMENTS_MAX one or two words before a
 * payments word or right after a times word, else 12.
 */
function paymentsPerYear(clauses: readonly ClauseReading[], language: LanguageCode): number {
  const tokens = clauses.flatMap((c) => c.tokens);
  const words = amountWordsFor(language);
  const countIn = (near: readonly string[]) => {
    for (const token of near) {
      const value = Number(/^(\d+)(?:st|nd|rd|th|e|eme|o|a|\.)?$/.exec(token)?.[1] ?? words.numbers.get(token));
      if (value >= MONTHLY_PAYMENTS_MIN && value <= MONTHLY_PAYMENTS_MAX) return value;
    }
    return null;
  };
  for (const hit of findPhrases(tokens, wordsOf(language, 'salaryPayments', 'screening'))) {
    const count = countIn(tokens.slice(Math.max(0, hit.start - 2), hit.start));
    if (count !== null) return count;
  }
  // "und dann mal dreizehn (natürlich)", "times 13": the count right after, ending the clause but for one word that is
  // no unit, or before a payments word (not "mal 15 Leute geführt", "14 Monate arbeitslos").
  const payments = wordsOf(language, 'salaryPayments', 'screening');
  for (const clause of clauses)
    for (const hit of findPhrases(clause.tokens, wordsOf(language, 'salaryTimes', 'screening'))) {
      const after = clause.tokens.slice(hit.end + 1);
      const isLast =
        after.length === 0 ||
        (after.length === 1 && !words.units.has(after[0] as string) && !words.numbers.has(after[0] as string)) ||
        findPhrases(after.slice(0, 3), payments).some((h) => h.start === 0);
      const count = isLast ? countIn(clause.tokens.slice(hit.end, hit.end + 1)) : null;
      if (count !== null) return count;
    }
  return PERIODS_PER_YEAR.month;
}

/** The pay period said just after an amount ("4.500 im Monat"), else just before it ("monthly 4,500"). */
function periodBeside(pair: { amount: Amount; clause: ClauseReading }, language: LanguageCode): PayPeriod | null {
  const { amount, clause } = pair;
  const end = amount.numberEnd ?? amount.at + 1;
  return payPeriodIn(clause.tokens, language, end, end + 5) ?? payPeriodIn(clause.tokens, language, amount.at - 3, amount.at);
}

export function meetsRequirement(requirement: Requirement, stated: Amount): boolean {
  const limit = requirement.limit as Amount;
  if (requirement.kind === 'deadline') {
    if (stated.dimension === 'duration') return true; // "immediately"
    return dateDifference(stated.value, limit.value) <= 0;
  }
  const value = stated.value + stated.bias * (stated.dimension === 'duration' ? 0.5 : 0.01);
  // Durations are counted in days with a month of 30: "24 months" (720) is "2 years" (730) as people count. Only
  // across units, and never for "almost 24 months" (a bias).
  const isOtherUnit = stated.dimension === 'duration' && stated.unit !== limit.unit && stated.bias === 0;
  const slack = isOtherUnit ? limit.value * DURATION_SLACK : 0;
  if (requirement.kind === 'minimum') return value + slack >= limit.value + limit.bias * 0.01;
  return value - slack <= limit.value;
}
