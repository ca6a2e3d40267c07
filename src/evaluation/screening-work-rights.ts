// The right to work, read from what a candidate says they hold rather than
// from a yes (docs/evaluation.md, "Screening rules", rule 5): "I'm a German
// citizen", "I have a permanent residence permit", "Ausweis C" meet a
// criterion about the right to work; "I've applied for the permit" does not,
// whatever the criterion's wording, since the right is not there yet.

import type { LanguageCode } from '../interviews/enums.js';
import { splitClauses, STOP_WORDS, stemForms, tokenize } from '../languages/index.js';
import { findPhrases, type PhraseHit } from './phrase-match.js';
import { admitsUnionCitizens, nationalityHits, readNationality, withoutArticle } from './screening-nationality.js';
import { wordsOf, type ClauseReading } from './screening-requirement.js';

/** Tokens either side of a citizenship word where the country is named ("German citizen", "citoyen français"). */
const COUNTRY_REACH = 3;
/** Opening letters a nationality shares with its country ("german" / "germany", "dansk" / "danmark", "svensk" / "sverige"). */
const COUNTRY_PREFIX = 3;
/** Citizens of the EU/EEA may work across it: the union named in any of the languages (as normalised: no accents). */
const UNION = new Set([
  'eu',
  'eea',
  'ewr',
  'ue',
  'eøs',
  'ees',
  'union',
  'unionen',
  'european',
  'europeo',
  'europea',
  'europeen',
  'europeenne',
  'europaische',
  'europaischen',
  'europaischer',
  'europæisk',
  'europæiske',
  'europeisk',
  'europeiska',
  'الاوروبي',
  'اوروبي',
  'اوروبيه',
  'यूरोपीय',
]);
/** A need word this many tokens or fewer from a visa or permit ("I'd need a work visa", "वीज़ा की ज़रूरत"). */
const NEED_REACH = 3;
/** A permit valid this many days or more, or up to a year named, lasts ("valid until 2030", "expires in three years"). */
const DAYS_IN_YEAR = 365;
const YEAR_FROM = 1900;
const YEAR_TO = 2200;
/** Fewer hours a week than this are not full-time: a permit capped under it does not allow a full-time job. */
const FULL_TIME_HOURS = 35;
/** A self-description opens its clause ("I'm Canadian", "Soy española", "أنا إماراتي"): the nationality within these tokens. */
const SELF_DESCRIPTION_REACH = 3;

/** The class of a permit: a letter ("Ausweis G", "permis C") or a short code with a digit ("H-1B", "F-1"). */
const isPermitClass = (token: string) => /^\p{L}$/u.test(token) || /^\p{L}?\d\p{L}?$/u.test(token);

/**
 * true: the answer shows the right to work the criterion asks about; false: it
 * is still pending; null: this rule does not decide (another criterion, or
 * nothing held named).
 */
export function readWorkRights(criterion: string, clauses: readonly ClauseReading[], language: LanguageCode): boolean | null {
  const criterionTokens = tokenize(criterion);
  if (findPhrases(criterionTokens, wordsOf(language, 'workAuthorisation', 'screening')).length === 0) return null;
  // "Let's talk about my right to work at the offer stage": a deferral decides nothing here either.
  if (clauses.some((c) => c.isDeferral)) return null;
  if (clauses.some((c) => c.isPending)) return false;
  // "I'd need H-1B sponsorship", "you would have to sponsor me": asking for sponsorship, not denying it, is not holding the right.
  const sponsorship = wordsOf(language, 'sponsorship', 'screening');
  const denials = [...wordsOf(language, 'negators', 'lexicon'), ...wordsOf(language, 'absenceOpeners', 'lexicon')];
  const asksSponsorship = (c: ClauseReading) =>
    c.stance !== 'negative' &&
    findPhrases(c.tokens, sponsorship).some(
      (hit) => findPhrases(c.tokens.slice(Math.max(0, hit.start - 3), hit.start), denials).length === 0,
    );
  if (clauses.some(asksSponsorship)) return false;
  // "I'd need a work visa", "Necesitaría un visado", "मुझे वीज़ा की ज़रूरत होगी": needing the permit is not holding it;
  // nor is one someone still has to apply for ("ni skulle behöva söka ett nytt tillstånd åt mig", "que la empresa me
  // tramitara el permiso"), nor one tied to another employer ("knutet till min nuvarande arbetsgivare").
  const needs = wordsOf(language, 'needs', 'screening');
  const applications = wordsOf(language, 'applications', 'screening');
  const tied = wordsOf(language, 'tiedPermits', 'screening');
  const permitWords = [...wordsOf(language, 'workAuthorisation', 'screening'), ...wordsOf(language, 'workPermits', 'screening')];
  const isNear = (a: PhraseHit, b: PhraseHit, reach: number) =>
    (a.end <= b.start && b.start - a.end <= reach) || (b.end <= a.start && a.start - b.end <= reach);
  const besidePermit = (c: ClauseReading, phrases: readonly string[], among = permitWords, reach = NEED_REACH) =>
    findPhrases(c.tokens, phrases).filter((hit) => findPhrases(c.tokens, among).some((permit) => isNear(hit, permit, reach)));
  // A tie to an employer is said anywhere in the permit's clause ("ist an meinen jetzigen Arbeitgeber gebunden").
  // A permit running out ("Min opholdstilladelse udløber om to måneder") is not held for the job, unless the clause names
  // a year or a span of a year or more ("valid until 2030").
  const expiring = wordsOf(language, 'expiring', 'screening');
  const isLasting = (c: ClauseReading) =>
    c.amounts.some((a) => (a.dimension === 'duration' ? a.value >= DAYS_IN_YEAR : a.value >= YEAR_FROM && a.value <= YEAR_TO));
  const needsPermit = (c: ClauseReading) =>
    c.stance !== 'negative' &&
    (besidePermit(c, needs).length > 0 ||
      besidePermit(c, applications).length > 0 ||
      besidePermit(c, tied, permitWords, c.tokens.length).length > 0 ||
      (besidePermit(c, expiring, permitWords, c.tokens.length).length > 0 && !isLasting(c)));
  if (clauses.some(needsPermit)) return false;
  // "Jeg har arbejdstilladelse. Den er så knyttet til mit nuværende job": a tie said of the permit named just before.
  const isTiedAfter = (c: ClauseReading, i: number) =>
    i > 0 &&
    c.stance !== 'negative' &&
    findPhrases(c.tokens, tied).length > 0 &&
    findPhrases((clauses[i - 1] as ClauseReading).tokens, permitWords).length > 0;
  if (clauses.some(isTiedAfter)) return false;
  // "a student permit that lets me work up to 20 hours a week" against a full-time job: the right held is capped under it.
  const isFullTime = findPhrases(criterionTokens, wordsOf(language, 'fullTime', 'screening')).length > 0;
  const isCapped = (c: ClauseReading) =>
    findPhrases(c.tokens, permitWords).length > 0 &&
    c.amounts.some((a) => a.dimension === 'hours' && a.value > 0 && a.value < FULL_TIME_HOURS);
  if (isFullTime && clauses.some(isCapped)) return false;
  // "estoy con la estancia por estudios", "eine Aufenthaltserlaubnis zum Studium": a student permit caps the hours, so it
  // is not the right to a full-time job, unless the answer also names another permit, a citizenship or a nationality
  // it holds ("Vine con visado de estudiante, pero soy española").
  const students = wordsOf(language, 'studentPermits', 'screening');
  const studentHits = clauses.map((c) => (c.stance === 'negative' ? [] : findPhrases(c.tokens, students)));
  if (isFullTime && studentHits.some((hits) => hits.length > 0)) {
    const holdsOther = clauses.some((c, i) =>
      [
        ...findPhrases(c.tokens, [...wordsOf(language, 'workPermits', 'screening'), ...wordsOf(language, 'citizenship', 'screening')]),
        ...(c.stance === 'negative' ? [] : nationalityHits(c.tokens, language)),
      ].some((p) => !(studentHits[i] ?? []).some((s) => p.start < s.end && s.start < p.end)),
    );
    if (!holdsOther) return false;
  }
  // "als EU-Bürgerin brauche ich keine gesonderte Arbeitserlaubnis", "je n'ai besoin d'aucun titre de séjour": a need
  // denied beside a permit or sponsorship is the right held, whatever else the clause negates.
  const negators = wordsOf(language, 'negators', 'lexicon');
  const deniesNeed = (c: ClauseReading) =>
    besidePermit(c, needs, [...permitWords, ...sponsorship]).some(
      (need) => findPhrases(c.tokens.slice(Math.max(0, need.start - 2), need.end + 2), negators).length > 0,
    );
  if (clauses.some(deniesNeed)) return true;
  const permits = wordsOf(language, 'workPermits', 'screening');
  // "Grenzgängerbewilligungen (G) werden nicht berücksichtigt", "H-1B visas are not accepted": a permit whose class (a
  // letter or a code such as "1b") stands in a negated clause of the criterion is excluded, however firmly it is held.
  const excluded = splitClauses(criterion)
    .map((text) => tokenize(text))
    .filter((tokens) => findPhrases(tokens, negators).length > 0)
    .flatMap((tokens) => tokens.filter(isPermitClass));
  const holdsExcluded = clauses.some((c) =>
    findPhrases(c.tokens, permits).some((hit) => c.tokens.slice(hit.start, hit.end).some((t) => isPermitClass(t) && excluded.includes(t))),
  );
  if (holdsExcluded) return false;
  // "I don't need sponsorship" carries its own negation; any other permit counts where the clause does not deny it.
  const holdsPermit = clauses.some((c) =>
    findPhrases(c.tokens, permits).some(
      (hit) => c.stance !== 'negative' || findPhrases(c.tokens.slice(hit.start, hit.end), negators).length > 0,
    ),
  );
  if (holdsPermit) return true;
  // "Je suis belge" for France, "born and raised in Columbus, Ohio" for the US, "OCI card" for India; only a US
  // passport for Germany is not the right to work there.
  const nationality = readNationality(criterionTokens, clauses, language, UNION);
  if (nationality !== null) return nationality;
  const citizenship = wordsOf(language, 'citizenship', 'screening');
  const places = criterionTokens.filter((t) => t.length > COUNTRY_PREFIX && !STOP_WORDS.has(t)).map(withoutArticle);
  const isOfPlace = (token: string, among: readonly string[] = places) => {
    const t = withoutArticle(token);
    return t.length > COUNTRY_PREFIX && among.some((p) => p.slice(0, COUNTRY_PREFIX) === t.slice(0, COUNTRY_PREFIX));
  };
  // For a nationality said alone, only the criterion's words that could name the country: not its own words
  // ("I'm working on it" against "work"), nor the words of the permits it names.
  const criterionStems = new Set(criterionTokens.flatMap((t) => stemForms(t, language)));
  const permitTokens = new Set(permitWords.flatMap((w) => tokenize(w)));
  const countries = places.filter((p) => !permitTokens.has(p));
  const unionCounts = admitsUnionCitizens(criterionTokens, language, UNION);
  for (const c of clauses) {
    const isNegative = c.stance === 'negative';
    // A nationality said of oneself ("I'm Canadian", "Jeg er dansk", "मैं भारतीय हूँ"): the criterion's country in
    // another form than its name (the name itself is where one is, "I'm in Canada", not what one is).
    const opening = c.tokens
      .slice(0, SELF_DESCRIPTION_REACH)
      .filter((t) => !STOP_WORDS.has(t) && !stemForms(t, language).some((f) => criterionStems.has(f)));
    if (!isNegative && opening.some((t) => isOfPlace(t, countries)) && c.tokens.length <= 2 * SELF_DESCRIPTION_REACH) return true;
    for (const hit of findPhrases(c.tokens, citizenship)) {
      const before = c.tokens.slice(Math.max(0, hit.start - COUNTRY_REACH), hit.start);
      const near = [...before, ...c.tokens.slice(hit.end, hit.end + COUNTRY_REACH)].filter((t) => !STOP_WORDS.has(t) && t.length > 1);
      // "Als EU-Bürgerin brauche ich ja keine separate Genehmigung": a citizen of the union is one whatever else the
      // clause negates, unless the negation is of the citizenship itself ("I'm not an EU citizen"); it is the right to
      // work only where the criterion's country is in the union's free movement (not the UK's, the US's).
      if (near.some((t) => UNION.has(t)) && findPhrases(before, negators).length === 0) {
        if (unionCounts) return true;
        continue;
      }
      if (isNegative) continue;
      if (near.length === 0 || near.some((t) => isOfPlace(t))) return true;
    }
  }
  return null;
}
