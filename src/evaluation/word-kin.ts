// Words that are one word to a reader though no stemmer joins them: the same
// technical word in another Latin-script language ("replication",
// "Replikation", "réplication", "replicación", "replikering"), a derivation
// the stemmer cuts differently ("replica" / "replicate"), and a criterion word
// inside a Germanic compound ("Index" in "Datenbankindex", "cache" in
// "cachelagret"). Candidates paraphrase with these every day; the criteria's
// exact forms are what the stemmer alone would ask for (docs/evaluation.md,
// "Evidence rule").

import { STOP_WORDS, tokenize } from '../languages/index.js';

/** Shared opening letters that make two skeletons one word ("replik-", "konsist-"). */
const KIN_PREFIX = 6;
/** A word this long or longer is found inside a compound. */
const COMPOUND_PART = 5;
/** An answer word this long or longer is the head of a criterion's compound ("nyckel" of "sessionsnyckel"). */
const COMPOUND_HEAD = 5;

/**
 * The spelling skeleton of a Latin-script word: c/k, ph/f, th/t, qu/k, y/i and
 * doubled letters unified, so cognates across the Latin-script languages meet.
 * Other scripts are left to their stemmers.
 */
export function skeleton(word: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  return word
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/qu/g, 'k')
    .replace(/[cq]/g, 'k')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Skeletons of the text's content words long enough to be matched as kin. */
export function kinWords(text: string): string[] {
  const out = new Set<string>();
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token) || token.length < COMPOUND_PART) continue;
    const s = skeleton(token);
    if (s && s.length >= COMPOUND_PART) out.add(s);
  }
  return [...out];
}

/** The answer word that is kin to the criterion word, if any. */
export function findKin(criterionWord: string, answerWords: readonly string[]): string | undefined {
  const c = skeleton(criterionWord);
  if (!c || c.length < COMPOUND_PART) return undefined;
  return answerWords.find((a) => {
    let shared = 0;
    while (shared < a.length && shared < c.length && a[shared] === c[shared]) shared++;
    const shorter = Math.min(a.length, c.length);
    // The whole shorter word opens the longer ("cache" / "caches"), or both open alike long enough.
    if (shared >= KIN_PREFIX || (shared === shorter && shorter >= COMPOUND_PART)) return true;
    // A compound's last part carries its meaning: "datenbankindex" is an index, "indexstruktur" a structure; and
    // the other way round, "nyckel" names the thing a criterion's "sessionsnyckel" is (a key), if not which one.
    return (a.length > c.length && a.endsWith(c)) || (c.length > a.length && a.length >= COMPOUND_HEAD && c.endsWith(a));
  });
}
