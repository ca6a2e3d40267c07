// Small text helpers for the evaluators' prose and figures. Words themselves
// (normalising, tokenising, stemming) come from languages/text.ts, the one
// normaliser the conversation shares.

/** Count of each value, most frequent first (ties by first appearance). */
export function countValues(values: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/** A short quote of the candidate's words: at most `maxWords` words, with an ellipsis when cut. */
export function shortQuote(text: string, maxWords = 14): string {
  const words = text.trim().replace(/\s+/g, ' ').split(' ');
  const cut = words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : words.join(' ');
  return cut.replace(/[.,;:!?،]+…$/, '…');
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
