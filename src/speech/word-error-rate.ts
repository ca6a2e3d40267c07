// Word error rate: (substitutions + deletions + insertions) / reference words,
// after lower-casing and dropping punctuation. The recogniser tests and the
// STT benchmark report it; nothing at run time grades speech with it.

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Word-level edit distance over the reference length (1 when the reference is empty and the hypothesis is not). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  return wordErrors(reference, hypothesis) / Math.max(1, words(reference).length);
}

/** Word-level Levenshtein distance between the two texts. */
export function wordErrors(reference: string, hypothesis: string): number {
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[hyp.length]!;
}
