// Phrase lookup over token arrays: lexicon phrases are tokenised once with the
// same tokenizer as the answers and matched as contiguous token runs.

import { tokenize } from '../languages/index.js';

const compiled = new Map<string, string[]>();

export function phraseTokens(phrase: string): string[] {
  let tokens = compiled.get(phrase);
  if (!tokens) {
    tokens = tokenize(phrase);
    compiled.set(phrase, tokens);
  }
  return tokens;
}

export interface PhraseHit {
  phrase: string;
  start: number;
  end: number;
}

type Ordered = Array<{ phrase: string; tokens: string[] }>;
// Lists are mostly long-lived (language records, per-language unions): compile each once.
const orderedLists = new WeakMap<readonly string[], Ordered>();

function orderedOf(phrases: readonly string[]): Ordered {
  let ordered = orderedLists.get(phrases);
  if (!ordered) {
    ordered = [...new Set(phrases)].map((p) => ({ phrase: p, tokens: phraseTokens(p) })).filter((p) => p.tokens.length > 0);
    ordered.sort((a, b) => b.tokens.length - a.tokens.length);
    orderedLists.set(phrases, ordered);
  }
  return ordered;
}

/** From this many phrases on, the text's words are indexed first: cue lists run to hundreds of phrases. */
const INDEX_FROM = 8;

/** Every non-overlapping occurrence, longest phrases first so "i don't know" wins over "don't". */
export function findPhrases(tokens: readonly string[], phrases: readonly string[]): PhraseHit[] {
  if (tokens.length === 0) return [];
  const ordered = orderedOf(phrases);
  const taken = new Array<boolean>(tokens.length).fill(false);
  const hits: PhraseHit[] = [];
  // Only the positions of a phrase's first word can start it; ascending, as a full scan would try them.
  const starts = ordered.length >= INDEX_FROM ? positionsOf(tokens) : null;
  for (const { phrase, tokens: needle } of ordered) {
    const tried = starts ? (starts.get(needle[0] as string) ?? []) : allPositions(tokens.length);
    for (const start of tried) {
      if (start + needle.length > tokens.length) break;
      let matches = true;
      for (let k = 0; k < needle.length; k++) {
        if (taken[start + k] || tokens[start + k] !== needle[k]) {
          matches = false;
          break;
        }
      }
      if (!matches) continue;
      for (let k = 0; k < needle.length; k++) taken[start + k] = true;
      hits.push({ phrase, start, end: start + needle.length });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

function positionsOf(tokens: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, i) => {
    const list = positions.get(token);
    if (list) list.push(i);
    else positions.set(token, [i]);
  });
  return positions;
}

function* allPositions(length: number): Generator<number> {
  for (let i = 0; i < length; i++) yield i;
}

/** Tokens with every hit replaced by `marker`, so later lookups cannot see inside them. */
export function maskPhrases(tokens: readonly string[], hits: readonly PhraseHit[], marker: string): string[] {
  const out = [...tokens];
  for (const hit of hits) for (let i = hit.start; i < hit.end; i++) out[i] = marker;
  return out;
}

export function hasPhrase(tokens: readonly string[], phrases: readonly string[]): boolean {
  return findPhrases(tokens, phrases).length > 0;
}
