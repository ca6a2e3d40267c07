// The right to work, read from what a candidate says they hold rather than
// from a yes (docs/evaluation.md, "Screening rules", rule 5): "I'm a German
// citizen", "I have a permanent residence permit", "Ausweis C" meet a
// criterion about the right to work; "I've applied for the permit" does not,
// whatever the criterion's wording, since the right is not there yet.

import type { LanguageCode } from '../interviews/enums.js';
import { STOP_WORDS, tokenize } from '../languages/index.js';
import { findPhrases } from './phrase-match.js';
import { wordsOf, type ClauseReading } from './screening-requirement.js';

/** Tokens either side of a citizenship word where the country is named ("German citizen", "citoyen français"). */
const COUNTRY_REACH = 3;
/** Opening letters a nationality shares with its country ("german" / "germany", "dansk" / "danmark", "svensk" / "sverige"). */
const COUNTRY_PREFIX = 3;
/** Citizens of the EU/EEA may work across it: the union named in any of the languages. */
const UNION = new Set(['eu', 'eea', 'ewr', 'ue', 'eøs', 'ees', 'ees', 'الاوروبي']);

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
  const negators = wordsOf(language, 'negators', 'lexicon');
  const permits = wordsOf(language, 'workPermits', 'screening');
  // "I don't need sponsorship" carries its own negation; any other permit counts where the clause does not deny it.
  const holdsPermit = clauses.some((c) =>
    findPhrases(c.tokens, permits).some(
      (hit) => c.stance !== 'negative' || findPhrases(c.tokens.slice(hit.start, hit.end), negators).length > 0,
    ),
  );
  if (holdsPermit) return true;
  const citizenship = wordsOf(language, 'citizenship', 'screening');
  const places = criterionTokens.filter((t) => t.length > COUNTRY_PREFIX && !STOP_WORDS.has(t));
  for (const c of clauses) {
    if (c.stance === 'negative') continue;
    for (const hit of findPhrases(c.tokens, citizenship)) {
      const near = [
        ...c.tokens.slice(Math.max(0, hit.start - COUNTRY_REACH), hit.start),
        ...c.tokens.slice(hit.end, hit.end + COUNTRY_REACH),
      ].filter((t) => !STOP_WORDS.has(t) && t.length > 1);
      if (near.length === 0 || near.some((t) => UNION.has(t))) return true;
      if (near.some((t) => t.length > COUNTRY_PREFIX && places.some((p) => p.slice(0, COUNTRY_PREFIX) === t.slice(0, COUNTRY_PREFIX))))
        return true;
    }
  }
  return null;
}
