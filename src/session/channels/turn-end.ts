// Adaptive end of turn: how much silence ends the candidate's turn, from the
// words recognised so far. A person who stops after "and", "um" or "the" is
// thinking, not done; one who stops after a whole clause is usually done.
// So the turn ends after a short silence when the words so far read as
// complete, after a long one when they trail off with one of the language's
// `lexicon.continuers`. While the server's recogniser is still working out the
// words (a loaded machine), the turn waits for them, up to the long silence:
// ending it sooner would not answer sooner, as the reply needs the words, but
// could cut off a candidate who paused after "and". With no words and none on
// their way (the page's recogniser has sent nothing), the usual hang-over.
// A server recogniser's partial result can lag behind the audio on a loaded
// machine ("I moved the service" while the candidate has said "... and"), so
// a partial may make the turn wait longer, never end it sooner: while the
// recogniser's result is on its way, only a partial that trails off counts.
// The long silence is also the cap: nothing makes the turn wait longer.

import type { Language } from '../../languages/language.js';
import { tokenize } from '../../languages/text.js';

export interface TurnSilences {
  /** The words so far read as complete (SESSION_VAD_SILENCE_SHORT_MS). */
  shortMs: number;
  /** Nothing recognised and nothing being recognised (SESSION_VAD_SILENCE_MS). */
  unknownMs: number;
  /** The words trail off; the cap (SESSION_VAD_SILENCE_LONG_MS). */
  longMs: number;
}

/** Continuers as token sequences, per language record (normalised as the candidate's words are). */
const continuerTokens = new WeakMap<Language, string[][]>();

function continuersOf(language: Language): string[][] {
  let tokens = continuerTokens.get(language);
  if (!tokens) {
    tokens = language.lexicon.continuers.map((phrase) => tokenize(phrase)).filter((t) => t.length > 0);
    continuerTokens.set(language, tokens);
  }
  return tokens;
}

/** Whether the text ends with one of the language's continuers ("... and", "... parce que", "... um"). */
export function isTrailingOff(text: string, language: Language): boolean {
  const words = tokenize(text);
  if (words.length === 0) return false;
  return continuersOf(language).some(
    (phrase) => phrase.length <= words.length && phrase.every((word, i) => words[words.length - phrase.length + i] === word),
  );
}

/** What is known of the words when the candidate falls silent. */
export interface HeardWords {
  /** The words so far (null: nothing recognised yet). */
  text: string | null;
  /** The recogniser's result for the utterance so far is on its way; `text` is then a partial result, if any. */
  isRecognising: boolean;
}

/** The silence that ends a turn, from what is known of the words so far. */
export function turnSilenceMs(heard: HeardWords, language: Language, silences: TurnSilences): number {
  const text = heard.text?.trim() ? heard.text : null;
  if (text !== null && isTrailingOff(text, language)) return silences.longMs;
  if (heard.isRecognising) return silences.longMs;
  return Math.min(text === null ? silences.unknownMs : silences.shortMs, silences.longMs);
}

/** The VAD's own hang-over: the shortest silence that can end a turn (the listener waits longer when the words say so). */
export function detectorSilenceMs(settings: { vadAdaptive: boolean; vadSilenceMs: number; vadSilenceShortMs: number }): number {
  return settings.vadAdaptive ? settings.vadSilenceShortMs : settings.vadSilenceMs;
}

/** The silences of an adaptive end of turn, or null for the fixed hang-over (SESSION_VAD_ADAPTIVE=false). */
export function turnSilences(settings: {
  vadAdaptive: boolean;
  vadSilenceMs: number;
  vadSilenceShortMs: number;
  vadSilenceLongMs: number;
}): TurnSilences | null {
  if (!settings.vadAdaptive) return null;
  return { shortMs: settings.vadSilenceShortMs, unknownMs: settings.vadSilenceMs, longMs: settings.vadSilenceLongMs };
}
