// The right to work read from who the candidate is (docs/evaluation.md, "Screening rules", rule 5): a national of
// the criterion's country holds it ("soy español" for Spain); so does a national of any EU/EEA country or of
// Switzerland where the criterion asks for one of them ("Ich bin Österreicherin" for Germany, "je suis belge" for
// France); so does one born where birth makes a citizen ("born and raised in Columbus, Ohio" for the US), and one
// holding a permit the country grants its diaspora ("OCI card" for India). Countries are codes (countries.ts), their
// words in each language's record; the nationality must be said of oneself ("my wife is Italian" is not).

import type { LanguageCode } from '../interviews/enums.js';
import {
  BIRTHRIGHT_COUNTRIES,
  COMMON_TRAVEL_AREA,
  ENGLISH,
  FREE_MOVEMENT_COUNTRIES,
  languageFor,
  list,
  type CountryCode,
  type CountryWords,
  type ScreeningWords,
} from '../languages/index.js';
import { findPhrases, phraseTokens } from './phrase-match.js';
import { amountWordsFor } from './screening-amounts.js';
import { wordsOf, type ClauseReading } from './screening-requirement.js';

/**
 * A nationality said of oneself comes early in its clause, within this many tokens of its start: "I'm Portuguese",
 * "ich bin Italienerin", "yes, I am a Portuguese" ("yes", "I", "am", "a" before it).
 */
const SELF_DESCRIPTION_REACH = 4;
/** Tokens either side of a citizenship word where the country is named ("Italian citizen", "citoyen de la Belgique"). */
const COUNTRY_REACH = 3;
/** Words of a city between "born in" and its state ("born and raised in Columbus, Ohio", "born in Santa Fe, New Mexico"). */
const BIRTH_GAP = 2;
/** Another country's citizenship is the candidate's when the candidate speaks and these tokens before it are theirs. */
const OWN_NEAR = 2;
/** An inflected ending of up to this many letters is the same nationality ("dansk" / "danske", "español" / "española"). */
const ENDING = 2;
/** Nationality forms shorter than this are matched whole ("Ire", "Pole"): too short to take an ending safely. */
const INFLECTED_FROM = 4;
/** A vowel in the languages whose nationals take endings (Latin script; others are matched whole or listed). */
const VOWEL = /[aeiouyæøåäöüéèêáíóú]/u;
/**
 * Language names among the English nationals: in another language's answer "English" is the language
 * ("मैं English में बात करता हूँ"), not a nationality; in an English answer "I'm English" still is.
 */
const LANGUAGE_NAMES = new Set(['english']);

interface Country {
  code: CountryCode;
  names: string[];
  nationals: string[];
  regions: string[];
  permits: string[];
}

/** What the candidate says about needing a permit: a negation there does not deny a nationality. */
const PERMIT_TALK = ['needs', 'workPermits', 'workAuthorisation', 'sponsorship'] as const satisfies ReadonlyArray<keyof ScreeningWords>;

const countryCache = new Map<LanguageCode, Country[]>();

const speakerCache = new Map<LanguageCode, string[]>();

/** The candidate speaking of themselves ("I'm", "ich bin", "my", "मेरे पास"): one list per language, so it is compiled once. */
function speakersOf(language: LanguageCode): string[] {
  let words = speakerCache.get(language);
  if (!words) {
    words = [...wordsOf(language, 'selfDescriptions', 'screening'), ...wordsOf(language, 'firstPerson', 'lexicon')];
    speakerCache.set(language, words);
  }
  return words;
}

/** The language's countries merged with English's (answers code-switch: "passport British है"). */
function countriesOf(language: LanguageCode): Country[] {
  let countries = countryCache.get(language);
  if (countries) return countries;
  const byCode = new Map<CountryCode, Country>();
  for (const record of amountWordsFor(language).screening) {
    for (const [code, words] of Object.entries(record.countries) as Array<[CountryCode, CountryWords]>) {
      const country = byCode.get(code) ?? { code, names: [], nationals: [], regions: [], permits: [] };
      country.names.push(...list(words.names));
      const isEnglish = record === ENGLISH.screening && language !== ENGLISH.code;
      country.nationals.push(...list(words.nationals).filter((n) => !(isEnglish && LANGUAGE_NAMES.has(n.toLowerCase()))));
      country.regions.push(...list(words.regions ?? ''));
      country.permits.push(...list(words.permits ?? ''));
      byCode.set(code, country);
    }
  }
  countries = [...byCode.values()];
  countryCache.set(language, countries);
  return countries;
}

const stopCache = new Map<LanguageCode, Set<string>>();

/**
 * The language's own stop words and English's, not every language's: French "son" must not pass in "my son was born
 * in Texas".
 */
function stopWordsOf(language: LanguageCode): Set<string> {
  let words = stopCache.get(language);
  if (!words) {
    words = new Set([...languageFor(language).stopWords, ...ENGLISH.stopWords].flatMap((w) => phraseTokens(w)));
    stopCache.set(language, words);
  }
  return words;
}

/** A token without the Arabic article, so "الإيطالية" is "إيطالية" and "الإمارات" meets "إماراتي". */
export const withoutArticle = (token: string) => token.replace(/^ال(?=\p{L}{3})/u, '');

/**
 * An inflected form of a nationality: an ending of up to two letters on a form long enough to take one ("dansk" /
 * "danske", "svensk" / "svenskt", "español" / "española"); a form that ends in a vowel takes only a vowel after it,
 * since a consonant there makes another word (Danish "lette" / "lettet", relieved).
 */
function isInflected(token: string, form: string): boolean {
  if (form.length < INFLECTED_FROM || !token.startsWith(form) || token.length - form.length > ENDING) return false;
  const ending = token.slice(form.length);
  return ending === '' || !VOWEL.test(form.slice(-1)) || VOWEL.test(ending[0] as string);
}

/** Where a country is named or a national of it is: [start, end) of the tokens and the country. */
interface CountryHit {
  code: CountryCode;
  start: number;
  end: number;
}

/** Single-token forms, with an inflected ending allowed; phrases matched whole. */
function hitsOf(tokens: readonly string[], countries: readonly Country[], field: 'names' | 'nationals' | 'regions' | 'permits') {
  const hits: CountryHit[] = [];
  // A country's name is where one is, not what one is: "I'm in Germany" is no "German" with an ending.
  const names = field === 'nationals' ? new Set(countries.flatMap((c) => c.names.map((n) => phraseTokens(n).join(' ')))) : null;
  for (const country of countries) {
    const forms = country[field];
    if (forms.length === 0) continue;
    const single = forms
      .map((f) => phraseTokens(f))
      .filter((t) => t.length === 1)
      .map((t) => withoutArticle(t[0] as string));
    tokens.forEach((token, i) => {
      const t = withoutArticle(token);
      const matches = !names?.has(token) && single.some((f) => t === f || (field === 'nationals' && isInflected(t, f)));
      if (matches) hits.push({ code: country.code, start: i, end: i + 1 });
    });
    const phrases = forms.filter((f) => phraseTokens(f).length > 1);
    for (const hit of findPhrases(tokens, phrases)) hits.push({ code: country.code, start: hit.start, end: hit.end });
  }
  return hits.sort((a, b) => a.start - b.start);
}

/**
 * The countries whose nationals the criterion's right to work is open to: those it names as places (or, naming none,
 * by their nationals); all free-movement ones
 * where it names one of them or the union; the UK and Ireland where it names either.
 */
/**
 * The countries the right to work is about. They are named as a place ("in the US", "au Royaume-Uni"); a nationality
 * word beside it is something else ("speak fluent Spanish", "for a German company"). Only a criterion that names no
 * place is read by its nationality words ("US citizenship required").
 */
function namedCountries(criterionTokens: readonly string[], language: LanguageCode): Set<CountryCode> {
  const countries = countriesOf(language);
  const places = hitsOf(criterionTokens, countries, 'names');
  return new Set((places.length > 0 ? places : hitsOf(criterionTokens, countries, 'nationals')).map((h) => h.code));
}

const FREE_MOVEMENT: readonly CountryCode[] = FREE_MOVEMENT_COUNTRIES;

/** The criterion asks for the right to work in the EU/EEA or Switzerland. */
function asksForFreeMovement(named: ReadonlySet<CountryCode>, criterionTokens: readonly string[], union: ReadonlySet<string>): boolean {
  return criterionTokens.some((t) => union.has(t)) || [...named].some((c) => FREE_MOVEMENT.includes(c));
}

/** A citizen of the union has the right to work the criterion asks for: in the EU/EEA or Switzerland, or in no country named. */
export function admitsUnionCitizens(criterionTokens: readonly string[], language: LanguageCode, union: ReadonlySet<string>): boolean {
  const named = namedCountries(criterionTokens, language);
  return named.size === 0 || asksForFreeMovement(named, criterionTokens, union);
}

function acceptedCountries(criterionTokens: readonly string[], language: LanguageCode, union: ReadonlySet<string>): Set<CountryCode> {
  const named = namedCountries(criterionTokens, language);
  const accepted = new Set(named);
  // Free movement from the countries the criterion names, before the Common Travel Area adds Ireland to a UK job:
  // an Irish citizen may work in the UK, a Polish one may not.
  if (asksForFreeMovement(named, criterionTokens, union)) {
    for (const code of FREE_MOVEMENT) accepted.add(code);
  }
  if ([...named].some((c) => COMMON_TRAVEL_AREA.includes(c))) for (const code of COMMON_TRAVEL_AREA) accepted.add(code);
  return accepted;
}

/** Where the tokens name a nationality of any country ("española", "Deutsche", "svensk"): positions for overlap checks. */
export function nationalityHits(tokens: readonly string[], language: LanguageCode): Array<{ start: number; end: number }> {
  return hitsOf(tokens, countriesOf(language), 'nationals').map(({ start, end }) => ({ start, end }));
}

/**
 * true: the answer shows a nationality, a birthplace or a country's own permit that gives the right to work the
 * criterion asks about; false: the only ones it shows are another country's ("I only have a US passport" for
 * Germany, "an OCI card" for the UK); null: this rule does not decide. `union`: the words naming the EU/EEA.
 */
export function readNationality(
  criterionTokens: readonly string[],
  clauses: readonly ClauseReading[],
  language: LanguageCode,
  union: ReadonlySet<string>,
): boolean | null {
  const accepted = acceptedCountries(criterionTokens, language, union);
  if (accepted.size === 0) return null;
  const countries = countriesOf(language);
  const selves = wordsOf(language, 'selfDescriptions', 'screening');
  const firstPerson = wordsOf(language, 'firstPerson', 'lexicon');
  const speakers = speakersOf(language);
  const citizenship = wordsOf(language, 'citizenship', 'screening');
  const holdings = wordsOf(language, 'holdings', 'screening');
  const allowed = new Set(
    [...selves, ...firstPerson, ...citizenship, ...wordsOf(language, 'yes', 'lexicon')].flatMap((w) => phraseTokens(w)),
  );
  // Said of oneself: only stop words, "I", "am", "have" and citizenship words before it, and the clause opens with
  // nothing ("Italian citizen") or with the candidate ("I'm", "ich bin", "je suis", "أنا", "मैं"), not "my wife is".
  const stops = stopWordsOf(language);
  const isOwn = (before: readonly string[]) =>
    before.every((t) => stops.has(t) || allowed.has(t)) && (before.length === 0 || findPhrases(before, speakers).length > 0);
  // The few words just before `at` are the candidate's ("but I have an"), and the candidate is named from `from` on:
  // just before for a citizenship that would meet the criterion, so "my wife has an Italian passport" is not the
  // candidate's; anywhere before for another country's, which may only take the right away.
  const isOwnBefore = (tokens: readonly string[], at: number, from: number) =>
    tokens.slice(Math.max(0, at - OWN_NEAR), at).every((t) => stops.has(t) || allowed.has(t)) &&
    findPhrases(tokens.slice(Math.max(0, from), at), speakers).length > 0;

  // A country's own permit held by the candidate ("I have an OCI card", "عندي الإقامة الذهبية", "I hold a UAE golden
  // visa"), in a clause that does not deny it; not another person's ("My wife has an OCI card", "زوجي عنده").
  const foreign: CountryCode[] = [];
  for (const c of clauses) {
    if (c.stance === 'negative') continue;
    const countryWords = [...hitsOf(c.tokens, countries, 'names'), ...hitsOf(c.tokens, countries, 'nationals')];
    const isHolder = (at: number) => isOwn(c.tokens.slice(0, at).filter((_, k) => !countryWords.some((h) => h.start <= k && k < h.end)));
    const permits = hitsOf(c.tokens, countries, 'permits').filter((h) => isHolder(h.start));
    if (permits.some((h) => accepted.has(h.code))) return true;
    foreign.push(...permits.map((h) => h.code));
  }

  // Born where birth makes a citizen: a region or name of the country right after "born in" in the same clause
  // ("born in Texas", "born and raised in Columbus, Ohio" across its comma), or just before a birth word that takes
  // no preposition ("in Texas geboren"); not a place further on ("born in Mexico and moved to Texas") nor in the
  // next sentence ("born in Brazil. Texas is where I live now").
  const birthright = [...accepted].filter((c) => BIRTHRIGHT_COUNTRIES.includes(c));
  if (birthright.length > 0) {
    const births = wordsOf(language, 'birthplaces', 'screening');
    const places = countries.filter((c) => birthright.includes(c.code));
    const placesIn = (tokens: readonly string[]) => [...hitsOf(tokens, places, 'regions'), ...hitsOf(tokens, places, 'names')];
    // The words between "born in" and the place are a city's ("Columbus"), none a stop word ("and", "to").
    const isCity = (gap: readonly string[]) => gap.length <= BIRTH_GAP && gap.every((t) => !stops.has(t));
    for (const [i, c] of clauses.entries()) {
      if (c.stance === 'negative') continue;
      const placeHits = placesIn(c.tokens);
      for (const hit of findPhrases(c.tokens, births)) {
        const last = c.tokens[hit.end - 1] ?? '';
        // "geboren in Texas", "born in the United States": one stop word may open the gap (a preposition, an article).
        const takesPreposition = !stops.has(last);
        const after = placeHits.find((p) => {
          if (p.start < hit.end) return false;
          const gap = c.tokens.slice(hit.end, p.start);
          return isCity(gap.length > 0 && stops.has(gap[0] as string) ? gap.slice(1) : gap);
        });
        const before = takesPreposition ? placeHits.find((p) => p.end <= hit.start && hit.start - p.end <= 1) : undefined;
        let first = after ? hit.start : before?.start;
        if (first === undefined) {
          // "Born and raised in Columbus, Ohio": the clause ends on a city and the next is the place alone.
          const next = clauses[i + 1];
          const rest = c.tokens.slice(hit.end);
          const place = next ? placesIn(next.tokens).find((p) => p.start === 0) : undefined;
          if (next && place && rest.length > 0 && isCity(rest) && next.tokens.length - place.end <= 1) first = hit.start;
        }
        if (first !== undefined && isOwn(c.tokens.slice(0, first))) return true;
      }
    }
  }

  // A nationality said of oneself, or beside a citizenship word. "but I don't have the passport", "not a citizen":
  // a citizenship denied anywhere in the answer leaves it to the other rules; so does another nationality said
  // against it ("I'm Italian but only have a US passport").
  const nationalities: CountryCode[] = [];
  // A negation about needing a permit ("je suis belge donc pas besoin de permis") does not deny the nationality.
  const aboutPermits = PERMIT_TALK.flatMap((k) => wordsOf(language, k, 'screening'));
  for (const c of clauses) {
    const nationals = hitsOf(c.tokens, countries, 'nationals');
    const citizenshipHits = findPhrases(c.tokens, citizenship);
    if (c.stance === 'negative' && findPhrases(c.tokens, aboutPermits).length === 0) {
      if (nationals.length > 0 || citizenshipHits.length > 0) return null;
      continue;
    }
    // The nationality is what one is, not what a thing of one's is: "I'm Portuguese and ...", "I'm French-Canadian",
    // not "I have a Polish driving licence", "I'm a German speaker".
    const opening = nationals.find((h) => h.start <= SELF_DESCRIPTION_REACH);
    const next = opening ? c.tokens[opening.end] : undefined;
    const endsThere = next === undefined || stops.has(next) || allowed.has(next) || nationals.some((h) => h.start === opening?.end);
    if (opening && endsThere) {
      const before = c.tokens.slice(0, opening.start);
      // Having X is not being X: "ich habe Este", "मेरे पास चेक है" (a cheque); with a passport it is read below.
      if (before.length > 0 && isOwn(before) && findPhrases(before, holdings).length === 0) nationalities.push(opening.code);
    }
    const named = [...nationals, ...hitsOf(c.tokens, countries, 'names')];
    for (const hit of citizenshipHits) {
      // Before or after it, or a phrase holding it ("US passport").
      const country = named.find(
        (h) =>
          (h.end <= hit.start && hit.start - h.end < COUNTRY_REACH) ||
          (h.start >= hit.end && h.start - hit.end < COUNTRY_REACH) ||
          (h.start < hit.end && hit.start < h.end),
      );
      if (!country) continue;
      const first = Math.min(hit.start, country.start);
      if (accepted.has(country.code)) {
        // "I'm Brazilian but I have an Italian passport": the candidate's own words just before it.
        if (isOwn(c.tokens.slice(0, first)) || isOwnBefore(c.tokens, first, first - OWN_NEAR - 1)) nationalities.push(country.code);
      }
      // "I'm half Italian but only have a US passport": another country's, said by the candidate just before it.
      else if (isOwn(c.tokens.slice(0, first)) || isOwnBefore(c.tokens, first, 0)) foreign.push(country.code);
    }
  }
  const own = nationalities.filter((n) => accepted.has(n));
  // Another country's passport or permit alone is not the right to work; another nationality alone ("I'm Indian"
  // for the UK) decides nothing here (null): a permit may be held and not named, and readWorkRights's own reading
  // of the answer, then its yes or no, decide (undecided where there is none).
  if (own.length === 0) return foreign.length > 0 ? false : null;
  const others = [...foreign, ...nationalities.filter((n) => !accepted.has(n))];
  const contrasted = clauses.some((c) => findPhrases(c.tokens, wordsOf(language, 'contrasts', 'screening')).length > 0);
  return contrasted && others.length > 0 ? null : true;
}
